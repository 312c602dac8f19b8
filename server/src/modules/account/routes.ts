import { OpenAPIHono, z } from '@hono/zod-openapi';
import {
  ZAccountDeleted,
  ZAccountEventList,
  ZAccountExport,
  ZOk,
  ZRevoked,
  ZSessionList,
} from '../../../../contracts/responses';
import type { Context } from 'hono';
import { setCookie } from 'hono/cookie';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE, deviceCookieValue, readDeviceApproval } from '../../auth/sign-in-guard';
import { AppError } from '../../lib/errors';
import { ZEmailCodeChange, ZPasswordConfirm, ZPrivacySettings, ZSecuritySettings } from '../../../../contracts/account';
import type { AppEnv } from '../../lib/context';
import { errorResponse, jsonBody, jsonResponse } from '../../lib/openapi';
import { route } from '../../lib/route';
import { deleteAccount, exportAccountData } from './data.service';
import { confirmEmail } from './confirm-email.service';
import { ZConfirmEmailInput } from '../../../../contracts/auth';
import type { RequestMeta } from '../../auth/hooks';
import { listAccountEvents } from './events';
import { privacySettings, savePrivacySettings } from './privacy.service';
import {
  disableAuthenticatorApp,
  listSessions,
  revokeOtherSessions,
  revokeSession,
  securitySettings,
  setEmailCode,
} from './security.service';

const metaOf = (c: Context<AppEnv>): RequestMeta => ({
  ip: c.get('clientIp'),
  userAgent: c.req.header('user-agent') ?? null,
});

export const accountRoutes = new OpenAPIHono<AppEnv>()
  .openapi(
    route('Account', 'member', 'get', '/api/account/security', {
      summary: 'Second factors: authenticator app, email codes',
      responses: { 200: jsonResponse(ZSecuritySettings, 'Settings') },
    }),
    async (c) => c.json(await securitySettings(c.var.db, c.var.user.id), 200),
  )
  .openapi(
    route('Account', 'member', 'put', '/api/account/security/email-code', {
      summary: 'Turn sign-in codes by email on or off (password required)',
      request: { body: jsonBody(ZEmailCodeChange) },
      responses: { 200: jsonResponse(ZSecuritySettings, 'Saved'), 400: errorResponse('Wrong password') },
    }),
    async (c) => {
      const { enabled, password } = c.req.valid('json');
      return c.json(await setEmailCode(c.var.db, c.var.user.id, enabled, password, metaOf(c)), 200);
    },
  )
  .openapi(
    route('Account', 'member', 'post', '/api/account/security/app/disable', {
      summary:
        'Turn the authenticator app off (password required). Turning it on goes through /api/auth/two-factor/enable and verify-totp.',
      request: { body: jsonBody(ZPasswordConfirm) },
      responses: { 200: jsonResponse(ZSecuritySettings, 'Saved'), 400: errorResponse('Wrong password') },
    }),
    async (c) =>
      c.json(await disableAuthenticatorApp(c.var.db, c.var.user.id, c.req.valid('json').password, metaOf(c)), 200),
  )
  .openapi(
    route('Account', 'member', 'get', '/api/account/sessions', {
      summary: 'Where the member is signed in',
      responses: { 200: jsonResponse(ZSessionList, 'Sessions, latest activity first') },
    }),
    async (c) => c.json({ sessions: await listSessions(c.var.db, c.var.user.id, c.get('sessionId')) }, 200),
  )
  .openapi(
    route('Account', 'member', 'post', '/api/account/sessions/revoke-others', {
      summary: 'Sign out every other device',
      responses: { 200: jsonResponse(ZRevoked, 'Signed out') },
    }),
    async (c) =>
      c.json(
        {
          revoked: await revokeOtherSessions(c.var.db, c.var.user.id, c.get('sessionId'), metaOf(c)),
        },
        200,
      ),
  )
  .openapi(
    route('Account', 'member', 'post', '/api/account/sessions/{sessionId}/revoke', {
      summary: 'Sign out one other device',
      request: { params: z.object({ sessionId: z.string().min(1).max(64) }) },
      responses: {
        200: jsonResponse(ZOk, 'Signed out'),
        400: errorResponse('This device'),
        404: errorResponse('No such session'),
      },
    }),
    async (c) => {
      await revokeSession(c.var.db, c.var.user.id, c.get('sessionId'), c.req.valid('param').sessionId, metaOf(c));
      return c.json({ ok: true as const }, 200);
    },
  )
  .openapi(
    route('Account', 'member', 'get', '/api/account/activity', {
      summary: 'Recent security activity: sign-ins, password and second-factor changes (newest 100)',
      responses: { 200: jsonResponse(ZAccountEventList, 'Activity') },
    }),
    async (c) => c.json({ events: await listAccountEvents(c.var.db, c.var.user.id) }, 200),
  )
  .openapi(
    route('Account', 'member', 'get', '/api/account/privacy', {
      summary: 'Privacy settings',
      responses: { 200: jsonResponse(ZPrivacySettings, 'Settings'), 404: errorResponse('No profile yet') },
    }),
    async (c) => c.json(await privacySettings(c.var.db, c.var.user.id), 200),
  )
  .openapi(
    route('Account', 'member', 'put', '/api/account/privacy', {
      summary: 'Hide my profile, verified-only messages, show my distance',
      request: { body: jsonBody(ZPrivacySettings) },
      responses: { 200: jsonResponse(ZPrivacySettings, 'Saved'), 404: errorResponse('No profile yet') },
    }),
    async (c) => c.json(await savePrivacySettings(c.var.db, c.var.user.id, c.req.valid('json')), 200),
  )
  .openapi(
    route('Account', 'member', 'get', '/api/account/export', {
      summary: 'Download my data: everything we hold about the member, as one JSON file with photos inlined',
      responses: { 200: jsonResponse(ZAccountExport, 'The export (sent as an attachment)') },
    }),
    async (c) => {
      const data = await exportAccountData(c.get('deps'), c.var.user.id);
      c.header(
        'content-disposition',
        `attachment; filename="vouch-data-${new Date().toISOString().slice(0, 10)}.json"`,
      );
      c.header('cache-control', 'no-store');
      return c.json(data, 200);
    },
  )
  .openapi(
    route('Account', 'member', 'post', '/api/account/delete', {
      summary: 'Delete my account for good (password required)',
      request: { body: jsonBody(ZPasswordConfirm) },
      responses: {
        200: jsonResponse(ZAccountDeleted, 'Deleted; the session cookie is cleared'),
        400: errorResponse('Wrong password'),
      },
    }),
    async (c) => {
      await deleteAccount(c.get('deps'), c.var.user.id, c.req.valid('json').password);
      // The session row went with the account; the cookies go too.
      for (const name of [
        'better-auth.session_token',
        'better-auth.session_data',
        '__Secure-better-auth.session_token',
        '__Secure-better-auth.session_data',
      ]) {
        c.header(
          'set-cookie',
          `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${name.startsWith('__Secure') ? '; Secure' : ''}`,
          { append: true },
        );
      }
      return c.json({ deleted: true as const }, 200);
    },
  )
  .openapi(
    route('Account', 'public', 'post', '/api/account/confirm-email', {
      summary:
        "Confirm an email from its mailed link, with the account's password or a new one (which ends every earlier password, session and second factor)",
      request: { body: jsonBody(ZConfirmEmailInput) },
      responses: {
        200: jsonResponse(z.object({ email: z.string() }), 'Confirmed: sign in with this address'),
        400: errorResponse('Wrong password'),
        404: errorResponse('The link does not work or has expired'),
        409: errorResponse('Already confirmed'),
      },
    }),
    async (c) => {
      const { database, env } = c.get('deps');
      return c.json(await confirmEmail(database.db, env.AUTH_SECRET, c.req.valid('json')), 200);
    },
  )
  .openapi(
    route('Account', 'public', 'post', '/api/account/approve-device', {
      summary:
        'Make this browser known to the account (the link mailed when the right password came from a new device while strangers were guessing)',
      request: { body: jsonBody(z.object({ token: z.string().min(10).max(200) })) },
      responses: {
        200: jsonResponse(z.object({ approved: z.literal(true) }), 'This browser now counts as the member’s own'),
        404: errorResponse('The link does not work or has expired'),
      },
    }),
    async (c) => {
      const { env } = c.get('deps');
      const userId = readDeviceApproval(env.AUTH_SECRET, c.req.valid('json').token);
      if (!userId)
        throw new AppError(
          'NOT_FOUND',
          'This link has expired or does not exist. Sign in again to have a new one sent.',
        );
      setCookie(c, DEVICE_COOKIE, deviceCookieValue(env.AUTH_SECRET, userId), {
        httpOnly: true,
        sameSite: 'Lax',
        secure: env.isProduction,
        path: '/',
        maxAge: DEVICE_COOKIE_MAX_AGE,
      });
      return c.json({ approved: true as const }, 200);
    },
  );
