import { queryOptions } from '@tanstack/react-query';
import type { TAccountEvent, TActiveSession, TPrivacySettings, TSecuritySettings } from '@contracts/account';
import { api } from '@/lib/api-client';

export const securityQueryOptions = queryOptions({
  queryKey: ['account', 'security'],
  queryFn: () => api<TSecuritySettings>('/api/account/security'),
});
export const privacyQueryOptions = queryOptions({
  queryKey: ['account', 'privacy'],
  queryFn: () => api<TPrivacySettings>('/api/account/privacy'),
});
export const sessionsQueryOptions = queryOptions({
  queryKey: ['account', 'sessions'],
  queryFn: async () => (await api<{ sessions: TActiveSession[] }>('/api/account/sessions')).sessions,
});
export const activityQueryOptions = queryOptions({
  queryKey: ['account', 'activity'],
  queryFn: async () => (await api<{ events: TAccountEvent[] }>('/api/account/activity')).events,
});

export const accountApi = {
  /** better-auth: starts the app set-up (password checked) and answers the otpauth:// address. */
  enableApp: (password: string) =>
    api<{ totpURI: string; backupCodes: string[] }>('/api/auth/two-factor/enable', {
      method: 'POST',
      body: { password },
    }),
  /** With a session, a right code finishes the set-up; at sign-in, it completes the sign-in. */
  verifyTotp: (code: string) => api('/api/auth/two-factor/verify-totp', { method: 'POST', body: { code } }),
  sendEmailCode: () => api('/api/auth/two-factor/send-otp', { method: 'POST', body: {} }),
  verifyEmailCode: (code: string) => api('/api/auth/two-factor/verify-otp', { method: 'POST', body: { code } }),
  disableApp: (password: string) =>
    api<TSecuritySettings>('/api/account/security/app/disable', { method: 'POST', body: { password } }),
  setEmailCode: (enabled: boolean, password: string) =>
    api<TSecuritySettings>('/api/account/security/email-code', { method: 'PUT', body: { enabled, password } }),
  changePassword: (currentPassword: string, newPassword: string) =>
    api('/api/auth/change-password', {
      method: 'POST',
      body: { currentPassword, newPassword, revokeOtherSessions: true },
    }),
  savePrivacy: (settings: TPrivacySettings) =>
    api<TPrivacySettings>('/api/account/privacy', { method: 'PUT', body: settings }),
  revokeSession: (id: string) =>
    api<{ ok: true }>(`/api/account/sessions/${encodeURIComponent(id)}/revoke`, { method: 'POST', body: {} }),
  revokeOtherSessions: () =>
    api<{ revoked: number }>('/api/account/sessions/revoke-others', { method: 'POST', body: {} }),
  deleteAccount: (password: string) =>
    api<{ deleted: true }>('/api/account/delete', { method: 'POST', body: { password } }),
};
