import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  TDateHistoryEntry,
  TDatePlan,
  TDateState,
  TRatingInput,
  TRatingState,
  TSelfieChallenge,
  TSelfieStatus,
  TSharedDate,
} from '@contracts/trust';
import { api } from '@/lib/api-client';
import { isRealtimeConnected } from '@/lib/realtime-status';
import { uploadFile } from '@/lib/upload';

export const selfieQueryOptions = queryOptions({
  queryKey: ['selfie'],
  queryFn: () => api<TSelfieStatus>('/api/verification/selfie'),
});
export const startSelfieChallenge = () =>
  api<TSelfieChallenge>('/api/verification/selfie/challenge', { method: 'POST' });
export const submitSelfie = (file: Blob, challengeId: string, onProgress?: (percent: number) => void) =>
  uploadFile<TSelfieStatus>('/api/verification/selfie', file, 'selfie.jpg', onProgress, { challengeId });

export const dateStateQueryOptions = (conversationId: string) =>
  queryOptions({
    queryKey: ['date', conversationId],
    queryFn: () => api<TDateState>(`/api/conversations/${conversationId}/date`),
  });
export const uploadDatePhoto = (conversationId: string, file: Blob, onProgress?: (percent: number) => void) =>
  uploadFile<TDateState>(`/api/conversations/${conversationId}/date/photo`, file, 'date.jpg', onProgress);
export const confirmDate = (conversationId: string) =>
  api<TDateState>(`/api/conversations/${conversationId}/date/confirm`, { method: 'POST' });
export const disputeDate = (conversationId: string) =>
  api<TDateState>(`/api/conversations/${conversationId}/date/dispute`, { method: 'POST' });

export const ratingQueryOptions = (conversationId: string) =>
  queryOptions({
    queryKey: ['rating', conversationId],
    queryFn: () => api<TRatingState>(`/api/conversations/${conversationId}/rating`),
  });
export const submitRating = (conversationId: string, input: TRatingInput) =>
  api<TRatingState>(`/api/conversations/${conversationId}/rating`, { method: 'POST', body: input });

export const dateHistoryQueryOptions = queryOptions({
  queryKey: ['date-history'],
  queryFn: async () => (await api<{ dates: TDateHistoryEntry[] }>('/api/date-history')).dates,
});

export const plansQueryOptions = queryOptions({
  queryKey: ['date-plans'],
  queryFn: async () => (await api<{ plans: TDatePlan[] }>('/api/date-plans')).plans,
});
export const proposeDate = (input: { conversationId: string; startsAt: string; place: string }) =>
  api<TDatePlan>('/api/date-plans', { method: 'POST', body: input });
export const answerDate = (
  planId: string,
  answer: { action: 'accept' | 'decline' } | { action: 'counter'; startsAt: string; place: string },
) => api<{ plans: TDatePlan[] }>(`/api/date-plans/${planId}/answer`, { method: 'POST', body: answer });
export const shareDate = (planId: string) =>
  api<{ path: string; expiresAt: string }>(`/api/date-plans/${planId}/share`, { method: 'POST' });
export const stopSharingDate = (planId: string) =>
  api<{ revoked: number }>(`/api/date-plans/${planId}/share`, { method: 'DELETE' });
export const fetchSharedDate = (token: string) => api<TSharedDate>(`/api/shared-dates/${encodeURIComponent(token)}`);

/** Everything a date photo, confirmation, rating or plan can change on screen. */
/**
 * After this member changed a date (a photo, an answer, a rating, a plan): the server tells both
 * members with a 'date-updated' event, which refreshes every open tab, this one included. Only
 * while this tab's socket is down does it refresh here, so one change is one refresh.
 */
export function refreshAfterOwnDateChange(client: QueryClient, conversationId?: string) {
  if (!isRealtimeConnected()) refreshDateQueries(client, conversationId);
}

export function refreshDateQueries(client: QueryClient, conversationId?: string) {
  const keys = [['date-plans'], ['date-history'], ['matches'], ['conversations'], ['profile', 'own'], ['discover']];
  if (conversationId) keys.push(['date', conversationId], ['rating', conversationId]);
  for (const key of keys) void client.invalidateQueries({ queryKey: key });
}
