import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { admin, magicLink, twoFactor } from 'better-auth/plugins';
import { EmailSchema, PasswordSchema, ZRegistrationDetails } from '../../../contracts/auth';
import type { Db } from '../db/client';
import { account, session, twoFactor as twoFactorTable, user, verification } from '../db/schema';
import type { Env } from '../env';
import type { Mailer } from '../mail/mailer';
import { magicLinkMail, resetPasswordMail, verificationMail } from '../mail/templates';
import { hashPassword, verifyPassword } from './password';

/** Header our own middleware sets to the caller's address before better-auth sees the request. */
export const CLIENT_IP_HEADER = 'x-vouch-client-ip';

export function trustedOrigins(env: Env): string[] {
  const origins = new Set([env.BASE_URL]);
  if (!env.isProduction) {
    // Local development is reached as localhost and as 127.0.0.1 alike.
    const url = new URL(env.BASE_URL);
    for (const host of ['localhost', '127.0.0.1']) origins.add(`${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`);
  }
  return [...origins];
}

export function createAuth(options: { env: Env; db: Db; mailer: Mailer }) {
  const { env, db, mailer } = options;
  return betterAuth({
    appName: 'Vouch',
    baseURL: env.BASE_URL,
    basePath: '/api/auth',
    secret: env.AUTH_SECRET,
    trustedOrigins: trustedOrigins(env),
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user, session, account, verification, twoFactor: twoFactorTable },
    }),
    user: {
      additionalFields: {
        registration: { type: 'json', required: false, input: true },
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 30,
      password: { hash: hashPassword, verify: verifyPassword },
      sendResetPassword: async ({ user: member, url }) => mailer.send(resetPasswordMail(member.email, url)),
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: false,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user: member, url }) => {
        // After confirming, the member lands on the login page with a confirmation toast.
        const link = new URL(url);
        link.searchParams.set('callbackURL', '/login?verified=1');
        await mailer.send(verificationMail(member.email, link.toString()));
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
      // A signed copy of the session in a cookie spares a database read on most requests.
      cookieCache: { enabled: true, maxAge: 60 },
    },
    // Our own limiter (auth/rate-limit.ts) keeps counters in PostgreSQL, per IP and per email.
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: env.isProduction,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    hooks: { before: createAuthMiddleware(async (ctx) => validateAccountInput(ctx.path, ctx.body)) },
    plugins: [
      magicLink({
        expiresIn: 60 * 10,
        disableSignUp: true,
        storeToken: 'hashed',
        sendMagicLink: async ({ email, url }) => mailer.send(magicLinkMail(email, url)),
      }),
      twoFactor({ issuer: 'Vouch' }),
      admin(),
    ],
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** The same rules the forms show, enforced where it counts. */
function validateAccountInput(path: string, body: Record<string, unknown> | undefined): void {
  const fail = (message: string) => {
    throw new APIError('BAD_REQUEST', { code: 'VALIDATION_FAILED', message });
  };
  const check = (schema: typeof EmailSchema | typeof PasswordSchema, value: unknown) => {
    const result = schema.safeParse(value);
    if (!result.success) fail(result.error.issues[0]!.message);
  };
  if (path === '/sign-up/email') {
    check(EmailSchema, body?.email);
    check(PasswordSchema, body?.password);
    if (body?.registration !== undefined) {
      const result = ZRegistrationDetails.safeParse(body.registration);
      if (!result.success) fail(result.error.issues[0]!.message);
    }
  }
  if (path === '/sign-in/magic-link' || path === '/request-password-reset') check(EmailSchema, body?.email);
  if (path === '/reset-password' || path === '/change-password') check(PasswordSchema, body?.newPassword);
}
