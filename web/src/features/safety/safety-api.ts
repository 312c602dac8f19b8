import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { TBlockedMember, TMyReport, TPastMatch, TReportInput } from '@contracts/safety';
import { api } from '@/lib/api-client';

export const blockedQueryOptions = queryOptions({
  queryKey: ['blocked'],
  queryFn: async () => (await api<{ blocked: TBlockedMember[] }>('/api/blocks')).blocked,
});

export const pastMatchesQueryOptions = queryOptions({
  queryKey: ['past-matches'],
  queryFn: async () => (await api<{ pastMatches: TPastMatch[] }>('/api/past-matches')).pastMatches,
});

export const myReportsQueryOptions = queryOptions({
  queryKey: ['my-reports'],
  queryFn: async () => (await api<{ reports: TMyReport[] }>('/api/reports/mine')).reports,
});

export const blockMember = (userId: string) => api(`/api/blocks/${encodeURIComponent(userId)}`, { method: 'PUT' });
export const unblockMember = (userId: string) => api(`/api/blocks/${encodeURIComponent(userId)}`, { method: 'DELETE' });
export const unmatch = (matchId: string) =>
  api<{ pastMatchId: string }>(`/api/matches/${matchId}`, { method: 'DELETE' });
export const fileReport = (input: TReportInput) => api<{ id: string }>('/api/reports', { method: 'POST', body: input });

/** Everything a block, unblock, unmatch or report can change on screen. */
export function refreshAfterSafetyAction(client: QueryClient) {
  for (const key of [['conversations'], ['matches'], ['discover'], ['blocked'], ['past-matches'], ['my-reports']]) {
    void client.invalidateQueries({ queryKey: key });
  }
}
