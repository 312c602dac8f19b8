import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import type { TProfileCard } from '@contracts/discovery';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useNavigate } from 'react-router';
import { likesReceivedQueryOptions } from '@/features/plans/plans-api';
import { paths } from '@/lib/paths';
import { likeProfile, likesStatusQueryOptions, matchesQueryOptions } from './discovery-api';

export type NewMatch = { card: TProfileCard; conversationId: string | null };

/** Liking a profile: keeps the likes-left count, opens 'It's a match!', explains a refusal. */
export function useLike() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [liking, setLiking] = useState(false);
  const [match, setMatch] = useState<NewMatch | null>(null);

  const like = async (card: TProfileCard, superLike = false): Promise<boolean> => {
    setLiking(true);
    try {
      const result = await likeProfile(card.userId, superLike);
      if (superLike) toast.success('Super like sent', { description: `${card.name || 'They'} will see you highlighted.` });
      void client.invalidateQueries({ queryKey: likesReceivedQueryOptions.queryKey });
      client.setQueryData(likesStatusQueryOptions.queryKey, (old) => (old ? { ...old, likesLeft: result.likesLeft } : old));
      if (result.matched) {
        setMatch({ card, conversationId: result.conversationId });
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

  return { like, liking, match, closeMatch: () => setMatch(null) };
}
