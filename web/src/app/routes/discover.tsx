import { useEffect, useMemo, useRef, useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Tabs } from 'radix-ui';
import { TabList } from '@/components/ui/tab-list';
import { Link } from 'react-router';
import { Lock, MapPin, SearchX } from 'lucide-react';
import type { TDiscoverQuery } from '@contracts/discovery';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PageHeader } from '@/components/page/page-header';
import { PageSpinner, Spinner } from '@/components/ui/spinner';
import { useSession } from '@/lib/session';
import { DEFAULT_FILTERS, DiscoverFilters, type FilterState } from '@/features/discovery/discover-filters';
import { discoverQueryOptions } from '@/features/discovery/discovery-api';
import { ProfileCardSkeleton, ProfileGridCard } from '@/features/discovery/profile-grid-card';
import { useLike } from '@/features/discovery/use-like';
import { toast } from '@/lib/toast';
import { useUpdateLocation } from '@/features/profile/use-update-location';
import { usePageMeta } from '@/lib/page-meta';
import { paths } from '@/lib/paths';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { cn } from '@/lib/utils';
import { LoadFailed } from '@/components/page/load-failed';

type Mode = 'all' | 'nearby';
const MODE_TABS = [
  ['all', 'Browse All'],
  ['nearby', 'Nearby'],
] as const;

function toQuery(mode: Mode, f: FilterState): TDiscoverQuery {
  return {
    mode,
    gender: f.gender,
    minAge: f.ages[0],
    maxAge: f.ages[1],
    verifiedOnly: f.verifiedOnly ? 'true' : 'false',
    location: mode === 'all' && f.location.trim() ? f.location.trim() : undefined,
    q: f.q.trim() || undefined,
    radiusKm: mode === 'nearby' ? f.radiusKm : undefined,
    minRating: f.minRating || undefined,
    verifiedDates: f.verifiedDates ? 'true' : undefined,
    recentlyActive: f.recentlyActive ? 'true' : undefined,
  };
}

function Results({ mode, filters }: { mode: Mode; filters: FilterState }) {
  const settled = useDebouncedValue(filters, 300);
  const query = useInfiniteQuery({
    ...discoverQueryOptions(toQuery(mode, settled)),
    placeholderData: (previous) => previous,
  });
  const { like, liking } = useLike();
  const { update, locating } = useUpdateLocation();
  const [liked, setLiked] = useState<Set<string>>(new Set());
  const sentinel = useRef<HTMLDivElement>(null);
  const cards = useMemo(
    () => (query.data?.pages ?? []).flatMap((p) => p.profiles).filter((c) => !liked.has(c.userId)),
    [query.data, liked],
  );
  const notice = query.data?.pages[0]?.notice;
  const refetching = query.isFetching && !query.isFetchingNextPage && !!query.data;

  // Infinite scroll: the next page loads as the end of the grid comes into view.
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    const element = sentinel.current;
    if (!element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries[0]?.isIntersecting && hasNextPage && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '600px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (query.isPending) {
    return (
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label="Loading profiles">
        {Array.from({ length: 6 }, (_, i) => (
          <ProfileCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  if (query.isError && !query.data) {
    return <LoadFailed error={query.error} failure="Could not load profiles." onRetry={() => void query.refetch()} />;
  }
  if (notice === 'location-needed') {
    return (
      <Card className="flex flex-col items-center gap-3 p-10 text-center">
        <MapPin className="size-10 text-primary" aria-hidden />
        <h2 className="text-xl font-semibold">Share your location to see people nearby</h2>
        <p className="max-w-md text-sm text-muted-foreground">
          We store it rounded to about 2 km and only ever show distances as rough bands.
        </p>
        <Button onClick={update} disabled={locating}>
          {locating ? 'Locating...' : 'Update Location'}
        </Button>
      </Card>
    );
  }
  if (!cards.length) {
    return (
      <Card className="flex flex-col items-center gap-2 p-10 text-center">
        <SearchX className="size-10 text-muted-foreground" aria-hidden />
        <h2 className="text-xl font-semibold">No profiles found</h2>
        <p className="text-sm text-muted-foreground">Try adjusting your search filters to see more results.</p>
      </Card>
    );
  }
  return (
    <>
      <ul
        className={cn('grid gap-4 transition-opacity sm:grid-cols-2 lg:grid-cols-3', refetching && 'opacity-50')}
        aria-busy={refetching}
        aria-label="Profiles"
      >
        {cards.map((card) => (
          <li key={card.userId}>
            <ProfileGridCard
              card={card}
              liking={liking}
              onLike={async (c) => {
                if (!(await like(c))) return;
                setLiked((s) => new Set(s).add(c.userId));
                // The card leaves the grid: say where it went. A match is announced on its own.
                toast.success(`You liked ${c.name || 'them'}`, {
                  description: 'If they like you back, you will match and can chat.',
                });
              }}
            />
          </li>
        ))}
      </ul>
      <div ref={sentinel} className="flex justify-center py-8">
        {query.isFetchingNextPage ? (
          <Spinner label="Loading more profiles" />
        ) : (
          !query.hasNextPage && <p className="text-sm text-muted-foreground">You've reached the end.</p>
        )}
      </div>
    </>
  );
}

export function Component() {
  usePageMeta(
    'Discover Profiles · Vouch',
    'Browse Vouch members, the most trusted first, with filters for age, gender, place and distance.',
  );
  const { session, isLoading } = useSession();
  const [mode, setMode] = useState<Mode>('all');
  const [filters, setFilters] = useState<FilterState>(DEFAULT_FILTERS);

  if (isLoading) return <PageSpinner />;
  if (!session) {
    return (
      <div className="mx-auto max-w-md px-4 py-16">
        <Card className="text-center">
          <CardHeader className="items-center">
            <Lock className="mb-2 size-10 text-primary" aria-hidden />
            <CardTitle>Login Required</CardTitle>
            <CardDescription>Sign in to browse verified members and their ratings.</CardDescription>
          </CardHeader>
          <div className="px-6 pb-6">
            <Button asChild className="w-full">
              <Link to={paths.auth}>Log In</Link>
            </Button>
          </div>
        </Card>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <PageHeader title="Discover Profiles">
        The most trusted first: rating, safety badges and a verified selfie. The basic filters and the verified-only
        filter are free for everyone.
      </PageHeader>
      <Tabs.Root value={mode} onValueChange={(value) => setMode(value as Mode)} className="grid gap-6">
        <TabList label="Browse" className="flex w-fit" tabClassName="px-4" tabs={MODE_TABS} />
        <DiscoverFilters
          value={filters}
          onChange={setFilters}
          nearby={mode === 'nearby'}
          premium={session?.subscription.tier === 'premium'}
        />
        <Results key={mode} mode={mode} filters={filters} />
      </Tabs.Root>
    </div>
  );
}
