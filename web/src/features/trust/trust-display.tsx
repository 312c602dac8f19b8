import { Check, Heart, Home, Lock, ShieldCheck, Star, Users } from 'lucide-react';
import { trustLabel } from '@contracts/discovery-constants';
import { Link } from 'react-router';
import { STAR_LABELS, TRUST_TEXT } from '@contracts/trust-constants';
import { useSession } from '@/lib/session';
import { paths } from '@/lib/paths';
import { cn } from '@/lib/utils';

export const ratedDates = (count: number) => `${count} rated ${count === 1 ? 'date' : 'dates'}`;

/** The 0–100 trust score (decision 006) with its label. */
export function TrustScore({ score }: { score: number }) {
  return (
    <span
      className="inline-flex w-fit items-center gap-1 rounded-full bg-emerald-100 px-2.5 py-1 text-xs font-semibold text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200"
      title="Trust score from ratings, badges and verification"
    >
      <ShieldCheck className="size-3.5" aria-hidden /> Trust {score} · {trustLabel(score)}
    </span>
  );
}

type Badges = { safeForFamily: boolean; safeForHome: boolean; dateAgain: boolean };

/** Stars for a 1–5 value, read-only. */
export function Stars({ value, size = 'size-4', className }: { value: number; size?: string; className?: string }) {
  const rounded = Math.round(value);
  return (
    <span
      className={cn('inline-flex', className)}
      role="img"
      aria-label={`${value.toFixed(1)} out of 5 stars: ${STAR_LABELS[Math.max(0, rounded - 1)]}`}
    >
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          className={cn(size, n <= rounded ? 'fill-amber-400 text-amber-400' : 'text-muted-foreground/40')}
          aria-hidden
        />
      ))}
    </span>
  );
}

/**
 * The trust badges: Safe for Family in blue and Safe Date in green when earned, grey and
 * dimmed when not; a lock marker when the viewer has no active plan. 'Would date again'
 * shows only when earned.
 */
export function TrustBadges({ badges }: { badges: Badges }) {
  const { session } = useSession();
  const locked = session?.subscription.tier !== 'premium';
  const badge = (earned: boolean, on: string, Icon: typeof Users, label: string) => (
    <li
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-semibold',
        earned ? on : 'border border-dashed text-muted-foreground',
      )}
      aria-label={`${label}: ${earned ? 'earned' : 'not earned'}`}
    >
      <Icon className="size-3.5" aria-hidden /> {label}
      {locked && <Lock className="size-3" aria-label="Premium" />}
    </li>
  );
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Trust badges">
      {badge(
        badges.safeForFamily,
        'bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-200',
        Users,
        'Safe for Family',
      )}
      {badge(
        badges.safeForHome,
        'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
        Home,
        'Safe Date',
      )}
      {badges.dateAgain &&
        badge(true, 'bg-rose-100 text-rose-800 dark:bg-rose-950 dark:text-rose-200', Heart, 'Would date again')}
    </ul>
  );
}

/** Reputation: stars from revealed ratings, the number of rated dates, badges and the trust score. */
export function ReputationSummary({
  avgRating,
  reviewCount,
  badges,
  trustScore,
}: {
  avgRating: number | null;
  reviewCount: number;
  badges: Badges;
  trustScore: number;
}) {
  return (
    <div className="grid gap-2" aria-label="Reputation">
      {avgRating !== null && reviewCount > 0 ? (
        <p className="flex items-center gap-2 text-sm">
          <Stars value={avgRating} />
          <span className="font-semibold">{avgRating.toFixed(1)}</span>
          <span className="text-muted-foreground">· {ratedDates(reviewCount)}</span>
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">No rated dates yet</p>
      )}
      <TrustBadges badges={badges} />
      <TrustScore score={trustScore} />
    </div>
  );
}

/** The rating display for one date: locked until the date is verified. */
export function DateRatingDisplay({
  conversationId,
  dateVerified,
  rated,
}: {
  conversationId: string;
  dateVerified: boolean;
  rated?: boolean;
}) {
  if (!dateVerified) {
    return (
      <p className="flex items-center gap-2 text-xs text-muted-foreground">
        <Stars value={0} size="size-3.5" /> <Lock className="size-3" aria-hidden /> {TRUST_TEXT.lockedRating}
      </p>
    );
  }
  return (
    <Link
      to={`${paths.dateHistory}?conversation=${conversationId}`}
      className="flex items-center gap-2 text-xs font-medium text-primary hover:underline"
    >
      {rated ? <Check className="size-3.5" aria-hidden /> : <Star className="size-3.5" aria-hidden />}{' '}
      {rated ? 'You rated this date' : TRUST_TEXT.unlockedRating}
    </Link>
  );
}
