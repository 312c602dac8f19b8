import { Link } from 'react-router';
import { Sparkles } from 'lucide-react';
import { useSession } from '@/lib/session';
import { paths } from '@/lib/paths';

const day = (iso: string) => new Date(iso).toLocaleDateString([], { day: 'numeric', month: 'long', year: 'numeric' });

/** During the 30-day trial (Premium without a paid subscription): when it ends, and how to keep it. */
export function TrialBanner() {
  const { session } = useSession();
  if (!session) return null;
  const { subscription } = session;
  if (subscription.isActive) return null;
  const ends = new Date(subscription.trialEndsAt);
  if (ends.getTime() <= Date.now()) return null;
  const days = Math.ceil((ends.getTime() - Date.now()) / 86_400_000);
  return (
    <div
      className="mb-4 flex items-center justify-between gap-3 rounded-2xl border border-primary/30 bg-primary/5 px-4 py-2.5 text-sm md:mb-6 md:py-3"
      role="status"
    >
      <p className="flex items-center gap-2">
        <Sparkles className="size-4 shrink-0 text-primary" aria-hidden />
        {/* One line on phones: the days left, and the date when there is room for it. */}
        <span className="sm:hidden">
          Premium trial: {days} {days === 1 ? 'day' : 'days'} left.
        </span>
        <span className="hidden sm:inline">
          Your free Premium trial ends on <strong>{day(subscription.trialEndsAt)}</strong> ({days}{' '}
          {days === 1 ? 'day' : 'days'} left).
        </span>
      </p>
      <Link to={paths.pricing} className="shrink-0 font-medium text-primary underline-offset-4 hover:underline">
        Keep Premium
      </Link>
    </div>
  );
}
