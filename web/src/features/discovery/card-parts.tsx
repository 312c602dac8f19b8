import type { ReactNode } from 'react';
import { BadgeCheck, Heart, MapPin, Sparkles, Star } from 'lucide-react';
import type { TProfileCard } from '@contracts/discovery';
import { PROFILE_DEFAULTS } from '@contracts/profile-constants';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { SafetyMenu } from '@/features/safety';
import { ratedDates } from '@/features/trust';

export const displayName = (card: { name: string }) => card.name.trim() || PROFILE_DEFAULTS.name;
export const displayAge = (card: { age: number | null }) => card.age ?? PROFILE_DEFAULTS.age;

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return (
    (parts.length
      ? parts
          .slice(0, 2)
          .map((p) => p[0]!.toUpperCase())
          .join('')
      : 'A') || 'A'
  );
}

/** The main photo, or a warm initials avatar when there is none. */
export function CardPhoto({
  card,
  className,
  size = 'large',
}: {
  card: TProfileCard;
  className?: string;
  size?: 'large' | 'thumb';
}) {
  const photo = card.photos[0];
  if (!photo) {
    return (
      <div
        className={cn(
          'flex items-center justify-center bg-gradient-to-br from-rose-300 to-orange-200 text-4xl font-bold text-white dark:from-rose-900 dark:to-orange-900',
          className,
        )}
        role="img"
        aria-label={`${displayName(card)} has no photos yet`}
      >
        {initials(displayName(card))}
      </div>
    );
  }
  return (
    <img
      src={size === 'thumb' ? photo.thumbUrl : photo.url}
      alt={`${displayName(card)}'s main photo`}
      className={cn('object-cover', className)}
    />
  );
}

export function InterestChips({ interests, max = 3 }: { interests: string[]; max?: number }) {
  if (!interests.length) return null;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Interests">
      {interests.slice(0, max).map((interest) => (
        <li
          key={interest}
          className="rounded-full bg-secondary px-2.5 py-0.5 text-xs font-medium text-secondary-foreground"
        >
          {interest}
        </li>
      ))}
    </ul>
  );
}

export function CompatibilityBadge({ card }: { card: TProfileCard }) {
  return (
    // Opaque, so its contrast (6:1 and more) does not depend on the photo beneath it.
    <span
      className="inline-flex items-center gap-1 rounded-full bg-white px-2.5 py-1 text-xs font-semibold text-rose-700 shadow-sm dark:bg-zinc-900 dark:text-rose-300"
      title={`Compatibility: ${card.compatibility.band}`}
    >
      <Heart className="size-3.5" aria-hidden /> {card.compatibility.percent}% match
    </span>
  );
}

export function VerifiedMark({ card }: { card: TProfileCard }) {
  if (!card.selfieVerified) return null;
  return (
    <span className="inline-flex items-center gap-1 text-xs font-semibold text-emerald-700 dark:text-emerald-300">
      <BadgeCheck className="size-4" aria-hidden /> Verified
    </span>
  );
}

/** Reputation: the average of revealed ratings and the number of rated dates. */
export function RatingDisplay({ card }: { card: TProfileCard }) {
  if (card.avgRating === null || card.reviewCount === 0) {
    return <p className="text-xs text-muted-foreground">No rated dates yet</p>;
  }
  return (
    <p
      className="flex items-center gap-1 text-sm"
      aria-label={`Rated ${card.avgRating.toFixed(1)} out of 5 from ${ratedDates(card.reviewCount)}`}
    >
      <Star className="size-4 fill-amber-400 text-amber-400" aria-hidden />
      <span className="font-semibold">{card.avgRating.toFixed(1)}</span>
      <span className="text-muted-foreground">· {ratedDates(card.reviewCount)}</span>
    </p>
  );
}

/** Name, age, place and distance band, with the verified mark. */
export function CardHeading({ card, level = 'h3' }: { card: TProfileCard; level?: 'h2' | 'h3' }) {
  const Heading = level;
  return (
    <div className="flex items-start justify-between gap-2">
      <div>
        <Heading className={level === 'h2' ? 'text-2xl font-bold' : 'text-lg font-semibold'}>
          {displayName(card)}, {displayAge(card)}
        </Heading>
        <p className="flex items-center gap-1 text-sm text-muted-foreground">
          <MapPin className="size-3.5" aria-hidden /> {card.location ?? PROFILE_DEFAULTS.location}
          {card.distance && <span>· {card.distance}</span>}
        </p>
      </div>
      <VerifiedMark card={card} />
    </div>
  );
}

/** A super like from this member: highlighted on their card wherever the viewer meets it. */
export function SuperLikeMark({ card }: { card: TProfileCard }) {
  if (!card.superLikedYou) return null;
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-amber-400 px-2.5 py-1 text-xs font-semibold text-amber-950 shadow">
      <Sparkles className="size-3.5" aria-hidden /> Super liked you
    </span>
  );
}

/** The ring that highlights a super-liker's card. */
export const superLikeRing = (card: TProfileCard) => (card.superLikedYou ? 'ring-2 ring-amber-400' : '');

/** What sits on a card's photo: the match and super-like badges at the top left, the safety menu at the top right. */
export function PhotoOverlays({ card }: { card: TProfileCard }) {
  return (
    <>
      <div className="absolute left-3 top-3 flex flex-wrap gap-1.5">
        <CompatibilityBadge card={card} />
        <SuperLikeMark card={card} />
      </div>
      <SafetyMenu
        member={{ userId: card.userId, name: displayName(card) }}
        className="absolute right-2 top-2 rounded-full bg-black/40 text-white hover:bg-black/60 hover:text-white"
      />
    </>
  );
}

/** A profile's card: named by the person's name and age for screen readers, ringed when they super-liked you. */
export function ProfileCard({
  card,
  className,
  children,
}: {
  card: TProfileCard;
  className: string;
  children: ReactNode;
}) {
  return (
    <Card className={cn(className, superLikeRing(card))} aria-label={`${displayName(card)}, ${displayAge(card)}`}>
      {children}
    </Card>
  );
}
