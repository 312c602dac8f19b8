import { lazy, Suspense, type ReactNode } from 'react';
import { Tabs } from 'radix-ui';
import { Link, Navigate } from 'react-router';
import { CalendarHeart, MapPin } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { PageSpinner, Spinner } from '@/components/ui/spinner';
import { DiscoverDeck } from '@/features/discovery/discover-deck';
import { useOwnProfile } from '@/features/profile/profile-api';
import { useUpdateLocation } from '@/features/profile/use-update-location';
import { usePageMeta } from '@/lib/page-meta';
import { paths } from '@/lib/paths';
import { useTabParam } from '@/lib/use-tab-param';
import { RequireMember } from '../guards';
import { TrialBanner } from '@/features/plans/trial-banner';
import { AdSlot } from '@/features/ads/ad-slot';

const TABS = ['discover', 'matches', 'profile', 'security'] as const;
type Tab = (typeof TABS)[number];
const LABELS: Record<Tab, string> = {
  discover: 'Discover',
  matches: 'Matches',
  profile: 'Profile',
  security: 'Security',
};
// Discover is the tab a member lands on; the others load when opened (or when the pointer or
// focus reaches their tab), so the dashboard's first load carries only what it shows.
const loadTab = {
  matches: () => import('@/features/dashboard/matches-tab'),
  profile: () => import('@/features/dashboard/profile-tab'),
  security: () => import('@/features/dashboard/security-tab'),
};
const LAZY_TABS = {
  matches: lazy(loadTab.matches),
  profile: lazy(loadTab.profile),
  security: lazy(loadTab.security),
};

function TabLoading({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <div className="flex justify-center py-12">
          <Spinner label="Loading..." />
        </div>
      }
    >
      {children}
    </Suspense>
  );
}

function Dashboard() {
  usePageMeta('Dashboard · Vouch');
  const [tab, setTab] = useTabParam(TABS, 'discover', { replace: true });
  const profile = useOwnProfile();
  const { update, locating } = useUpdateLocation();

  if (profile.isPending) return <PageSpinner label="Loading your dashboard..." />;
  if (!profile.data) return <Navigate to={paths.profileEdit} replace />;

  return (
    <div className="mx-auto max-w-6xl px-4 py-5 md:py-8">
      <div className="mb-4 flex items-center justify-between gap-3 md:mb-6">
        <h1 className="min-w-0 truncate text-2xl font-bold tracking-tight md:text-3xl">Hi, {profile.data.name}</h1>
        {/* Icons alone on phones, where the bottom bar also leads to the calendar. */}
        <div className="flex shrink-0 gap-2">
          <Button variant="outline" asChild>
            <Link to={paths.calendar} aria-label="Calendar">
              <CalendarHeart aria-hidden /> <span className="hidden sm:inline">Calendar</span>
            </Link>
          </Button>
          <Button
            variant="outline"
            onClick={update}
            disabled={locating}
            aria-label={locating ? 'Locating...' : 'Update Location'}
          >
            <MapPin aria-hidden />{' '}
            <span className="hidden sm:inline">{locating ? 'Locating...' : 'Update Location'}</span>
          </Button>
        </div>
      </div>
      <TrialBanner />
      <Tabs.Root value={tab} onValueChange={setTab}>
        <Tabs.List aria-label="Dashboard" className="tab-list mb-4 grid max-w-xl grid-cols-4 md:mb-6">
          {TABS.map((value) => {
            const prefetch = value === 'discover' ? undefined : () => void loadTab[value]();
            return (
              <Tabs.Trigger key={value} value={value} className="tab" onPointerEnter={prefetch} onFocus={prefetch}>
                {LABELS[value]}
              </Tabs.Trigger>
            );
          })}
        </Tabs.List>
        <Tabs.Content value="discover">
          <DiscoverDeck />
        </Tabs.Content>
        {Object.entries(LAZY_TABS).map(([value, LazyTab]) => (
          <Tabs.Content key={value} value={value}>
            <TabLoading>
              <LazyTab />
            </TabLoading>
          </Tabs.Content>
        ))}
      </Tabs.Root>
      {/* The dashboard placement: below the deck and the matches, never beside security settings. */}
      {tab !== 'security' && <AdSlot placement="dashboard" layout="inline" className="mt-10" />}
    </div>
  );
}

export function Component() {
  return (
    <RequireMember>
      <Dashboard />
    </RequireMember>
  );
}
