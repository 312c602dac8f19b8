import { useState } from 'react';
import { Tabs } from 'radix-ui';
import { TabList } from '@/components/ui/tab-list';
import { ChevronLeft, ChevronRight, Heart } from 'lucide-react';
import type { TProfileCard } from '@contracts/discovery';
import { PROFILE_DEFAULTS } from '@contracts/profile-constants';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/utils';
// The parts every profile card is built from, read as parts.CardPhoto, parts.CardHeading and so on.
import * as parts from './card-parts';
import { TrustBadges, TrustScore } from '@/features/trust';

const DETAIL_TABS = [
  ['about', 'About'],
  ['interests', 'Interests'],
] as const;

/** A photo carousel with arrows and dots; the initials avatar when there are no photos. */
function Carousel({ card }: { card: TProfileCard }) {
  const [index, setIndex] = useState(0);
  const count = card.photos.length;
  if (count <= 1) return <parts.CardPhoto card={card} className="aspect-[4/5] w-full" />;
  const photo = card.photos[index]!;
  const go = (step: number) => setIndex((index + step + count) % count);
  return (
    <div className="relative" aria-roledescription="carousel" aria-label={`${parts.displayName(card)}'s photos`}>
      <img
        src={photo.url}
        alt={`${parts.displayName(card)}, photo ${index + 1} of ${count}`}
        className="aspect-[4/5] w-full object-cover"
      />
      <button
        type="button"
        onClick={() => go(-1)}
        aria-label="Previous photo"
        className="absolute left-2 top-1/2 flex size-8 -translate-y-1/2 items-center justify-center rounded-full bg-black/40 text-white hover:bg-black/60"
      >
        <ChevronLeft className="size-5" aria-hidden />
      </button>
      <button
        type="button"
        onClick={() => go(1)}
        aria-label="Next photo"
        className="absolute right-2 top-1/2 flex size-8 -translate-y-1/2 items-center justify-center rounded-full bg-black/40 text-white hover:bg-black/60"
      >
        <ChevronRight className="size-5" aria-hidden />
      </button>
      <div className="absolute inset-x-0 bottom-2 flex justify-center gap-1.5">
        {card.photos.map((p, i) => (
          <button
            key={p.id}
            type="button"
            onClick={() => setIndex(i)}
            aria-label={`Show photo ${i + 1}`}
            aria-current={i === index}
            className={cn('size-2 rounded-full', i === index ? 'bg-white' : 'bg-white/60')}
          />
        ))}
      </div>
    </div>
  );
}

export function ProfileGridCard({
  card,
  onLike,
  liking,
  likeLabel = 'Like',
}: {
  card: TProfileCard;
  onLike: (card: TProfileCard) => void;
  liking: boolean;
  likeLabel?: string;
}) {
  return (
    <parts.ProfileCard card={card} className="flex flex-col overflow-hidden">
      <div className="relative">
        <Carousel card={card} />
        <parts.PhotoOverlays card={card} />
      </div>
      <div className="grid flex-1 content-start gap-3 p-4">
        <parts.CardHeading card={card} />
        <Tabs.Root defaultValue="about">
          <TabList
            label="Profile details"
            className="flex"
            tabClassName="flex-1 px-2 py-1.5 text-xs"
            tabs={DETAIL_TABS}
          />
          <Tabs.Content value="about" className="grid gap-2 pt-3">
            <p className="line-clamp-3 text-sm">{card.bio ?? PROFILE_DEFAULTS.bio}</p>
            <div className="flex flex-wrap items-center gap-2">
              <TrustScore score={card.trustScore} />
              <parts.RatingDisplay card={card} />
            </div>
            <TrustBadges badges={card.badges} />
          </Tabs.Content>
          <Tabs.Content value="interests" className="pt-3">
            {card.interests.length ? (
              <parts.InterestChips interests={card.interests} max={20} />
            ) : (
              <p className="text-sm text-muted-foreground">No interests listed yet.</p>
            )}
          </Tabs.Content>
        </Tabs.Root>
      </div>
      <div className="p-4 pt-0">
        <Button
          className="w-full"
          onClick={() => onLike(card)}
          disabled={liking}
          aria-label={`Like ${parts.displayName(card)}`}
        >
          <Heart aria-hidden /> {likeLabel}
        </Button>
      </div>
    </parts.ProfileCard>
  );
}

export function ProfileCardSkeleton() {
  return (
    <Card className="overflow-hidden" aria-hidden>
      <div className="aspect-[4/5] animate-pulse bg-muted" />
      <div className="grid gap-3 p-4">
        <div className="h-5 w-2/3 animate-pulse rounded bg-muted" />
        <div className="h-4 w-1/2 animate-pulse rounded bg-muted" />
        <div className="h-16 animate-pulse rounded bg-muted" />
      </div>
    </Card>
  );
}
