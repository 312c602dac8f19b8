import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import type { TProfileCard } from '@contracts/discovery';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useNavigate } from 'react-router';
import { likesReceivedQueryOptions } from '@/features/plans';
import { paths } from '@/lib/paths';
import { likeProfile, likesStatusQueryOptions, matchesQueryOptions } from './discovery-api';

/**
 * Liking a profile: keeps the likes-left count, hands a new match to the shell's announcer
 * (which shows 'It's a match!' on any page, even after the liked card has left this one), and
 * explains a refusal.
 */
export function useLike() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [liking, setLiking] = useState(false);

  const like = async (card: TProfileCard, superLike = false): Promise<boolean> => {
    setLiking(true);
    try {
      const result = await likeProfile(card.userId, superLike);
      if (superLike)
        toast.success('Super like sent', { description: `${card.name || 'They'} will see you highlighted.` });
      void client.invalidateQueries({ queryKey: likesReceivedQueryOptions.queryKey });
      client.setQueryData(likesStatusQueryOptions.queryKey, (old) =>
        old ? { ...old, likesLeft: result.likesLeft } : old,
      );
      if (result.matched && result.matchId) {
        const matchId = result.matchId;
        const fresh = {
          matchId,
          conversationId: result.conversationId,
          createdAt: new Date().toISOString(),
          announced: false,
          dateVerified: false,
          ratedByMe: false,
          profile: card,
        };
        client.setQueryData(matchesQueryOptions.queryKey, (list) =>
          list?.some((m) => m.matchId === matchId) ? list : [fresh, ...(list ?? [])],
        );
        void client.invalidateQueries({ queryKey: matchesQueryOptions.queryKey });
      }
      return true;
    } catch (error) {
      const upgrade = { label: 'See Premium', onClick: () => void navigate(paths.pricing) };
      if (error instanceof ApiError && error.code === 'LIMIT_REACHED') {
        toast.error('No likes left today', { description: error.message, action: upgrade });
        client.setQueryData(likesStatusQueryOptions.queryKey, (old) => (old ? { ...old, likesLeft: 0 } : old));
      } else if (error instanceof ApiError && error.code === 'PREMIUM_REQUIRED') {
        toast.error('Premium feature', { description: error.message, action: upgrade });
      } else {
        console.error('like failed', error);
        toast.error('Could not like this profile', { description: errorMessage(error, 'Please try again.') });
      }
      return false;
    } finally {
      setLiking(false);
    }
  };

  return { like, liking };
}
