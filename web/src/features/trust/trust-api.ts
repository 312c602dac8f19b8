import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { TDateAnswer, TDateState, TRatingInput, TSelfieStatus } from '@contracts/trust';
import { client as api, data } from '@/lib/api';
import { isRealtimeConnected } from '@/lib/realtime-status';
import { uploadFile } from '@/lib/upload';

export const selfieQueryOptions = queryOptions({
  queryKey: ['selfie'],
  queryFn: () => data(api.api.verification.selfie.$get()),
});
export const startSelfieChallenge = () => data(api.api.verification.selfie.challenge.$post());
export const submitSelfie = (file: Blob, challengeId: string, onProgress?: (percent: number) => void) =>
  uploadFile<TSelfieStatus>('/api/verification/selfie', file, 'selfie.jpg', onProgress, { challengeId });

export const dateStateQueryOptions = (conversationId: string) =>
  queryOptions({
    queryKey: ['date', conversationId],
    queryFn: () => data(api.api.conversations[':conversationId'].date.$get({ param: { conversationId } })),
  });
export const uploadDatePhoto = (conversationId: string, file: Blob, onProgress?: (percent: number) => void) =>
  uploadFile<TDateState>(`/api/conversations/${conversationId}/date/photo`, file, 'date.jpg', onProgress);
export const confirmDate = (conversationId: string) =>
  data(api.api.conversations[':conversationId'].date.confirm.$post({ param: { conversationId } }));
export const disputeDate = (conversationId: string) =>
  data(api.api.conversations[':conversationId'].date.dispute.$post({ param: { conversationId } }));

export const ratingQueryOptions = (conversationId: string) =>
  queryOptions({
    queryKey: ['rating', conversationId],
    queryFn: () => data(api.api.conversations[':conversationId'].rating.$get({ param: { conversationId } })),
  });
export const submitRating = (conversationId: string, input: TRatingInput) =>
  data(api.api.conversations[':conversationId'].rating.$post({ param: { conversationId }, json: input }));

export const dateHistoryQueryOptions = queryOptions({
  queryKey: ['date-history'],
  queryFn: async () => (await data(api.api['date-history'].$get())).dates,
});

export const plansQueryOptions = queryOptions({
  queryKey: ['date-plans'],
  queryFn: async () => (await data(api.api['date-plans'].$get())).plans,
});
export const proposeDate = (input: { conversationId: string; startsAt: string; place: string }) =>
  data(api.api['date-plans'].$post({ json: input }));
export const answerDate = (planId: string, answer: TDateAnswer) =>
  data(api.api['date-plans'][':planId'].answer.$post({ param: { planId }, json: answer }));
export const cancelDate = (planId: string) =>
  data(api.api['date-plans'][':planId'].cancel.$post({ param: { planId } }));
export const shareDate = (planId: string) => data(api.api['date-plans'][':planId'].share.$post({ param: { planId } }));
export const stopSharingDate = (planId: string) =>
  data(api.api['date-plans'][':planId'].share.$delete({ param: { planId } }));
export const fetchSharedDate = (token: string) => data(api.api['shared-dates'][':token'].$get({ param: { token } }));

/**
 * After this member changed a date (a photo, an answer, a rating, a plan): the server tells both
 * members with a 'date-updated' event, which refreshes every open tab, this one included. Only
 * while this tab's socket is down does it refresh here, so one change is one refresh.
 */
export function refreshAfterOwnDateChange(client: QueryClient, conversationId?: string) {
  if (!isRealtimeConnected()) refreshDateQueries(client, conversationId);
}

/**
 * After the socket was down: every date, rating and plan this tab holds, as a missed
 * 'date-updated' event would have refreshed them (matches and conversations are caught up apart).
 */
export function refreshDatesAfterReconnect(client: QueryClient) {
  for (const key of [['date-plans'], ['date-history'], ['date'], ['rating']])
    void client.invalidateQueries({ queryKey: key });
}

/** Everything a date photo, confirmation, rating or plan can change on screen. */
export function refreshDateQueries(client: QueryClient, conversationId?: string) {
  const keys = [['date-plans'], ['date-history'], ['matches'], ['conversations'], ['profile', 'own'], ['discover']];
  if (conversationId) keys.push(['date', conversationId], ['rating', conversationId]);
  for (const key of keys) void client.invalidateQueries({ queryKey: key });
}
