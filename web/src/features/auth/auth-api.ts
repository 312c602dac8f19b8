import type { TRegistrationDetails } from '@contracts/auth';
import { api } from '@/lib/api-client';
import { paths } from '@/lib/paths';

/** Calls to better-auth under /api/auth; errors come back in the API's one shape. */
export const authApi = {
  signIn: (email: string, password: string) =>
    api('/api/auth/sign-in/email', { method: 'POST', body: { email, password, callbackURL: paths.dashboard } }),
  signUp: (email: string, password: string, name: string, registration?: TRegistrationDetails) =>
    api('/api/auth/sign-up/email', {
      method: 'POST',
      body: { email, password, name, registration, callbackURL: `${paths.login}?verified=1` },
    }),
  magicLink: (email: string) =>
    api('/api/auth/sign-in/magic-link', {
      method: 'POST',
      body: { email, callbackURL: paths.dashboard, errorCallbackURL: `${paths.login}?link=expired` },
    }),
  requestPasswordReset: (email: string) =>
    api('/api/auth/request-password-reset', { method: 'POST', body: { email, redirectTo: paths.authResetPassword } }),
  resetPassword: (token: string, newPassword: string) =>
    api('/api/auth/reset-password', { method: 'POST', body: { token, newPassword } }),
  signOut: () => api('/api/auth/sign-out', { method: 'POST', body: {} }),
};
