import { useEffect, useMemo, useState } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Heart, SearchX, Sparkles, X } from 'lucide-react';
import { Link } from 'react-router';
import { LIKE_LIMIT_MESSAGE } from '@contracts/discovery-constants';
import type { TProfileCard } from '@contracts/discovery';
import { BoostButton, UpgradeCard } from '@/features/plans';
import { cn } from '@/lib/utils';
import { PROFILE_DEFAULTS } from '@contracts/profile-constants';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/lib/paths';
// The parts every profile card is built from, read as parts.CardPhoto, parts.CardHeading and so on.
import * as parts from './card-parts';
import { discoverQueryOptions, likesStatusQueryOptions, passProfile } from './discovery-api';
import { useLike } from './use-like';
import { TrustBadges, TrustScore } from '@/features/trust';

const DECK_FILTERS = {};
// The photo takes what the screen has left once the dashboard's header, tabs and the card's
// buttons are placed (and, on phones, the bottom navigation): Pass and Like are never below the
// fold at 1280×800 or 390×844, with the trial banner showing.
const DECK_PHOTO = 'h-[clamp(12rem,calc(100svh-28.5rem),32rem)] w-full md:h-[clamp(16rem,calc(100svh-24rem),30rem)]';

export const likesLeftLabel = (left: number) => `${left} ${left === 1 ? 'like' : 'likes'} left today`;

/** What a member needs to decide: name and age, place, trust and the first three interests. */
function Essentials({ card }: { card: TProfileCard }) {
  return (
    <>
      <parts.CardHeading card={card} level="h2" />
      <TrustScore score={card.trustScore} />
      <parts.InterestChips interests={card.interests} />
    </>
  );
}

/** One profile at a time, with pass and like. The card advances after either. */
export function DiscoverDeck() {
  const deck = useInfiniteQuery(discoverQueryOptions(DECK_FILTERS));
  const status = useQuery(likesStatusQueryOptions);
  const [done, setDone] = useState<Set<string>>(new Set());
  const { like, liking: busy } = useLike();

  const queue = useMemo(
    () => (deck.data?.pages ?? []).flatMap((page) => page.profiles).filter((card) => !done.has(card.userId)),
    [deck.data, done],
  );
  const card = queue[0];
  // Keep a few cards ready: fetch the next page before the deck runs dry.
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = deck;
  useEffect(() => {
    if (queue.length < 3 && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [queue.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  const advance = (userId: string) => setDone((previous) => new Set(previous).add(userId));

  const onPass = async (target: TProfileCard) => {
    advance(target.userId);
    await passProfile(target.userId).catch(() => {}); // a lost pass only means the card may come back
  };

  const onLike = async (target: TProfileCard, superLike = false) => {
    if (await like(target, superLike)) advance(target.userId);
  };

  const likesLeft = status.data?.likesLeft;
  const premium = status.data?.tier === 'premium';
  return (
    <div className="mx-auto grid max-w-md gap-3 md:max-w-3xl">
      <div className="flex flex-wrap items-center justify-center gap-3">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {premium
            ? 'Unlimited likes'
            : likesLeft !== undefined && likesLeft !== null
              ? likesLeftLabel(likesLeft)
              : '\u00a0'}
        </p>
        <BoostButton />
      </div>
      {likesLeft === 0 && (
        <UpgradeCard title="You have used today's 10 free likes">
          {LIKE_LIMIT_MESSAGE} Premium also adds super likes, advanced filters and a look at who liked you.
        </UpgradeCard>
      )}
      {deck.isPending ? (
        <Card className="flex aspect-[3/4] items-center justify-center">
          <Spinner label="Finding people for you" />
        </Card>
      ) : deck.isError ? (
        <Card className="p-8 text-center">
          <p className="mb-4">We could not load profiles right now.</p>
          <Button onClick={() => void deck.refetch()}>Try again</Button>
        </Card>
      ) : !card ? (
        <Card className="flex flex-col items-center gap-3 p-10 text-center">
          <SearchX className="size-10 text-muted-foreground" aria-hidden />
          <h2 className="text-xl font-semibold">No more profiles</h2>
          <p className="text-sm text-muted-foreground">
            You have seen everyone for now. Check back later, or widen your search.
          </p>
          <Button variant="outline" asChild>
            <Link to={paths.discover}>Browse with filters</Link>
          </Button>
        </Card>
      ) : (
        <parts.ProfileCard card={card} className="overflow-hidden md:grid md:grid-cols-2">
          <div className="relative">
            {/* Sized to the screen, so Pass and Like stay in view without scrolling. */}
            <parts.CardPhoto card={card} className={DECK_PHOTO} />
            <parts.PhotoOverlays card={card} />
            {/* On phones the essentials sit on the photo's dark foot. */}
            <div className="dark absolute inset-x-0 bottom-0 grid gap-2 bg-gradient-to-t from-black/90 via-black/75 to-transparent p-4 pt-16 text-white md:hidden [&_.text-muted-foreground]:text-white/90">
              <Essentials card={card} />
            </div>
          </div>
          <div className="flex flex-col gap-3 p-4 md:p-5">
            <div className="hidden gap-3 md:grid">
              <Essentials card={card} />
            </div>
            <div className={cn('grid gap-3 md:order-last md:mt-auto', premium ? 'grid-cols-3' : 'grid-cols-2')}>
              <Button
                variant="outline"
                size="lg"
                onClick={() => void onPass(card)}
                disabled={busy}
                aria-label={`Pass on ${parts.displayName(card)}`}
              >
                <X aria-hidden /> Pass
              </Button>
              {premium && (
                <Button
                  variant="secondary"
                  size="lg"
                  onClick={() => void onLike(card, true)}
                  disabled={busy}
                  aria-label={`Super like ${parts.displayName(card)}`}
                >
                  <Sparkles aria-hidden className="text-amber-500" /> Super
                </Button>
              )}
              <Button
                size="lg"
                onClick={() => void onLike(card)}
                disabled={busy || likesLeft === 0}
                aria-label={`Like ${parts.displayName(card)}`}
              >
                <Heart aria-hidden /> Like
              </Button>
            </div>
            <parts.RatingDisplay card={card} />
            <TrustBadges badges={card.badges} />
            <p className="line-clamp-3 text-sm">{card.bio ?? PROFILE_DEFAULTS.bio}</p>
          </div>
        </parts.ProfileCard>
      )}
    </div>
  );
}
