import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { BadgeCheck, Camera, HeartCrack, MessageCircle, Star } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SpinnerBlock } from '@/components/ui/spinner';
import { paths } from '@/lib/paths';
import { SafetyMenu } from '@/features/safety';
import { CardPhoto, CompatibilityBadge, displayAge, displayName, RatingDisplay, VerifiedMark } from './card-parts';
import { matchesQueryOptions } from './discovery-api';
import { useFallbackInterval } from '@/lib/realtime-status';
import { DateRatingDisplay, TrustScore } from '@/features/trust';
import { LoadFailed } from '@/components/page/load-failed';

/** 'Your Matches', refreshed every 10 seconds. */
export function MatchesGrid() {
  const matches = useQuery({ ...matchesQueryOptions, refetchInterval: useFallbackInterval(10_000) });
  // (The same query feeds the match announcer in the layout: one request every 10 s serves both.)
  useEffect(() => {
    if (matches.isRefetchError) toast.error('Failed to refresh data. Will try again.');
  }, [matches.isRefetchError, matches.errorUpdateCount]);

  return (
    <section aria-labelledby="matches-heading" className="grid gap-4">
      <h2 id="matches-heading" className="text-2xl font-bold">
        Your Matches
      </h2>
      {matches.isPending ? (
        <SpinnerBlock className="py-12" />
      ) : matches.isError ? (
        <LoadFailed
          error={matches.error}
          failure="Could not load your matches."
          onRetry={() => void matches.refetch()}
        />
      ) : !matches.data.length ? (
        <Card className="flex flex-col items-center gap-3 p-10 text-center">
          <HeartCrack className="size-10 text-muted-foreground" aria-hidden />
          <p className="font-medium">You don't have any matches yet!</p>
          <Button asChild>
            <Link to={`${paths.dashboard}?tab=discover`}>Go to Discover</Link>
          </Button>
        </Card>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Matches">
          {matches.data.map(({ matchId, conversationId, profile, dateVerified, ratedByMe }) => (
            <li key={matchId}>
              <Card className="overflow-hidden">
                <div className="relative">
                  <CardPhoto card={profile} size="thumb" className="aspect-[4/3] w-full" />
                  <div className="absolute left-3 top-3">
                    <CompatibilityBadge card={profile} />
                  </div>
                  <SafetyMenu
                    member={{ userId: profile.userId, name: displayName(profile) }}
                    conversationId={conversationId ?? undefined}
                    matchId={matchId}
                    className="absolute right-2 top-2 rounded-full bg-black/40 text-white hover:bg-black/60 hover:text-white"
                  />
                </div>
                <div className="grid gap-2 p-4">
                  <div className="flex items-center justify-between gap-2">
                    <h3 className="font-semibold">
                      {displayName(profile)}, {displayAge(profile)}
                    </h3>
                    <VerifiedMark card={profile} />
                  </div>
                  <div className="flex flex-wrap items-center gap-2">
                    <TrustScore score={profile.trustScore} />
                    <RatingDisplay card={profile} />
                  </div>
                  {conversationId && (
                    <>
                      <DateRatingDisplay
                        conversationId={conversationId}
                        dateVerified={dateVerified}
                        rated={ratedByMe}
                      />
                      <Button asChild size="sm" className="mt-1">
                        <Link to={`${paths.messages}?conversation=${conversationId}`}>
                          <MessageCircle aria-hidden /> Message
                        </Link>
                      </Button>
                      <div className="grid grid-cols-2 gap-2">
                        {dateVerified ? (
                          <Button
                            variant="outline"
                            size="sm"
                            disabled
                            aria-label={`Date with ${displayName(profile)} verified`}
                          >
                            <BadgeCheck aria-hidden /> Verified
                          </Button>
                        ) : (
                          <Button asChild variant="outline" size="sm">
                            <Link to={`${paths.messages}?conversation=${conversationId}&verify=1`}>
                              <Camera aria-hidden /> Verify Date
                            </Link>
                          </Button>
                        )}
                        {dateVerified && !ratedByMe ? (
                          <Button asChild variant="outline" size="sm">
                            <Link to={`${paths.dateHistory}?conversation=${conversationId}`}>
                              <Star aria-hidden /> Rate Date
                            </Link>
                          </Button>
                        ) : (
                          <Button
                            variant="outline"
                            size="sm"
                            disabled
                            title={dateVerified ? 'You rated this date' : 'Verify the date first'}
                          >
                            <Star aria-hidden /> {ratedByMe ? 'Rated' : 'Rate Date'}
                          </Button>
                        )}
                      </div>
                    </>
                  )}
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
