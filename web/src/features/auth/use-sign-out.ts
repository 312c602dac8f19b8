import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { TOASTS } from '@contracts/messages';
import { errorMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { authApi } from './auth-api';
import { sessionQueryOptions } from '@/lib/session';

export function useSignOut() {
  const client = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    try {
      await authApi.signOut();
      await navigate(paths.home);
      // Nothing of the member's may stay cached in this tab.
      client.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryOptions.queryKey[0] });
      client.setQueryData(sessionQueryOptions.queryKey, null);
      toast.success(TOASTS.signedOut.title, { description: TOASTS.signedOut.description });
    } catch (error) {
      toast.error(TOASTS.signOutError.title, { description: errorMessage(error, TOASTS.signOutError.fallback) });
    }
  };
}
