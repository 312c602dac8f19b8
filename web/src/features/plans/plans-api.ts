import { queryOptions } from '@tanstack/react-query';
import type { TBoostStatus, TLikesReceived, TUpgradeResponse } from '@contracts/plans';
import { api } from '@/lib/api-client';

export const startUpgrade = () => api<TUpgradeResponse>('/api/plans/upgrade', { method: 'POST', body: {} });

export const likesReceivedQueryOptions = queryOptions({
  queryKey: ['likes', 'received'],
  queryFn: () => api<TLikesReceived>('/api/likes/received'),
});

export const boostQueryOptions = queryOptions({
  queryKey: ['boost'],
  queryFn: () => api<TBoostStatus>('/api/boost'),
});

export const startBoost = () => api<TBoostStatus>('/api/boost', { method: 'POST', body: {} });
