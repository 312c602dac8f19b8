import { queryOptions } from '@tanstack/react-query';
import type {
  TAdminStats,
  TAdminSubscription,
  TAdminUser,
  TAuditResult,
  TCampaign,
  TCaseDecision,
  TInboxMessage,
  TPendingPayment,
  TSecurityEvent,
} from '@contracts/admin';
import type { CaseKind, TAdminReport } from '@contracts/safety';
import { api } from '@/lib/api-client';
import { uploadFile } from '@/lib/upload';

import type { TAdminSelfie } from '@contracts/trust';
export type AdminSelfie = TAdminSelfie;
export type { CaseKind };

export const adminSignIn = (email: string, password: string) =>
  api<{ twoFactorRequired: boolean }>('/api/admin/sign-in', { method: 'POST', body: { email, password } });
export const verifyTotp = (code: string) => api('/api/auth/two-factor/verify-totp', { method: 'POST', body: { code } });

export const statsQueryOptions = queryOptions({
  queryKey: ['admin', 'stats'],
  queryFn: () => api<TAdminStats>('/api/admin/stats'),
  refetchInterval: 30_000,
  retry: 2,
  retryDelay: 1000,
});
export const usersQueryOptions = (search: string) =>
  queryOptions({
    queryKey: ['admin', 'users', search],
    queryFn: async () =>
      (await api<{ users: TAdminUser[] }>(`/api/admin/users?search=${encodeURIComponent(search)}`)).users,
    retry: 1,
  });
export const userQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['admin', 'user', userId],
    queryFn: () => api<TAdminUser>(`/api/admin/users/${encodeURIComponent(userId)}`),
  });
export const setVerified = (userId: string, verified: boolean) =>
  api<TAdminUser>(`/api/admin/users/${encodeURIComponent(userId)}/verified`, { method: 'PUT', body: { verified } });
export const setBlocked = (userId: string, blocked: boolean, reason?: string) =>
  api<TAdminUser>(`/api/admin/users/${encodeURIComponent(userId)}/blocked`, {
    method: 'PUT',
    body: { blocked, ...(reason ? { reason } : {}) },
  });
export const removePhotos = (userId: string) =>
  api<TAdminUser>(`/api/admin/users/${encodeURIComponent(userId)}/photos`, { method: 'DELETE' });

export const selfiesQueryOptions = queryOptions({
  queryKey: ['admin', 'selfies'],
  queryFn: async () => (await api<{ selfies: AdminSelfie[] }>('/api/admin/selfies')).selfies,
});
export const approveSelfie = (id: string) => api(`/api/admin/selfies/${id}/approve`, { method: 'POST' });
export const rejectSelfie = (id: string, reason: string) =>
  api(`/api/admin/selfies/${id}/reject`, { method: 'POST', body: { reason } });

export const casesQueryOptions = (kind: CaseKind) =>
  queryOptions({
    queryKey: ['admin', 'cases', kind],
    queryFn: async () => (await api<{ cases: TAdminReport[] }>(`/api/admin/cases?kind=${kind}&status=open`)).cases,
  });
export const decideCase = (caseId: string, decision: TCaseDecision) =>
  api(`/api/admin/cases/${caseId}/decision`, { method: 'POST', body: decision });

export type Counters = {
  userReports: number;
  contentFlags: number;
  highPriorityIssues: number;
  resolvedIssues: number;
};
export const eventsQueryOptions = queryOptions({
  queryKey: ['admin', 'events'],
  queryFn: () => api<{ events: TSecurityEvent[]; counters: Counters }>('/api/admin/security-events'),
});
export const lastAuditQueryOptions = queryOptions({
  queryKey: ['admin', 'audit'],
  queryFn: async () => (await api<{ audit: TAuditResult | null }>('/api/admin/audit')).audit,
});
export const runAudit = () => api<TAuditResult>('/api/admin/audit', { method: 'POST' });

export const campaignsQueryOptions = queryOptions({
  queryKey: ['admin', 'campaigns'],
  queryFn: async () => (await api<{ campaigns: TCampaign[] }>('/api/admin/campaigns')).campaigns,
});
export const createCampaign = (
  file: Blob,
  fields: { name: string; targetUrl: string; placement: string },
  onProgress?: (p: number) => void,
) => uploadFile<TCampaign>('/api/admin/campaigns', file, 'campaign.jpg', onProgress, fields);
export const setCampaignActive = (id: string, active: boolean) =>
  api<TCampaign>(`/api/admin/campaigns/${id}/active`, { method: 'PUT', body: { active } });
export const deleteCampaign = (id: string) => api(`/api/admin/campaigns/${id}`, { method: 'DELETE' });

export const subscriptionsQueryOptions = (search: string, page: number, pageSize: number) =>
  queryOptions({
    queryKey: ['admin', 'subscriptions', search, page, pageSize],
    queryFn: () =>
      api<{ subscriptions: TAdminSubscription[]; total: number }>(
        `/api/admin/subscriptions?search=${encodeURIComponent(search)}&page=${page}&pageSize=${pageSize}`,
      ),
    retry: 1,
  });
export const editSubscription = (
  id: string,
  change: { tier: 'free' | 'premium'; active: boolean; expiresAt: string | null },
) => api<TAdminSubscription>(`/api/admin/subscriptions/${id}`, { method: 'PUT', body: change });
export const cancelSubscription = (id: string) =>
  api<TAdminSubscription>(`/api/admin/subscriptions/${id}/cancel`, { method: 'POST' });

export const inboxQueryOptions = queryOptions({
  queryKey: ['admin', 'inbox'],
  queryFn: async () => (await api<{ messages: TInboxMessage[] }>('/api/admin/inbox')).messages,
});
export const markHandled = (id: string) => api(`/api/admin/inbox/${id}/handled`, { method: 'POST' });

export const pendingPaymentsQueryOptions = queryOptions({
  queryKey: ['admin', 'subscriptions', 'pending'],
  queryFn: async () => (await api<{ pending: TPendingPayment[] }>('/api/admin/subscriptions/pending')).pending,
});
export const activatePremium = (userId: string) =>
  api<TAdminSubscription>('/api/admin/subscriptions/activate', { method: 'POST', body: { userId, months: 1 } });
