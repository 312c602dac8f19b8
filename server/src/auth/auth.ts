import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import {
  APIError,
  createAuthMiddleware,
  createEmailVerificationToken,
  getSessionFromCtx,
  isAPIError,
} from 'better-auth/api';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { magicLink, openAPI, twoFactor } from 'better-auth/plugins';
import { EmailSchema, normalizeEmail, PasswordSchema, ZRegistrationDetails } from '../../../contracts/auth';
import type { Db } from '../db/client';
import { isBannedNow } from '../db/standing';
import { account, adminUsers, session, twoFactor as twoFactorTable, user, verification } from '../db/schema';
import type { Env } from '../env';
import type { Mailer } from '../mail/mailer';
import type { Logger } from '../lib/logger';
import {
  knownAddressSignUpMail,
  mailboxRefusedMail,
  magicLinkMail,
  magicLinkRefusedMail,
  resetPasswordMail,
  signInCodeMail,
  suspendedMail,
  verificationMail,
} from '../mail/templates';
import { MFA_TEXT, PASSWORD_UNCHANGED } from '../../../contracts/account';
import { accountEventFor, type AuthHooks, type RequestMeta } from './hooks';
import { hashPassword, verifyPassword } from './password';
import { consumeLimits, refundLimits, secondFactorLimits } from './rate-limit';
import { forgetSignUpAttempts } from './sign-up-attempts';
import { mailDeviceApproval } from './device-check';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE, deviceAccount, deviceCookieValue, knownToMember } from './sign-in-guard';
import { AppError } from '../lib/errors';
import { LOGIN_HINTS } from '../../../contracts/messages';
import { ACCOUNT_SUSPENDED } from '../../../contracts/errors';
import { NAME_TEXT, personName } from '../../../contracts/text';

/** Sign-in codes mailed to one account in 15 minutes, at most. */
const CODE_MAILS_PER_15_MINUTES = 5;

/** How long a mailed confirmation link works. */
const CONFIRM_LINK_SECONDS = 60 * 60 * 24;

/** Header our own middleware sets to the caller's address before better-auth sees the request. */
export const CLIENT_IP_HEADER = 'x-vouch-client-ip';

export function trustedOrigins(env: Env): string[] {
  const origins = new Set([env.BASE_URL]);
  if (!env.isProduction) {
    // Local development is reached as localhost and as 127.0.0.1 alike.
    const url = new URL(env.BASE_URL);
    for (const host of ['localhost', '127.0.0.1'])
      origins.add(`${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`);
  }
  return [...origins];
}

export function createAuth(options: { env: Env; db: Db; mailer: Mailer; logger: Logger; hooks: AuthHooks }) {
  const { env, db, mailer, logger, hooks } = options;

  /**
   * Someone signed up with an address that has an account. Not confirmed yet: its owner gets a
   * confirmation link (the page it opens lets her take the account with a password of her own).
   * Confirmed: she is told someone tried (the password typed is kept by auth/routes.ts, as for
   * every sign-up: see sign-up-attempts.ts).
   */
  async function existingAddressSignUp(member: { id: string; email: string; emailVerified: boolean }) {
    if (!member.emailVerified) {
      const token = await createEmailVerificationToken(env.AUTH_SECRET, member.email, undefined, CONFIRM_LINK_SECONDS);
      await mailer.send(verificationMail(member.email, `${env.BASE_URL}/confirm-email?token=${token}`));
      return;
    }
    await mailer.send(knownAddressSignUpMail(member.email, `${env.BASE_URL}/login`));
  }

  /** The limits a code tried at a sign-in's second-factor step counts against (rate-limit.ts), and whether from her own device. */
  async function secondFactorLimitsOf(ctx: HookContext, userId: string) {
    const address = ctx.headers?.get(CLIENT_IP_HEADER) ?? '';
    const device = deviceAccount(ctx.headers?.get('cookie'), env.AUTH_SECRET);
    const known = await knownToMember(db, userId, address, device);
    return { known, limits: secondFactorLimits(userId, address, known) };
  }

  /**
   * A code tried at a sign-in's second-factor step. better-auth's own lock (ten wrong codes lock
   * the account for 15 minutes, everywhere) would let whoever holds her password lock her out:
   * instead new devices share a slow allowance, and once it is spent the owner is mailed a link
   * that makes her device known, after which her codes count against her own allowance only.
   */
  async function guardSecondFactor(ctx: HookContext): Promise<void> {
    const userId = await pendingSecondFactorUser(ctx);
    if (!userId) return; // enrolment, signed in: no sign-in to guard
    const { known, limits } = await secondFactorLimitsOf(ctx, userId);
    try {
      await consumeLimits(db, limits);
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'RATE_LIMITED')) throw error;
      if (known) throw new APIError('TOO_MANY_REQUESTS', { code: 'RATE_LIMITED', message: error.message });
      const [member] = await db.select({ id: user.id, email: user.email }).from(user).where(eq(user.id, userId));
      if (member) mailDeviceApproval({ db, mailer, logger, secret: env.AUTH_SECRET, baseUrl: env.BASE_URL }, member);
      throw new APIError('FORBIDDEN', { code: 'DEVICE_CHECK', message: LOGIN_HINTS.deviceCheck });
    }
  }

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
      // A sign-up with an address that already has an account: its owner is mailed (a new
      // confirmation link if it is not confirmed yet, so an account someone else opened with her
      // address never stands in her way), and the answer is the same as any sign-up's.
      onExistingUserSignUp: async ({ user: member }) =>
        existingAddressSignUp(member).catch((error: unknown) =>
          logger.error({ err: error }, 'a sign-up with a known address was not followed up'),
        ),
      resetPasswordTokenExpiresIn: 60 * 30,
      password: { hash: hashPassword, verify: verifyPassword },
      sendResetPassword: async ({ user: member, url }) => {
        await mailer.send(resetPasswordMail(member.email, url));
      },
      onPasswordReset: async ({ user: member }, request) =>
        hooks.recordAccountEvent(db, member.id, 'password_reset', requestMeta(request?.headers)),
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: false,
      expiresIn: CONFIRM_LINK_SECONDS,
      sendVerificationEmail: async ({ user: member, token }) => {
        // The link opens our page, which confirms the address only with the account's password
        // or a new one (modules/account/confirm-email.service.ts): following it is not enough.
        await mailer.send(verificationMail(member.email, `${env.BASE_URL}/confirm-email?token=${token}`));
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
      // No signed copy of the session in a cookie: it would be trusted for its lifetime after a
      // ban or a sign-out elsewhere. Every session is read from its row.
      cookieCache: { enabled: false },
    },
    databaseHooks: {
      user: {
        create: {
          // A banned member's mailbox, in any spelling, opens no account; the moderators see the attempt.
          // The answer is the same as for any sign-up (better-auth answers a refusal like an address
          // already in use, so a sign-up tells no one who is banned); the mailbox is told why.
          before: async (candidate) => {
            const owner = await hooks.bannedMailboxOwner(db, env.AUTH_SECRET, candidate.email);
            if (!owner) return;
            await hooks.appendSecurityLog(db, {
              eventType: 'banned_mailbox_refused',
              severity: 'high',
              actorId: null,
              details: { formerUserId: owner },
            });
            await mailer.send(mailboxRefusedMail(candidate.email, `${env.BASE_URL}/contact`));
            throw new APIError('FORBIDDEN', {
              code: 'MAILBOX_REFUSED',
              message: 'This address cannot open an account.',
            });
          },
          // A reported member who deleted their account and signs up again is flagged.
          // The account exists by now: a failed check is logged, and does not fail the sign-up.
          after: async (created) =>
            hooks
              .flagReturningEmail(db, env.AUTH_SECRET, created.id, created.email)
              .catch((error: unknown) =>
                logger.error(
                  { err: error, userId: created.id },
                  'a new account could not be checked against returning members',
                ),
              ),
        },
        update: {
          // A sign-in link followed for an account that was never confirmed proves the mailbox:
          // better-auth then removes its password and sessions; whoever signed up first also
          // named it and filled its details, none of it hers (as on the confirm page).
          before: async (changes, ctx) => {
            if (ctx?.path !== '/magic-link/verify' || changes.emailVerified !== true) return;
            return { data: { ...changes, name: '', registration: null, twoFactorEnabled: false } };
          },
          after: async (changed, ctx) => {
            if (ctx?.path !== '/magic-link/verify' || !changed.emailVerified) return;
            await db.delete(twoFactorTable).where(eq(twoFactorTable.userId, changed.id));
            await forgetSignUpAttempts(db, env.AUTH_SECRET, changed.email);
          },
        },
      },
      session: {
        create: {
          // A banned or suspended member gets no new session, whichever way they sign in.
          before: async (created) => {
            const [member] = await db
              .select({ banned: user.banned, banExpires: user.banExpires })
              .from(user)
              .where(eq(user.id, created.userId))
              .limit(1);
            if (member && isBannedNow(member))
              throw new APIError('FORBIDDEN', { code: 'BANNED_USER', message: suspendedMessage(member.banExpires) });
          },
        },
      },
    },
    // Our own limiter (auth/rate-limit.ts) keeps counters in PostgreSQL, per IP and per email.
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: env.isProduction,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        validateAccountInput(ctx.path, ctx.body);
        if (SECOND_FACTOR_PATHS.has(ctx.path)) await guardSecondFactor(ctx);
        if (ctx.path === '/two-factor/verify-totp') await claimAuthenticatorCode(db, ctx);
        // A second factor is the address owner's to set: none before the address is proven.
        if (ctx.path === '/two-factor/enable' && ctx.context.session && !ctx.context.session.user.emailVerified)
          throw new APIError('FORBIDDEN', { code: 'EMAIL_NOT_VERIFIED', message: 'Confirm your email first.' });
        // better-auth swallows a failing sendOTP and answers 200: refuse before it, so the
        // code step never says 'Code sent' when nothing is mailed.
        if (ctx.path === '/two-factor/send-otp') {
          const userId = ctx.context.session?.user.id ?? (await pendingSecondFactorUser(ctx));
          if (userId && !(await hooks.emailCodesAllowed(db, userId)))
            throw new APIError('BAD_REQUEST', { code: 'EMAIL_CODES_OFF', message: MFA_TEXT.emailCodesOff });
          // Whoever holds her password could otherwise fill her inbox with codes.
          if (userId)
            await consumeLimits(db, [
              { key: `code-mail:${userId}`, max: CODE_MAILS_PER_15_MINUTES, windowSeconds: 900 },
            ]).catch((error: unknown) => {
              if (error instanceof AppError && error.code === 'RATE_LIMITED')
                throw new APIError('TOO_MANY_REQUESTS', { code: 'RATE_LIMITED', message: error.message });
              throw error;
            });
        }
      }),
      // Security activity: sign-ins and password and second-factor changes, kept per member.
      after: createAuthMiddleware(async (ctx) => {
        if (SECOND_FACTOR_PATHS.has(ctx.path)) await logAdminSecondFactor(db, hooks, ctx);
        if (SECOND_FACTOR_PATHS.has(ctx.path) && ctx.context.newSession && !isAPIError(ctx.context.returned))
          await refundLimits(db, (await secondFactorLimitsOf(ctx, ctx.context.newSession.user.id)).limits);
        const kind = accountEventFor(ctx.path, !!ctx.context.session);
        if (!kind || isAPIError(ctx.context.returned)) return;
        const newSession = ctx.context.newSession;
        // A password sign-in that still waits for the second factor is not a sign-in yet.
        if (
          ctx.path === '/sign-in/email' &&
          (newSession?.user as { twoFactorEnabled?: boolean } | undefined)?.twoFactorEnabled
        )
          return;
        const userId = newSession?.user.id ?? ctx.context.session?.user.id;
        if (!userId) return;
        await hooks.recordAccountEvent(db, userId, kind, requestMeta(ctx.headers));
        // This browser has now signed in to the account: strangers' wrong guesses never hold it back.
        if (kind === 'sign_in') {
          ctx.setCookie(DEVICE_COOKIE, deviceCookieValue(env.AUTH_SECRET, userId), {
            httpOnly: true,
            sameSite: 'lax',
            secure: env.isProduction,
            path: '/',
            maxAge: DEVICE_COOKIE_MAX_AGE,
          });
        }
      }),
    },
    plugins: [
      // Describes better-auth's endpoints for our OpenAPI document (modules/docs); its own
      // reference page stays off, and neither of its two routes is reachable (auth/routes.ts).
      openAPI({ disableDefaultReference: true }),
      magicLink({
        expiresIn: 60 * 10,
        disableSignUp: true,
        storeToken: 'hashed',
        sendMagicLink: async ({ email, url }) => {
          // A link alone would skip the second factor, so members who have one are told to use their password.
          // A suspended member gets no link either: it would only end on a refusal.
          const [member] = await db
            .select({ twoFactor: user.twoFactorEnabled, banned: user.banned, banExpires: user.banExpires })
            .from(user)
            .where(eq(user.email, normalizeEmail(email)))
            .limit(1);
          if (member && isBannedNow(member)) {
            await mailer.send(suspendedMail(email, `${env.BASE_URL}/suspended`));
            return;
          }
          await mailer.send(
            member?.twoFactor ? magicLinkRefusedMail(email, `${env.BASE_URL}/login`) : magicLinkMail(email, url),
          );
        },
      }),
      twoFactor({
        issuer: 'Vouch',
        // Replaced by guardSecondFactor, which cannot be turned against the owner.
        accountLockout: { enabled: false },
        otpOptions: {
          // Email codes are the member's choice (Security tab); without it, no code is mailed.
          sendOTP: async ({ user: member, otp }) => {
            if (!(await hooks.emailCodesAllowed(db, member.id)))
              throw new APIError('BAD_REQUEST', { code: 'EMAIL_CODES_OFF', message: MFA_TEXT.emailCodesOff });
            await mailer.send(signInCodeMail(member.email, otp));
          },
        },
      }),
    ],
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** What a suspended member is told when they sign in with the right password: until when, if it ends. */
const suspendedMessage = (until: Date | null) =>
  until
    ? `${ACCOUNT_SUSPENDED.slice(0, -1)} until ${until.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })}.`
    : ACCOUNT_SUSPENDED;

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

const SECOND_FACTOR_PATHS = new Set([
  '/two-factor/verify-totp',
  '/two-factor/verify-otp',
  '/two-factor/verify-backup-code',
]);

/**
 * An administrator's sign-in is complete, and logged as `admin_sign_in`, only once the second
 * factor is accepted; a refused code is logged as a failed admin sign-in (wherever the code was
 * entered: the admin and member sign-in pages lead to the same account).
 */
async function logAdminSecondFactor(db: Db, hooks: AuthHooks, ctx: HookContext): Promise<void> {
  // Without the password step's cookie this is enrolment in Settings, not a sign-in.
  const identifier = await secondFactorCookie(ctx);
  if (!identifier) return;
  const refused = isAPIError(ctx.context.returned);
  const userId = refused
    ? (await ctx.context.internalAdapter.findVerificationValue(identifier))?.value
    : ctx.context.newSession?.user.id;
  if (!userId) return;
  const [admin] = await db
    .select({ id: adminUsers.userId })
    .from(adminUsers)
    .where(eq(adminUsers.userId, userId))
    .limit(1);
  if (!admin) return;
  const ip = ctx.headers?.get(CLIENT_IP_HEADER) ?? 'unknown';
  await db.transaction((tx) =>
    hooks.appendSecurityLog(
      tx,
      refused
        ? {
            eventType: 'admin_sign_in_failed',
            severity: 'warning',
            actorId: null,
            details: { userId, ip, step: 'second factor', method: ctx.path.split('/').pop()! },
          }
        : { eventType: 'admin_sign_in', severity: 'info', actorId: userId, details: { ip, twoFactor: true } },
    ),
  );
}

/**
 * An authenticator code works once per account (RFC 6238 §5.2): someone who watched it typed,
 * or a request sent twice, is refused as a wrong code. The code is claimed before better-auth
 * checks it, in one statement, so two requests racing with the same code cannot both pass. A
 * code is accepted one 30-second step either side of its own, so a claim is kept two minutes.
 */
async function claimAuthenticatorCode(db: Db, ctx: HookContext): Promise<void> {
  const code = typeof ctx.body?.code === 'string' ? ctx.body.code : null;
  // The session is not read yet in a before-hook: enrolment (signed in) is told apart here.
  const session = ctx.context.session ?? (await getSessionFromCtx(ctx).catch(() => null));
  const userId = session?.user.id ?? (await pendingSecondFactorUser(ctx));
  if (!code || !userId) return;
  const key = `totp-used:${createHash('sha256').update(`${userId}:${code}`).digest('base64url')}`;
  try {
    await consumeLimits(db, [{ key, max: 1, windowSeconds: 120 }]);
  } catch {
    throw new APIError('UNAUTHORIZED', { code: 'INVALID_CODE', message: 'Invalid code' });
  }
}

/** The member a password sign-in left waiting for its second factor (better-auth's signed cookie). */
async function secondFactorCookie(ctx: HookContext): Promise<string | null> {
  const cookie = ctx.context.createAuthCookie('two_factor');
  return (await ctx.getSignedCookie(cookie.name, ctx.context.secret)) || null;
}

async function pendingSecondFactorUser(ctx: HookContext): Promise<string | null> {
  const identifier = await secondFactorCookie(ctx);
  if (!identifier) return null;
  const pending = await ctx.context.internalAdapter.findVerificationValue(identifier);
  return pending?.value ?? null;
}

const requestMeta = (headers: Headers | undefined): RequestMeta => ({
  ip: headers?.get(CLIENT_IP_HEADER) ?? null,
  userAgent: headers?.get('user-agent') ?? null,
});

const ACCOUNT_NAME_MAX = 80;

/** The same rules the forms show, enforced where it counts. */
function validateAccountInput(path: string, body: Record<string, unknown> | undefined): void {
  const fail = (message: string) => {
    throw new APIError('BAD_REQUEST', { code: 'VALIDATION_FAILED', message });
  };
  const check = (schema: typeof EmailSchema, value: unknown) => {
    const result = schema.safeParse(value);
    if (!result.success) fail(result.error.issues[0]!.message);
  };
  if (path === '/sign-up/email') {
    check(EmailSchema, body?.email);
    check(PasswordSchema, body?.password);
    if (typeof body?.name !== 'string' || body.name.length > ACCOUNT_NAME_MAX)
      fail(`A name is at most ${ACCOUNT_NAME_MAX} characters.`);
    else if (!personName(body.name)) fail(NAME_TEXT.noLinks);
    if (body?.registration !== undefined) {
      const result = ZRegistrationDetails.safeParse(body.registration);
      if (!result.success) fail(result.error.issues[0]!.message);
    }
  }
  if (path === '/sign-in/magic-link' || path === '/request-password-reset') check(EmailSchema, body?.email);
  if (path === '/reset-password' || path === '/change-password') check(PasswordSchema, body?.newPassword);
  if (path === '/change-password' && body?.newPassword === body?.currentPassword) fail(PASSWORD_UNCHANGED);
}
