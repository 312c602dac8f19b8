import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Heart } from 'lucide-react';
import type { TProfileCard } from '@contracts/discovery';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import { likesReceivedQueryOptions, UpgradeCard } from '@/features/plans';
import { CardPhoto, displayAge, displayName, superLikeRing } from './card-parts';
import { ProfileGridCard } from './profile-grid-card';
import { useLike } from './use-like';

/**
 * The members who liked me and wait for an answer. Premium sees them in a one-row strip (super
 * likes first and highlighted), opens their full profiles on demand, and can like back; the free
 * plan sees how many, behind a blur.
 */
export function LikedYou() {
  const client = useQueryClient();
  const received = useQuery(likesReceivedQueryOptions);
  const [expanded, setExpanded] = useState(false);
  const { like, liking } = useLike();
  const likeBack = async (card: TProfileCard) => {
    if (await like(card)) void client.invalidateQueries({ queryKey: likesReceivedQueryOptions.queryKey });
  };

  if (received.isPending)
    return (
      <div className="flex justify-center py-6">
        <Spinner label="Loading who liked you" />
      </div>
    );
  if (received.isError || received.data.count === 0) return null;
  const { count, likes } = received.data;
  return (
    <section aria-labelledby="liked-you" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="liked-you" className="flex items-center gap-2 text-xl font-semibold">
          <Heart className="size-5 text-primary" aria-hidden /> Liked you{' '}
          <span className="rounded-full bg-primary px-2 py-0.5 text-xs text-primary-foreground">{count}</span>
        </h2>
        {likes && (
          <Button variant="ghost" size="sm" aria-expanded={expanded} onClick={() => setExpanded((value) => !value)}>
            {expanded ? 'Show fewer details' : 'See full profiles'}
          </Button>
        )}
      </div>
      {likes ? (
        expanded ? (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {likes.map(({ profile }) => (
              <ProfileGridCard
                key={profile.userId}
                card={profile}
                onLike={(card) => void likeBack(card)}
                liking={liking}
                likeLabel="Like back"
              />
            ))}
          </div>
        ) : (
          // A strip that scrolls sideways: the admirers stay one row tall, however many there are.
          <ul className="-mx-4 flex snap-x gap-3 overflow-x-auto px-4 pb-2" aria-label="Members who liked you">
            {likes.map(({ profile }) => (
              <li key={profile.userId} className="w-36 shrink-0 snap-start">
                <Card className={cn('overflow-hidden', superLikeRing(profile))}>
                  <CardPhoto card={profile} size="thumb" className="aspect-square w-full" />
                  <div className="grid gap-1.5 p-2.5">
                    <p className="truncate text-sm font-semibold">
                      {displayName(profile)}, {displayAge(profile)}
                    </p>
                    {profile.superLikedYou && (
                      <p className="text-xs font-medium text-amber-700 dark:text-amber-300">Super liked you</p>
                    )}
                    <Button
                      size="sm"
                      onClick={() => void likeBack(profile)}
                      disabled={liking}
                      aria-label={`Like ${displayName(profile)}`}
                    >
                      <Heart aria-hidden /> Like back
                    </Button>
                  </div>
                </Card>
              </li>
            ))}
          </ul>
        )
      ) : (
        <div className="grid gap-4 sm:grid-cols-[auto_1fr] sm:items-center">
          <div className="flex gap-2" aria-hidden>
            {Array.from({ length: Math.min(count, 3) }, (_, i) => (
              <div key={i} className="size-20 rounded-2xl bg-gradient-to-br from-primary/40 to-secondary blur-[3px]" />
            ))}
          </div>
          <UpgradeCard title={`${count} ${count === 1 ? 'person likes' : 'people like'} you`}>
            See who liked you, and like them back, with Premium.
          </UpgradeCard>
        </div>
      )}
    </section>
  );
}
