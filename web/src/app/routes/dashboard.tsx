import { useEffect, useRef } from 'react';
import { Tabs } from 'radix-ui';
import { Link, Navigate, useSearchParams } from 'react-router';
import { CalendarHeart, KeyRound, Lock, MapPin, Settings, UserPen } from 'lucide-react';
import { PROFILE_DEFAULTS } from '@contracts/profile';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { PageSpinner } from '@/components/ui/spinner';
import { DiscoverDeck } from '@/features/discovery/discover-deck';
import { MatchesGrid } from '@/features/discovery/matches-grid';
import { useOwnProfile } from '@/features/profile/profile-api';
import { useUpdateLocation } from '@/features/profile/use-update-location';
import { usePageMeta } from '@/lib/page-meta';
import { paths } from '@/lib/paths';
import { RequireMember } from '../guards';
import { SelfieCard } from '@/features/trust/selfie-card';
import { ReputationSummary } from '@/features/trust/trust-display';
import { LikedYou } from '@/features/plans/liked-you';
import { MfaCard } from '@/features/account/mfa-card';
import { TrialBanner } from '@/features/plans/trial-banner';

const TABS = ['discover', 'matches', 'profile', 'security'] as const;
type Tab = (typeof TABS)[number];
const LABELS: Record<Tab, string> = { discover: 'Discover', matches: 'Matches', profile: 'Profile', security: 'Security' };
const tabClass =
  'rounded-md px-3 py-2 text-sm font-medium text-muted-foreground data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm';

function ProfileTab() {
  const { data: profile } = useOwnProfile();
  if (!profile) return null;
  return (
    <div className="mx-auto grid max-w-xl gap-4">
    <Card className="overflow-hidden">
      <div className="flex gap-4 p-6">
        {profile.photos[0] ? (
          <img src={profile.photos[0].thumbUrl} alt="Your main photo" className="size-24 rounded-2xl object-cover" />
        ) : (
          <div className="flex size-24 items-center justify-center rounded-2xl bg-muted text-sm text-muted-foreground">No photo</div>
        )}
        <div className="grid content-start gap-1">
          <h2 className="text-xl font-bold">
            {profile.name}, {profile.age ?? PROFILE_DEFAULTS.age}
          </h2>
          <p className="text-sm text-muted-foreground">{profile.location ?? PROFILE_DEFAULTS.location}</p>
          <p className="text-sm">{profile.bio ?? PROFILE_DEFAULTS.bio}</p>
        </div>
      </div>
      <div className="border-t px-6 py-4">
        <ReputationSummary avgRating={profile.avgRating} reviewCount={profile.reviewCount} badges={profile.badges} trustScore={profile.trustScore} />
      </div>
      <div className="flex gap-2 border-t p-4">
        <Button asChild>
          <Link to={paths.profileEdit}>
            <UserPen aria-hidden /> Edit Profile
          </Link>
        </Button>
        <Button variant="outline" asChild>
          <Link to={paths.settings}>
            <Settings aria-hidden /> Settings
          </Link>
        </Button>
      </div>
    </Card>
    <SelfieCard />
    </div>
  );
}

function SecurityTab() {
  return (
    <div className="mx-auto grid max-w-xl gap-4">
      <MfaCard />
      <Card>
        <CardContent className="grid gap-2 pt-6 sm:grid-cols-2">
          <Button variant="outline" asChild>
            <Link to={paths.changePassword}>
              <KeyRound aria-hidden /> Change Password
            </Link>
          </Button>
          <Button variant="outline" asChild>
            <Link to={paths.settings}>
              <Lock aria-hidden /> Privacy Settings
            </Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}

function Dashboard() {
  usePageMeta('Dashboard · Vouch');
  const [params, setParams] = useSearchParams();
  const profile = useOwnProfile();
  const { update, locating } = useUpdateLocation();
  const asked = useRef(false);
  const tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'discover';

  // On phones, ask for the position once when none is stored yet (spec §9).
  useEffect(() => {
    if (asked.current || !profile.data || profile.data.hasCoordinates) return;
    asked.current = true;
    if (/Android|iPhone|iPad|Mobile/i.test(navigator.userAgent)) update();
  }, [profile.data, update]);

  if (profile.isPending) return <PageSpinner label="Loading your dashboard..." />;
  if (!profile.data) return <Navigate to={paths.profileEdit} replace />;

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight">Hi, {profile.data.name}</h1>
        <div className="flex gap-2">
          <Button variant="outline" asChild>
            <Link to={paths.calendar}>
              <CalendarHeart aria-hidden /> Calendar
            </Link>
          </Button>
          <Button variant="outline" onClick={update} disabled={locating}>
            <MapPin aria-hidden /> {locating ? 'Locating...' : 'Update Location'}
          </Button>
        </div>
      </div>
      <TrialBanner />
      <Tabs.Root value={tab} onValueChange={(value) => setParams({ tab: value }, { replace: true })}>
        <Tabs.List aria-label="Dashboard" className="mb-6 grid max-w-xl grid-cols-4 gap-1 rounded-lg bg-muted p-1">
          {TABS.map((value) => (
            <Tabs.Trigger key={value} value={value} className={tabClass}>
              {LABELS[value]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="discover">
          <DiscoverDeck />
        </Tabs.Content>
        <Tabs.Content value="matches">
          <LikedYou />
          <MatchesGrid />
        </Tabs.Content>
        <Tabs.Content value="profile">
          <ProfileTab />
        </Tabs.Content>
        <Tabs.Content value="security">
          <SecurityTab />
        </Tabs.Content>
      </Tabs.Root>
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
