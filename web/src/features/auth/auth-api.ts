import type { TConfirmEmailInput, TRegistrationDetails } from '@contracts/auth';
import { client, data } from '@/lib/api';
import { fetchOrThrow } from '@/lib/api-client';
import { paths } from '@/lib/paths';

type Options = { method?: 'GET' | 'POST'; body?: unknown; headers?: Record<string, string> };

/** The routes the typed client (lib/api.ts) does not describe: better-auth's, and the development outbox. */
type UntypedPath = `/api/auth/${string}` | '/api/dev/mail';

/**
 * The plain call, for better-auth's routes under /api/auth (mounted beside our API, not declared
 * in it) and the development outbox (mounted only outside production). Everything else goes
 * through the typed client in lib/api.ts.
 */
export async function untypedCall<T>(path: UntypedPath, { method = 'GET', body, headers }: Options = {}): Promise<T> {
  const response = await fetchOrThrow(path, {
    method,
    headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (response.status === 204 ? null : await response.json().catch(() => null)) as T;
}

/** Calls to better-auth under /api/auth; errors come back in the API's one shape. */
export const authApi = {
  signIn: (email: string, password: string) =>
    untypedCall('/api/auth/sign-in/email', { method: 'POST', body: { email, password, callbackURL: paths.dashboard } }),
  signUp: (email: string, password: string, name: string, registration?: TRegistrationDetails) =>
    untypedCall('/api/auth/sign-up/email', {
      method: 'POST',
      body: { email, password, name, registration, callbackURL: `${paths.login}?verified=1` },
    }),
  magicLink: (email: string) =>
    untypedCall('/api/auth/sign-in/magic-link', {
      method: 'POST',
      body: { email, callbackURL: paths.dashboard, errorCallbackURL: `${paths.login}?link=expired` },
    }),
  requestPasswordReset: (email: string) =>
    untypedCall('/api/auth/request-password-reset', {
      method: 'POST',
      body: { email, redirectTo: paths.authResetPassword },
    }),
  resetPassword: (token: string, newPassword: string) =>
    untypedCall('/api/auth/reset-password', { method: 'POST', body: { token, newPassword } }),
  signOut: () => untypedCall('/api/auth/sign-out', { method: 'POST', body: {} }),
};

/** The page a confirmation link opens: the token with the account's password, or a new one. */
export const confirmEmail = (input: TConfirmEmailInput) =>
  data(client.api.account['confirm-email'].$post({ json: input }));

/** The link mailed when the right password came from a new device while strangers were guessing. */
export const approveDevice = (token: string) => data(client.api.account['approve-device'].$post({ json: { token } }));
