import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { leanData } from '@/lib/api-client';

/** The signed-in member, or null for a visitor. */
export const sessionQueryOptions = queryOptions({
  queryKey: ['session'],
  queryFn: async () => (await leanData('/api/session', 'GET')).me,
  staleTime: 60_000,
  retry: 1,
});

export function useSession() {
  const query = useQuery(sessionQueryOptions);
  return { session: query.data ?? null, isLoading: query.isPending, error: query.error };
}

export function useRefreshSession() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: sessionQueryOptions.queryKey });
}
