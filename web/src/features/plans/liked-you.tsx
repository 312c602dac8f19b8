import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Heart } from 'lucide-react';
import type { TProfileCard } from '@contracts/discovery';
import { Spinner } from '@/components/ui/spinner';
import { ProfileGridCard } from '@/features/discovery/profile-grid-card';
import { useLike } from '@/features/discovery/use-like';
import { likesReceivedQueryOptions } from './plans-api';
import { UpgradeCard } from './upgrade-card';

/**
 * The members who liked me and wait for an answer. Premium sees them (super likes first and
 * highlighted) and can like back; the free plan sees how many, behind a blur.
 */
export function LikedYou() {
  const client = useQueryClient();
  const received = useQuery(likesReceivedQueryOptions);
  const { like, liking } = useLike();
  const likeBack = async (card: TProfileCard) => {
    if (await like(card)) void client.invalidateQueries({ queryKey: likesReceivedQueryOptions.queryKey });
  };

  if (received.isPending) return <div className="flex justify-center py-6"><Spinner label="Loading who liked you" /></div>;
  if (received.isError || received.data.count === 0) return null;
  const { count, likes } = received.data;
  return (
    <section aria-labelledby="liked-you" className="mb-10 grid gap-4">
      <h2 id="liked-you" className="flex items-center gap-2 text-xl font-semibold">
        <Heart className="size-5 text-primary" aria-hidden /> Liked you <span className="rounded-full bg-primary px-2 py-0.5 text-xs text-primary-foreground">{count}</span>
      </h2>
      {likes ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {likes.map(({ profile }) => (
            <ProfileGridCard key={profile.userId} card={profile} onLike={(card) => void likeBack(card)} liking={liking} likeLabel="Like back" />
          ))}
        </div>
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
