import { setTimeout } from 'node:timers/promises';
import { normalizeEmail } from '../../../contracts/auth';
import type { Context, Hono } from 'hono';
import type { AppEnv } from '../lib/context';
import { AppError, errorBody } from '../lib/errors';
import { TOASTS } from '../../../contracts/messages';
import { isApiErrorCode } from '../../../contracts/errors';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { systemLogs, user } from '../db/schema';
import { trustedOrigins } from './auth';
import type { AuthHooks } from './hooks';
import { consumeLimits, mailLimits } from './rate-limit';
import { beginSignIn, deviceAccount, knownToAccount, type SignInAttempt } from './sign-in-guard';
import { ownersRequest } from '../mail/unrequested';
import { rememberSignUpAttempt, wasTypedAtSignUp } from './sign-up-attempts';
import { deviceCheck } from './device-check';

/** better-auth's messages for these codes, in the product's wording (contracts/messages.ts). */
const SPEC_MESSAGES: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: TOASTS.invalidLoginCredentials,
  EMAIL_NOT_VERIFIED: TOASTS.emailNotConfirmed,
};

/**
 * The better-auth endpoints a browser may reach: signing up, in and out, confirming an email,
 * resetting and changing one's own password, and one's own second factor. better-auth defines
 * many more (account linking, user updates, session lists with their tokens, …); they stay
 * internal, answered 404 here, so nothing under /api/auth can act on another account or skip
 * the rules our own routes enforce (decision 011).
 */
export const EXPOSED_AUTH_ROUTES: readonly string[] = [
  'POST /sign-up/email',
  'POST /sign-in/email',
  'POST /sign-in/magic-link',
  'GET /magic-link/verify',
  'POST /sign-out',
  'GET /verify-email',
  'POST /send-verification-email',
  'POST /request-password-reset',
  'GET /reset-password/:token',
  'POST /reset-password',
  'POST /change-password',
  'POST /two-factor/enable',
  'POST /two-factor/verify-totp',
  'POST /two-factor/send-otp',
  'POST /two-factor/verify-otp',
  'POST /two-factor/verify-backup-code',
];
const exposed = new Set(EXPOSED_AUTH_ROUTES);
/** The calls that mail their address a link its owner may need to get in. */
const OWNER_MAIL_PATHS = new Set(['/request-password-reset', '/sign-in/magic-link', '/send-verification-email']);

export function isExposedAuthRoute(method: string, path: string): boolean {
  const template = path.replace(/^\/reset-password\/[^/]+$/, '/reset-password/:token');
  return exposed.has(`${method} ${template}`);
}

/**
 * better-auth serves the exposed routes under /api/auth/*. In front of it: the route list, one
 * body encoding (JSON, the one the limits read: a form-encoded body would pass better-auth and
 * slip past them), the rate limits, and a rewrite of its answers into the API's error shape,
 * without the session tokens it puts in bodies (the cookie carries the session; page scripts
 * never need the token).
 */
export function mountAuth(app: Hono<AppEnv>, hooks: Pick<AuthHooks, 'emailCodesAllowed'>): void {
  app.on(['GET', 'POST'], '/api/auth/*', async (c) => {
    const path = c.req.path.slice('/api/auth'.length);
    if (!isExposedAuthRoute(c.req.method, path)) throw new AppError('NOT_FOUND', 'No such API route.');
    if (c.req.method !== 'POST' || !EVENLY_PACED_PATHS.has(path)) return answerAuthRequest(c, path, hooks);
    const answerAt = performance.now() + EVEN_PACE_MS;
    try {
      return await answerAuthRequest(c, path, hooks);
    } finally {
      await setTimeout(Math.max(0, answerAt - performance.now()));
    }
  });
}

/**
 * The calls whose work depends on whether the address has an account (a sign-up opens one or
 * mails its owner; a reset or link is mailed to members only) but whose answer must not. Their
 * answer waits until this long after the request came in, more than the work takes, so that a
 * member's address and a stranger's are answered in the same time.
 */
const EVENLY_PACED_PATHS = new Set(['/sign-up/email', ...OWNER_MAIL_PATHS]);
const EVEN_PACE_MS = 150;

async function answerAuthRequest(
  c: Context<AppEnv>,
  path: string,
  hooks: Pick<AuthHooks, 'emailCodesAllowed'>,
): Promise<Response> {
  const { auth, database, env } = c.get('deps');
  const ip = c.get('clientIp');

  if (c.req.method === 'GET') refuseForeignCallbacks(new URL(c.req.url).searchParams, trustedOrigins(env));
  // A confirmation link mailed before links opened our page: it opens the page now, which asks
  // for the account's password (following a link proves the mailbox, not the password).
  if (c.req.method === 'GET' && path === '/verify-email')
    return c.redirect(`/confirm-email?token=${encodeURIComponent(c.req.query('token') ?? '')}`, 302);
  let request = c.req.raw;
  let email: string | undefined;
  let password: unknown;
  let attempt: SignInAttempt | null = null;
  if (c.req.method === 'POST') {
    const body = await readJsonBody(c);
    request = new Request(c.req.raw.url, { method: 'POST', headers: c.req.raw.headers, body: body.text });
    email = typeof body.value?.email === 'string' ? body.value.email : undefined;
    password = body.value?.password;
    if (path === '/sign-in/email' && email !== undefined) {
      attempt = await beginSignIn(database.db, {
        email,
        address: ip,
        cookieHeader: c.req.header('cookie'),
        secret: env.AUTH_SECRET,
        ipMax: env.RATE_LIMIT_IP_MAX,
      });
    } else {
      await consumeLimits(database.db, mailLimits(path, ip, email, env.RATE_LIMIT_IP_MAX));
    }
  }

  if (attempt?.deviceCheck && email)
    throw await deviceCheck(
      {
        db: database.db,
        mailer: c.get('deps').mailer,
        logger: c.get('deps').logger,
        secret: env.AUTH_SECRET,
        baseUrl: env.BASE_URL,
      },
      { email, password },
    );
  // A reset or sign-in link asked for from the owner's own device or address is hers to get,
  // whatever strangers spent of her address's daily allowance (mail/unrequested.ts).
  const owner =
    email !== undefined &&
    OWNER_MAIL_PATHS.has(path) &&
    (await knownToAccount(database.db, email, ip, deviceAccount(c.req.header('cookie'), env.AUTH_SECRET)));
  let response = owner ? await ownersRequest.run(true, () => auth.handler(request)) : await auth.handler(request);
  if (path === '/sign-up/email' && response.ok && email && typeof password === 'string')
    await rememberSignUpAttempt(database.db, env.AUTH_SECRET, email, password);
  // The password typed at a sign-up with this (confirmed) address: answered as an unconfirmed
  // sign-up's sign-in would be, so that these steps tell no one who is a member.
  if (attempt && email && response.status === 401 && typeof password === 'string')
    if (await wasTypedAtSignUp(database.db, env.AUTH_SECRET, email, password)) response = emailNotConfirmed();
  if (attempt && response.ok) await attempt.succeeded();
  // Failed sign-ins are counted by the security audit (many in a day for one account).
  if (attempt && email && response.status === 401) {
    await database.db.insert(systemLogs).values({
      eventType: 'sign_in_failed',
      detail: 'Wrong email or password',
      metadata: { email: normalizeEmail(email), ip },
    });
  }
  // A link followed in the browser by a suspended member (sent before the suspension) opens
  // the page that says why and how to appeal, not an error in JSON.
  if (c.req.method === 'GET' && response.status >= 400 && (await errorCode(response)) === 'BANNED_USER')
    return c.redirect('/suspended', 302);
  if (response.status >= 400) return rewriteError(response);
  const answer = await withoutTokens(response);
  return path === '/sign-in/email' && email ? withOfferedFactors(answer, database.db, email, hooks) : answer;
}

/**
 * better-auth lists 'otp' among a sign-in's second factors whenever codes can be mailed at all;
 * a member who has email codes off is offered only their authenticator app.
 */
async function withOfferedFactors(
  response: Response,
  db: Db,
  email: string,
  hooks: Pick<AuthHooks, 'emailCodesAllowed'>,
): Promise<Response> {
  if (!(response.headers.get('content-type') ?? '').includes('application/json')) return response;
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { twoFactorRedirect?: boolean; twoFactorMethods?: string[] } | null;
  if (!body?.twoFactorRedirect || !body.twoFactorMethods?.includes('otp')) return response;
  const [member] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.email, normalizeEmail(email)))
    .limit(1);
  if (member && (await hooks.emailCodesAllowed(db, member.id))) return response;
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  const twoFactorMethods = body.twoFactorMethods.filter((method) => method !== 'otp');
  return new Response(JSON.stringify({ ...body, twoFactorMethods }), { status: response.status, headers });
}

/** Where a mailed link may send the browser afterwards: a page of this site, nothing else. */
const CALLBACK_PARAMS = ['callbackURL', 'errorCallbackURL', 'newUserCallbackURL'];
const SITE_PATH = /^\/(?![/\\])[^\s\\]*$/;

function isOwnPage(value: string, origins: string[]): boolean {
  if (SITE_PATH.test(value)) return true;
  try {
    return origins.includes(new URL(value).origin);
  } catch {
    return false;
  }
}

/**
 * The links we mail carry pages of our own as their callbacks. Any other value (another site, a
 * scheme, a malformed URL that better-auth's redirect would fail on with a 500) is a bad link.
 */
function refuseForeignCallbacks(query: URLSearchParams, origins: string[]): void {
  for (const name of CALLBACK_PARAMS) {
    const value = query.get(name);
    if (value !== null && !isOwnPage(value, origins))
      throw new AppError('VALIDATION_FAILED', 'This link is not valid. Please request a new one.');
  }
}

/** The POST body as text and as parsed JSON; anything but JSON is refused before better-auth sees it. */
async function readJsonBody(c: Context<AppEnv>): Promise<{ text: string; value: Record<string, unknown> | null }> {
  const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json')
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send this request as JSON (Content-Type: application/json).');
  const text = await c.req.text();
  if (text.trim() === '') return { text: '{}', value: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AppError('VALIDATION_FAILED', 'The request body is not valid JSON.');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new AppError('VALIDATION_FAILED', 'The request body must be a JSON object.');
  return { text, value: value as Record<string, unknown> };
}

async function errorCode(response: Response): Promise<string | undefined> {
  if (!(response.headers.get('content-type') ?? '').includes('application/json')) return undefined;
  const body = (await response
    .clone()
    .json()
    .catch(() => ({}))) as { code?: string };
  return body.code;
}

async function rewriteError(response: Response): Promise<Response> {
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('application/json')) return response;
  const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
  // The browser branches on codes: it is told only those it knows (contracts/errors.ts).
  const code = body.code && isApiErrorCode(body.code) ? body.code : 'AUTH_ERROR';
  const message = SPEC_MESSAGES[code] ?? body.message ?? 'Something went wrong. Please try again.';
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify(errorBody(code, message)), { status: response.status, headers });
}

/** better-auth returns the session token in some bodies (sign-in, change-password, …): the cookie is enough. */
async function withoutTokens(response: Response): Promise<Response> {
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('application/json')) return response;
  const body = (await response.json().catch(() => null)) as unknown;
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (value === null || typeof value !== 'object') return value;
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => key !== 'token')
        .map(([key, inner]) => [key, strip(inner)]),
    );
  };
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify(strip(body)), { status: response.status, headers });
}

/** better-auth's answer to a right password for an account whose email is not confirmed yet. */
const emailNotConfirmed = () =>
  new Response(JSON.stringify({ code: 'EMAIL_NOT_VERIFIED', message: 'Email not verified' }), {
    status: 403,
    headers: { 'content-type': 'application/json' },
  });
