import { queryOptions } from '@tanstack/react-query';
import type { TPrivacySettings } from '@contracts/account';
import { client, data } from '@/lib/api';
import { untypedCall } from '@/features/auth';

const account = client.api.account;

export const securityQueryOptions = queryOptions({
  queryKey: ['account', 'security'],
  queryFn: () => data(account.security.$get()),
});
export const privacyQueryOptions = queryOptions({
  queryKey: ['account', 'privacy'],
  queryFn: () => data(account.privacy.$get()),
});
export const sessionsQueryOptions = queryOptions({
  queryKey: ['account', 'sessions'],
  queryFn: async () => (await data(account.sessions.$get())).sessions,
});
export const activityQueryOptions = queryOptions({
  queryKey: ['account', 'activity'],
  queryFn: async () => (await data(account.activity.$get())).events,
});

export const accountApi = {
  /** better-auth: starts the app set-up (password checked) and answers the otpauth:// address. */
  enableApp: (password: string) =>
    untypedCall<{ totpURI: string; backupCodes: string[] }>('/api/auth/two-factor/enable', {
      method: 'POST',
      body: { password },
    }),
  /** With a session, a right code finishes the set-up; at sign-in, it completes the sign-in. */
  verifyTotp: (code: string) => untypedCall('/api/auth/two-factor/verify-totp', { method: 'POST', body: { code } }),
  sendEmailCode: () => untypedCall('/api/auth/two-factor/send-otp', { method: 'POST', body: {} }),
  verifyEmailCode: (code: string) => untypedCall('/api/auth/two-factor/verify-otp', { method: 'POST', body: { code } }),
  disableApp: (password: string) => data(account.security.app.disable.$post({ json: { password } })),
  setEmailCode: (enabled: boolean, password: string) =>
    data(account.security['email-code'].$put({ json: { enabled, password } })),
  changePassword: (currentPassword: string, newPassword: string) =>
    untypedCall('/api/auth/change-password', {
      method: 'POST',
      body: { currentPassword, newPassword, revokeOtherSessions: true },
    }),
  savePrivacy: (settings: TPrivacySettings) => data(account.privacy.$put({ json: settings })),
  revokeSession: (sessionId: string) =>
    data(account.sessions[':sessionId'].revoke.$post({ param: { sessionId: encodeURIComponent(sessionId) } })),
  revokeOtherSessions: () => data(account.sessions['revoke-others'].$post()),
  deleteAccount: (password: string) => data(account.delete.$post({ json: { password } })),
};
