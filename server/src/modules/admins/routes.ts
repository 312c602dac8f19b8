import { OpenAPIHono, z } from '@hono/zod-openapi';
import { normalizeEmail } from '../../../../contracts/auth';
import {
  ZAdminCaseList,
  ZAdminSignInResult,
  ZAdminUserList,
  ZLastAudit,
  ZOk,
  ZSecurityEvents,
} from '../../../../contracts/responses';
import { eq } from 'drizzle-orm';
import {
  ADMIN_TEXT,
  ZAdminSignIn,
  ZAdminStats,
  ZAdminUser,
  ZAuditResult,
  ZCaseDecision,
} from '../../../../contracts/admin';
import { CASE_KINDS, CASE_STATUSES } from '../../../../contracts/safety';
import { beginSignIn } from '../../auth/sign-in-guard';
import { deviceCheck } from '../../auth/device-check';
import { adminUsers, user } from '../../db/schema';
import type { AppEnv } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { errorResponse, jsonBody, jsonResponse } from '../../lib/openapi';
import { route } from '../../lib/route';
import { appendSecurityLog } from '../audit/security-log';
import { listCasesForAdmin } from '../safety/safety.service';
import { lastSecurityAudit, reportCounters, runSecurityAudit, securityEvents } from './audit.service';
import { resolveCase } from './moderation.service';
import { adminStats, getUser, listUsers, removeAllPhotos, setBanned, setVerified } from './users.service';

const userParams = z.object({ userId: z.string().min(1).max(64) });

/** An address under the reserved .invalid domain: never an account's, so its sign-in always fails. */
const NO_ACCOUNT_EMAIL = 'no-account@vouch.invalid';

export const adminRoutes = new OpenAPIHono<AppEnv>()
  .openapi(
    route('Admin', 'public', 'post', '/api/admin/sign-in', {
      summary: 'Sign in at /admin-login: the normal account sign-in, which succeeds only for administrators',
      request: { body: jsonBody(ZAdminSignIn) },
      responses: {
        200: jsonResponse(ZAdminSignInResult, 'Signed in (session cookie set), or a second factor is needed'),
        401: errorResponse('Access Denied'),
        429: errorResponse('Too many attempts'),
      },
    }),
    async (c) => {
      const deps = c.get('deps');
      const { email, password } = c.req.valid('json');
      const normalized = normalizeEmail(email);
      const ip = c.get('clientIp');
      const attempt = await beginSignIn(deps.database.db, {
        email: normalized,
        address: ip,
        cookieHeader: c.req.header('cookie'),
        secret: deps.env.AUTH_SECRET,
        ipMax: deps.env.RATE_LIMIT_IP_MAX,
      });
      if (attempt.deviceCheck)
        throw await deviceCheck(
          {
            db: deps.database.db,
            mailer: deps.mailer,
            logger: deps.logger,
            secret: deps.env.AUTH_SECRET,
            baseUrl: deps.env.BASE_URL,
          },
          { email: normalized, password },
        );
      const denied = async () => {
        await deps.database.db.transaction((tx) =>
          appendSecurityLog(tx, {
            eventType: 'admin_sign_in_failed',
            severity: 'warning',
            actorId: null,
            details: { email: normalized, ip },
          }),
        );
        return new AppError('UNAUTHORIZED', ADMIN_TEXT.accessDenied.description);
      };
      const [admin] = await deps.database.db
        .select({ id: user.id })
        .from(user)
        .innerJoin(adminUsers, eq(adminUsers.userId, user.id))
        .where(eq(user.email, normalized));
      const forwarded = new Headers(c.req.raw.headers);
      forwarded.set('content-type', 'application/json');
      forwarded.delete('content-length');
      // Members and strangers get the same answer as a wrong password, after as long: their
      // attempt runs through the same sign-in, for an address no account can have, so better-auth
      // checks the password against its stand-in hash and timing does not tell admins' emails apart.
      const response = await deps.auth.handler(
        new Request(new URL('/api/auth/sign-in/email', deps.env.BASE_URL), {
          method: 'POST',
          headers: forwarded,
          body: JSON.stringify({ email: admin ? normalized : NO_ACCOUNT_EMAIL, password }),
        }),
      );
      if (!admin || !response.ok) throw await denied();
      await attempt.succeeded();
      const body = (await response.json()) as { twoFactorRedirect?: boolean };
      for (const cookie of response.headers.getSetCookie()) c.header('Set-Cookie', cookie, { append: true });
      // With a second factor the sign-in is not done yet: better-auth's hook logs it once the code is accepted.
      if (body.twoFactorRedirect) return c.json({ twoFactorRequired: true }, 200);
      await deps.database.db.transaction((tx) =>
        appendSecurityLog(tx, {
          eventType: 'admin_sign_in',
          severity: 'info',
          actorId: admin.id,
          details: { ip, twoFactor: false },
        }),
      );
      return c.json({ twoFactorRequired: false }, 200);
    },
  )
  .openapi(
    route('Admin', 'admin', 'get', '/api/admin/stats', {
      summary: 'Platform statistics for the Overview tab',
      responses: { 200: jsonResponse(ZAdminStats, 'Statistics') },
    }),
    async (c) => c.json(await adminStats(c.var.db), 200),
  )
  .openapi(
    route('Admin', 'admin', 'get', '/api/admin/users', {
      summary: 'The newest 50 members, optionally searched by name',
      request: { query: z.object({ search: z.string().max(100).optional() }) },
      responses: { 200: jsonResponse(ZAdminUserList, 'Members') },
    }),
    async (c) => c.json({ users: await listUsers(c.var.db, c.req.valid('query').search) }, 200),
  )
  .openapi(
    route('Admin', 'admin', 'get', '/api/admin/users/{userId}', {
      summary: "One member's details",
      request: { params: userParams },
      responses: { 200: jsonResponse(ZAdminUser, 'Member'), 404: errorResponse('No such member') },
    }),
    async (c) => c.json(await getUser(c.var.db, c.req.valid('param').userId), 200),
  )
  .openapi(
    route('Admin', 'admin', 'put', '/api/admin/users/{userId}/verified', {
      summary: 'Set or clear the verified mark',
      request: {
        params: userParams,
        body: jsonBody(z.object({ verified: z.boolean() })),
      },
      responses: { 200: jsonResponse(ZAdminUser, 'Member'), 404: errorResponse('No such member') },
    }),
    async (c) =>
      c.json(
        await setVerified(
          c.var.db,
          { adminId: c.var.user.id, userId: c.req.valid('param').userId },
          c.req.valid('json').verified,
        ),
        200,
      ),
  )
  .openapi(
    route('Admin', 'admin', 'put', '/api/admin/users/{userId}/blocked', {
      summary: 'Block (ban) or unblock a member: ends their sessions, refuses sign-in, hides the profile',
      request: {
        params: userParams,
        body: jsonBody(
          z.object({
            blocked: z.boolean(),
            reason: z.string().trim().max(300).default('Blocked by an administrator'),
            days: z.number().int().min(1).max(365).optional(),
          }),
        ),
      },
      responses: {
        200: jsonResponse(ZAdminUser, 'Member'),
        404: errorResponse('No such member'),
        409: errorResponse('An administrator'),
      },
    }),
    async (c) => {
      const { blocked, reason, days } = c.req.valid('json');
      const act = { adminId: c.var.user.id, userId: c.req.valid('param').userId };
      return c.json(
        await setBanned(c.get('deps'), act, blocked ? { banned: true, reason, days } : { banned: false }),
        200,
      );
    },
  )
  .openapi(
    route('Admin', 'admin', 'delete', '/api/admin/users/{userId}/photos', {
      summary: "Remove all of a member's photos",
      request: { params: userParams },
      responses: { 200: jsonResponse(ZAdminUser, 'Member'), 404: errorResponse('No such member') },
    }),
    async (c) =>
      c.json(
        await removeAllPhotos(c.get('deps'), { adminId: c.var.user.id, userId: c.req.valid('param').userId }),
        200,
      ),
  )
  .openapi(
    route('Admin', 'admin', 'get', '/api/admin/cases', {
      summary:
        'Moderation cases of one kind (reports, safety flags, date disputes, returning accounts) with their evidence',
      request: {
        query: z.object({ kind: z.enum(CASE_KINDS).default('report'), status: z.enum(CASE_STATUSES).optional() }),
      },
      responses: { 200: jsonResponse(ZAdminCaseList, 'Cases') },
    }),
    async (c) => {
      const { kind, status } = c.req.valid('query');
      return c.json({ cases: await listCasesForAdmin(c.var.db, status, kind) }, 200);
    },
  )
  .openapi(
    route('Admin', 'admin', 'post', '/api/admin/cases/{caseId}/decision', {
      summary: 'Decide a case: dismiss, warn, suspend for N days, or ban; the reporter sees the outcome',
      request: {
        params: z.object({ caseId: z.uuid() }),
        body: jsonBody(ZCaseDecision),
      },
      responses: {
        200: jsonResponse(ZOk, 'Decided'),
        400: errorResponse('Invalid decision'),
        404: errorResponse('No such case'),
        409: errorResponse('Already decided'),
      },
    }),
    async (c) => {
      await resolveCase(
        c.get('deps'),
        { adminId: c.var.user.id, caseId: c.req.valid('param').caseId },
        c.req.valid('json'),
      );
      return c.json({ ok: true as const }, 200);
    },
  )
  .openapi(
    route('Admin', 'admin', 'get', '/api/admin/security-events', {
      summary: 'The newest 50 security-log entries and the Reports counters',
      responses: {
        200: jsonResponse(ZSecurityEvents, 'Events'),
      },
    }),
    async (c) =>
      c.json({ events: await securityEvents(c.get('deps')), counters: await reportCounters(c.get('deps')) }, 200),
  )
  .openapi(
    route('Admin', 'admin', 'post', '/api/admin/audit', {
      summary: 'Run the security audit',
      responses: { 200: jsonResponse(ZAuditResult, 'Findings') },
    }),
    async (c) => c.json(await runSecurityAudit(c.get('deps'), c.var.user.id), 200),
  )
  .openapi(
    route('Admin', 'admin', 'get', '/api/admin/audit', {
      summary: 'The last security audit',
      responses: { 200: jsonResponse(ZLastAudit, 'Last audit') },
    }),
    async (c) => c.json({ audit: await lastSecurityAudit(c.get('deps')) }, 200),
  );
