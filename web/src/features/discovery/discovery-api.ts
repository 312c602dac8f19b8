import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { TDiscoverPage, TDiscoverQuery, TLikeResponse, TMatch } from '@contracts/discovery';
import { api } from '@/lib/api-client';

const toSearch = (filters: TDiscoverQuery, cursor?: string) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...filters, cursor }) as [
    string,
    string | number | boolean | null | undefined,
  ][]) {
    if (value !== undefined && value !== '' && value !== null) params.set(key, String(value));
  }
  return params.toString();
};

export const discoverQueryOptions = (filters: TDiscoverQuery) =>
  infiniteQueryOptions({
    queryKey: ['discover', filters],
    queryFn: ({ pageParam }) => api<TDiscoverPage>(`/api/discover?${toSearch(filters, pageParam)}`),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const likesStatusQueryOptions = queryOptions({
  queryKey: ['likes', 'status'],
  queryFn: () =>
    api<{ likesLeft: number | null; dailyLimit: number | null; tier: 'free' | 'premium' }>('/api/likes/status'),
});

export const matchesQueryOptions = queryOptions({
  queryKey: ['matches'],
  queryFn: async () => (await api<{ matches: TMatch[] }>('/api/matches')).matches,
});

export const likeProfile = (targetId: string, superLike = false) =>
  api<TLikeResponse>('/api/likes', { method: 'POST', body: { targetId, superLike } });
export const passProfile = (targetId: string) =>
  api<{ ok: true }>('/api/passes', { method: 'POST', body: { targetId } });
