import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { TDiscoverQuery } from '@contracts/discovery';
import type { InferRequestType } from 'hono/client';
import { client, data } from '@/lib/api';

type DiscoverQuery = NonNullable<InferRequestType<typeof client.api.discover.$get>['query']>;

/** The filters as the query's values: the client sends strings (the route coerces them), and unset filters are left out. */
const toQuery = (filters: TDiscoverQuery, cursor?: string) =>
  Object.fromEntries(
    Object.entries({ ...filters, cursor })
      .filter(([, value]) => value !== undefined && value !== '' && value !== null)
      .map(([key, value]) => [key, String(value)]),
  ) as DiscoverQuery;

export const discoverQueryOptions = (filters: TDiscoverQuery) =>
  infiniteQueryOptions({
    queryKey: ['discover', filters],
    queryFn: ({ pageParam }) => data(client.api.discover.$get({ query: toQuery(filters, pageParam) })),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const likesStatusQueryOptions = queryOptions({
  queryKey: ['likes', 'status'],
  queryFn: () => data(client.api.likes.status.$get()),
});

export const matchesQueryOptions = queryOptions({
  queryKey: ['matches'],
  queryFn: async () => (await data(client.api.matches.$get())).matches,
});

export const likeProfile = (targetId: string, superLike = false) =>
  data(client.api.likes.$post({ json: { targetId, superLike } }));
export const passProfile = (targetId: string) => data(client.api.passes.$post({ json: { targetId } }));
export const markMatchSeen = (matchId: string) =>
  data(client.api.matches[':matchId'].seen.$post({ param: { matchId } }));
