import { createRoute, type RouteConfig } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { and, eq, gt, sql } from 'drizzle-orm';
import { timingSafeEqual } from 'node:crypto';
import { getConnInfo } from '@hono/node-server/conninfo';
import { adminUsers, session, subscriptions, user } from '../db/schema';
import type { AppEnv, Deps, SessionUser } from './context';
import { preparedPerDatabase } from '../db/prepared';
import { bannedNow } from '../db/standing';
import { AppError } from './errors';
import { ACCOUNT_SUSPENDED } from '../../../contracts/errors';
import { readSessionToken } from '../auth/session-cookie';
import { touchActivity } from './activity';
import { errorResponse } from './openapi';

/**
 * Who may call a route. Declared once per route, enforced by the guard below, and
 * published in the OpenAPI document as `x-access` so tests can walk every route.
 * - public: anyone
 * - member: a signed-in member
 * - admin: a signed-in member with an admin_users row
 * - control: a local CLI holding the token from DATA_DIR
 * - dev: only from this machine (loopback, not through a proxy), and only outside production
 *   (the route is not mounted there)
 */
export type Access = 'public' | 'member' | 'admin' | 'control' | 'dev';

/** The refusals the guard below answers for each access rule, published with every route. */
const ACCESS_RESPONSES: Record<Access, Record<number, ReturnType<typeof errorResponse>>> = {
  public: {},
  dev: {},
  member: { 401: errorResponse('Not signed in'), 403: errorResponse('The account is suspended') },
  admin: {
    401: errorResponse('Not signed in'),
    403: errorResponse('Not an administrator, the account is suspended, or the admin session is over 24 hours old'),
  },
  control: { 401: errorResponse('No valid control token') },
};

/**
 * A route with its access rule: the guard enforces it, and the responses it implies (401, 403)
 * are added to the route's own. Where a route has its own 403, the two descriptions are joined.
 */
function defineRoute<P extends string, R extends Omit<RouteConfig, 'path'> & { path: P }>(access: Access, config: R) {
  const responses: RouteConfig['responses'] = { ...ACCESS_RESPONSES[access] };
  for (const [status, own] of Object.entries(config.responses)) {
    const implied = ACCESS_RESPONSES[access][Number(status)];
    responses[status] =
      implied && 'description' in own
        ? { ...own, description: `${own.description}; or ${implied.description.toLowerCase()}` }
        : own;
  }
  return createRoute({ ...config, responses, 'x-access': access, middleware: [guard(access)] } as R & {
    'x-access': Access;
  });
}

/**
 * A route in one line of who, what and where, then its contract:
 * `route('Plans', 'member', 'get', '/api/boost', { summary, responses })`. The tag groups it in
 * the API reference; the access rule is enforced as defineRoute says.
 */
export function route<
  M extends RouteConfig['method'],
  P extends string,
  C extends Omit<RouteConfig, 'method' | 'path' | 'tags'>,
>(tag: string, access: Access, method: M, path: P, config: C) {
  return defineRoute(access, { ...config, method, path, tags: [tag] });
}

function guard(access: Access): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const deps = c.get('deps');
    if (access === 'member' || access === 'admin') {
      const found = await resolveSession(deps, c.req.raw.headers);
      if (found.state === 'banned') throw new AppError('FORBIDDEN', ACCOUNT_SUSPENDED);
      if (found.state === 'none') throw new AppError('UNAUTHORIZED', 'Please sign in to continue.');
      forwardSessionCookies(c, found);
      c.set('user', found.user);
      c.set('sessionId', found.sessionId);
      c.set('sessionCreatedAt', found.createdAt);
      // Fire and forget: a lost 'last active' stamp only blurs the recently-active filter.
      touchActivity(deps.database.db, found.user.id).catch((error: unknown) =>
        deps.logger.warn({ err: error }, 'activity not recorded'),
      );
      if (access === 'admin' && !(await isAdminSession(deps, found.user.id, found.createdAt))) {
        throw new AppError('FORBIDDEN', 'Administrator access is required.');
      }
    }
    // The outbox holds sign-in links for every account, and the clock moves check-ins: only this
    // machine, and on it only whoever started the server (it printed the key), may use them.
    if (access === 'dev' && !(isLoopbackRequest(c) && sameSecret(deps.devKey, c.req.header(DEV_KEY_HEADER))))
      throw new AppError('NOT_FOUND', 'No such API route.');
    if (access === 'control' && !hasControlToken(deps, c.req.header('x-control-token'))) {
      throw new AppError('UNAUTHORIZED', 'A valid control token is required.');
    }
    await next();
  };
}

/** Admin rights last 24 hours from sign-in; after that the admin signs in again. */
export const ADMIN_SESSION_HOURS = 24;

type ResolvedSession =
  | { state: 'none' }
  | { state: 'banned' }
  | { state: 'ok'; user: SessionUser; sessionId: string; createdAt: Date; refreshedCookies: string[] };

/**
 * The request's session, read live from its row on every request, so a session revoked elsewhere
 * (sign-out, password reset, ban) stops working at once. A banned member still holding a session
 * is told so (403). One indexed query, no better-auth round: only a session due for its daily
 * extension goes through better-auth, which moves its expiry on and sends the renewed cookie
 * (refreshedCookies, passed on to the browser).
 */
export async function resolveSession(deps: Deps, headers: Headers): Promise<ResolvedSession> {
  const context = await deps.auth.$context;
  const token = readSessionToken(headers.get('cookie'), context.authCookies.sessionToken.name, context.secret);
  if (!token) return { state: 'none' };
  const [live] = await sessionByToken(deps.database.db).execute({ token });
  if (!live) return { state: 'none' };
  if (live.banned) return { state: 'banned' };
  let refreshedCookies: string[] = [];
  if (live.updatedAt.getTime() < Date.now() - context.sessionConfig.updateAge * 1000) {
    const { headers: authHeaders } = await deps.auth.api.getSession({
      headers,
      query: { disableCookieCache: true },
      returnHeaders: true,
    });
    refreshedCookies = authHeaders.getSetCookie();
  }
  return {
    state: 'ok',
    user: { ...live.user, banned: false, subscription: live.subscription },
    sessionId: live.sessionId,
    createdAt: live.createdAt,
    refreshedCookies,
  };
}

/** Passes a refreshed session cache cookie on to the browser. */
export function forwardSessionCookies(c: Context, found: { refreshedCookies: string[] }): void {
  for (const line of found.refreshedCookies) c.header('set-cookie', line, { append: true });
}

export async function findSession(
  deps: Deps,
  headers: Headers,
): Promise<{ user: SessionUser; sessionId: string; createdAt: Date; refreshedCookies: string[] } | null> {
  const found = await resolveSession(deps, headers);
  return found.state === 'ok' ? found : null;
}

/** The signed-in caller, as the services that may grant admins more need it. */
export type Viewer = { id: string; sessionCreatedAt: Date };
export const viewerOf = (c: Context<AppEnv>): Viewer => ({
  id: c.get('user').id,
  sessionCreatedAt: c.get('sessionCreatedAt'),
});

/** Whether a session is young enough to carry admin rights, if its member is an administrator. */
export const adminWindowOpen = (sessionCreatedAt: Date) =>
  sessionCreatedAt.getTime() > Date.now() - ADMIN_SESSION_HOURS * 3_600_000;

/** An administrator, signed in within the last 24 hours. */
export async function isAdminSession(deps: Deps, userId: string, sessionCreatedAt: Date): Promise<boolean> {
  return adminWindowOpen(sessionCreatedAt) && (await isAdmin(deps, userId));
}

/** The session query of every member request, as a named prepared statement; the member's plan comes with it. */
const sessionByToken = preparedPerDatabase((db) =>
  db
    .select({
      sessionId: session.id,
      createdAt: session.createdAt,
      updatedAt: session.updatedAt,
      banned: bannedNow('user'),
      user: {
        id: user.id,
        email: user.email,
        name: user.name,
        emailVerified: user.emailVerified,
        createdAt: user.createdAt,
      },
      subscription: { active: subscriptions.active, tier: subscriptions.tier, expiresAt: subscriptions.expiresAt },
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .leftJoin(subscriptions, eq(subscriptions.userId, session.userId))
    .where(and(eq(session.token, sql.placeholder('token')), gt(session.expiresAt, sql`now()`)))
    .limit(1)
    .prepare('session_by_token'),
);

export async function isAdmin(deps: Deps, userId: string): Promise<boolean> {
  const rows = await deps.database.db
    .select({ userId: adminUsers.userId })
    .from(adminUsers)
    .where(eq(adminUsers.userId, userId))
    .limit(1);
  return rows.length > 0;
}

/** The header the development tools' key travels in. */
export const DEV_KEY_HEADER = 'x-dev-key';

function hasControlToken(deps: Deps, given: string | undefined): boolean {
  return sameSecret(deps.controlToken, given);
}

function sameSecret(secret: string | null, given: string | undefined): boolean {
  if (!secret || !given) return false;
  const a = Buffer.from(secret);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/** A request made on this machine directly: from a loopback address, with no proxy in between. */
function isLoopbackRequest(c: Context): boolean {
  if (c.req.header('x-forwarded-for') || c.req.header('forwarded') || c.req.header('x-real-ip')) return false;
  try {
    return LOOPBACK.test(getConnInfo(c).remote.address ?? '');
  } catch {
    return false;
  }
}
