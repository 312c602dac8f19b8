import { queryOptions } from '@tanstack/react-query';
import type { InferRequestType } from 'hono/client';
import type { TCampaign, TCaseDecision } from '@contracts/admin';
import type { CaseKind } from '@contracts/safety';
import type { TAdminSelfie } from '@contracts/trust';
import { client, data } from '@/lib/api';
import { untypedCall } from '@/features/auth';
import { uploadFile } from '@/lib/upload';

export type AdminSelfie = TAdminSelfie;
export type { CaseKind };

const admin = client.api.admin;

export const adminSignIn = (email: string, password: string) =>
  data(admin['sign-in'].$post({ json: { email, password } }));
export const verifyTotp = (code: string) =>
  untypedCall('/api/auth/two-factor/verify-totp', { method: 'POST', body: { code } });

export const statsQueryOptions = queryOptions({
  queryKey: ['admin', 'stats'],
  queryFn: () => data(admin.stats.$get()),
  refetchInterval: 30_000,
  retry: 2,
  retryDelay: 1000,
});
export const usersQueryOptions = (search: string) =>
  queryOptions({
    queryKey: ['admin', 'users', search],
    queryFn: async () => (await data(admin.users.$get({ query: { search } }))).users,
    retry: 1,
  });
const user = (userId: string) => ({ param: { userId: encodeURIComponent(userId) } });
export const userQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['admin', 'user', userId],
    queryFn: () => data(admin.users[':userId'].$get(user(userId))),
  });
export const setVerified = (userId: string, verified: boolean) =>
  data(admin.users[':userId'].verified.$put({ ...user(userId), json: { verified } }));
export const setBlocked = (userId: string, blocked: boolean, reason?: string) =>
  data(admin.users[':userId'].blocked.$put({ ...user(userId), json: { blocked, ...(reason ? { reason } : {}) } }));
export const removePhotos = (userId: string) => data(admin.users[':userId'].photos.$delete(user(userId)));

export const selfiesQueryOptions = queryOptions({
  queryKey: ['admin', 'selfies'],
  queryFn: async () => (await data(admin.selfies.$get({ query: {} }))).selfies,
});
export const approveSelfie = (submissionId: string) =>
  data(admin.selfies[':submissionId'].approve.$post({ param: { submissionId } }));
export const rejectSelfie = (submissionId: string, reason: string) =>
  data(admin.selfies[':submissionId'].reject.$post({ param: { submissionId }, json: { reason } }));

export const casesQueryOptions = (kind: CaseKind) =>
  queryOptions({
    queryKey: ['admin', 'cases', kind],
    queryFn: async () => (await data(admin.cases.$get({ query: { kind, status: 'open' } }))).cases,
  });
export const decideCase = (caseId: string, decision: TCaseDecision) =>
  data(admin.cases[':caseId'].decision.$post({ param: { caseId }, json: decision }));

export const eventsQueryOptions = queryOptions({
  queryKey: ['admin', 'events'],
  queryFn: () => data(admin['security-events'].$get()),
});
export const lastAuditQueryOptions = queryOptions({
  queryKey: ['admin', 'audit'],
  queryFn: async () => (await data(admin.audit.$get())).audit,
});
export const runAudit = () => data(admin.audit.$post());

export const campaignsQueryOptions = queryOptions({
  queryKey: ['admin', 'campaigns'],
  queryFn: async () => (await data(admin.campaigns.$get())).campaigns,
});
export const createCampaign = (
  file: Blob,
  fields: { name: string; targetUrl: string; placement: string },
  onProgress?: (p: number) => void,
) => uploadFile<TCampaign>('/api/admin/campaigns', file, 'campaign.jpg', onProgress, fields);
export const setCampaignActive = (id: string, active: boolean) =>
  data(admin.campaigns[':id'].active.$put({ param: { id }, json: { active } }));
export const deleteCampaign = (id: string) => data(admin.campaigns[':id'].$delete({ param: { id } }));

export const subscriptionsQueryOptions = (search: string, page: number, pageSize: number) =>
  queryOptions({
    queryKey: ['admin', 'subscriptions', search, page, pageSize],
    // The route coerces page and pageSize from the query's strings.
    queryFn: () =>
      data(admin.subscriptions.$get({ query: { search, page: String(page), pageSize: String(pageSize) } })),
    retry: 1,
  });
type SubscriptionEdit = InferRequestType<(typeof admin.subscriptions)[':id']['$put']>['json'];
export const editSubscription = (id: string, change: SubscriptionEdit) =>
  data(admin.subscriptions[':id'].$put({ param: { id }, json: change }));
export const cancelSubscription = (id: string) => data(admin.subscriptions[':id'].cancel.$post({ param: { id } }));

export const inboxQueryOptions = queryOptions({
  queryKey: ['admin', 'inbox'],
  queryFn: async () => (await data(admin.inbox.$get())).messages,
});
export const markHandled = (id: string) => data(admin.inbox[':id'].handled.$post({ param: { id } }));

export const pendingPaymentsQueryOptions = queryOptions({
  queryKey: ['admin', 'subscriptions', 'pending'],
  queryFn: async () => (await data(admin.subscriptions.pending.$get())).pending,
});
export const activatePremium = (userId: string) =>
  data(admin.subscriptions.activate.$post({ json: { userId, months: 1 } }));
