import { queryOptions } from '@tanstack/react-query';
import { client, data } from '@/lib/api';

export const startUpgrade = () => data(client.api.plans.upgrade.$post());

export const likesReceivedQueryOptions = queryOptions({
  queryKey: ['likes', 'received'],
  queryFn: () => data(client.api.likes.received.$get()),
});

export const boostQueryOptions = queryOptions({
  queryKey: ['boost'],
  queryFn: () => data(client.api.boost.$get()),
});

export const startBoost = () => data(client.api.boost.$post());
