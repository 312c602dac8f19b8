import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { TProfileCard } from '@contracts/discovery';
import { ApiError, errorMessage } from '@/lib/api-client';
import { likeProfile, likesStatusQueryOptions, matchesQueryOptions } from './discovery-api';

export type NewMatch = { card: TProfileCard; conversationId: string | null };

/** Liking a profile: keeps the likes-left count, opens 'It's a match!', explains a refusal. */
export function useLike() {
  const client = useQueryClient();
  const [liking, setLiking] = useState(false);
  const [match, setMatch] = useState<NewMatch | null>(null);

  const like = async (card: TProfileCard): Promise<boolean> => {
    setLiking(true);
    try {
      const result = await likeProfile(card.userId);
      client.setQueryData(likesStatusQueryOptions.queryKey, (old) => (old ? { ...old, likesLeft: result.likesLeft } : old));
      if (result.matched) {
        setMatch({ card, conversationId: result.conversationId });
        void client.invalidateQueries({ queryKey: matchesQueryOptions.queryKey });
      }
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.code === 'LIMIT_REACHED') {
        toast.error('No likes left today', { description: error.message });
        client.setQueryData(likesStatusQueryOptions.queryKey, (old) => (old ? { ...old, likesLeft: 0 } : old));
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
