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
import { ZEmailCodeChange, ZPasswordConfirm, ZPrivacySettings, ZSecuritySettings } from '../../../../contracts/account';
import type { AppEnv } from '../../lib/context';
import { errorResponse, jsonBody, jsonResponse } from '../../lib/openapi';
import { defineRoute } from '../../lib/route';
import { deleteAccount, exportAccountData } from './data.service';
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
    defineRoute('member', {
      method: 'get',
      path: '/api/account/security',
      tags: ['Account'],
      summary: 'Second factors: authenticator app, email codes',
      responses: { 200: jsonResponse(ZSecuritySettings, 'Settings') },
    }),
    async (c) => c.json(await securitySettings(c.get('deps').database.db, c.get('user').id), 200),
  )
  .openapi(
    defineRoute('member', {
      method: 'put',
      path: '/api/account/security/email-code',
      tags: ['Account'],
      summary: 'Turn sign-in codes by email on or off (password required)',
      request: { body: jsonBody(ZEmailCodeChange) },
      responses: { 200: jsonResponse(ZSecuritySettings, 'Saved'), 400: errorResponse('Wrong password') },
    }),
    async (c) => {
      const { enabled, password } = c.req.valid('json');
      return c.json(await setEmailCode(c.get('deps').database.db, c.get('user').id, enabled, password, metaOf(c)), 200);
    },
  )
  .openapi(
    defineRoute('member', {
      method: 'post',
      path: '/api/account/security/app/disable',
      tags: ['Account'],
      summary:
        'Turn the authenticator app off (password required). Turning it on goes through /api/auth/two-factor/enable and verify-totp.',
      request: { body: jsonBody(ZPasswordConfirm) },
      responses: { 200: jsonResponse(ZSecuritySettings, 'Saved'), 400: errorResponse('Wrong password') },
    }),
    async (c) =>
      c.json(
        await disableAuthenticatorApp(
          c.get('deps').database.db,
          c.get('user').id,
          c.req.valid('json').password,
          metaOf(c),
        ),
        200,
      ),
  )
  .openapi(
    defineRoute('member', {
      method: 'get',
      path: '/api/account/sessions',
      tags: ['Account'],
      summary: 'Where the member is signed in',
      responses: { 200: jsonResponse(ZSessionList, 'Sessions, latest activity first') },
    }),
    async (c) =>
      c.json({ sessions: await listSessions(c.get('deps').database.db, c.get('user').id, c.get('sessionId')) }, 200),
  )
  .openapi(
    defineRoute('member', {
      method: 'post',
      path: '/api/account/sessions/revoke-others',
      tags: ['Account'],
      summary: 'Sign out every other device',
      responses: { 200: jsonResponse(ZRevoked, 'Signed out') },
    }),
    async (c) =>
      c.json(
        {
          revoked: await revokeOtherSessions(
            c.get('deps').database.db,
            c.get('user').id,
            c.get('sessionId'),
            metaOf(c),
          ),
        },
        200,
      ),
  )
  .openapi(
    defineRoute('member', {
      method: 'post',
      path: '/api/account/sessions/{sessionId}/revoke',
      tags: ['Account'],
      summary: 'Sign out one other device',
      request: { params: z.object({ sessionId: z.string().min(1).max(64) }) },
      responses: {
        200: jsonResponse(ZOk, 'Signed out'),
        400: errorResponse('This device'),
        404: errorResponse('No such session'),
      },
    }),
    async (c) => {
      await revokeSession(
        c.get('deps').database.db,
        c.get('user').id,
        c.get('sessionId'),
        c.req.valid('param').sessionId,
        metaOf(c),
      );
      return c.json({ ok: true as const }, 200);
    },
  )
  .openapi(
    defineRoute('member', {
      method: 'get',
      path: '/api/account/activity',
      tags: ['Account'],
      summary: 'Recent security activity: sign-ins, password and second-factor changes (newest 100)',
      responses: { 200: jsonResponse(ZAccountEventList, 'Activity') },
    }),
    async (c) => c.json({ events: await listAccountEvents(c.get('deps').database.db, c.get('user').id) }, 200),
  )
  .openapi(
    defineRoute('member', {
      method: 'get',
      path: '/api/account/privacy',
      tags: ['Account'],
      summary: 'Privacy settings',
      responses: { 200: jsonResponse(ZPrivacySettings, 'Settings'), 404: errorResponse('No profile yet') },
    }),
    async (c) => c.json(await privacySettings(c.get('deps').database.db, c.get('user').id), 200),
  )
  .openapi(
    defineRoute('member', {
      method: 'put',
      path: '/api/account/privacy',
      tags: ['Account'],
      summary: 'Hide my profile, verified-only messages, show my distance',
      request: { body: jsonBody(ZPrivacySettings) },
      responses: { 200: jsonResponse(ZPrivacySettings, 'Saved'), 404: errorResponse('No profile yet') },
    }),
    async (c) =>
      c.json(await savePrivacySettings(c.get('deps').database.db, c.get('user').id, c.req.valid('json')), 200),
  )
  .openapi(
    defineRoute('member', {
      method: 'get',
      path: '/api/account/export',
      tags: ['Account'],
      summary: 'Download my data: everything we hold about the member, as one JSON file with photos inlined',
      responses: { 200: jsonResponse(ZAccountExport, 'The export (sent as an attachment)') },
    }),
    async (c) => {
      const data = await exportAccountData(c.get('deps'), c.get('user').id);
      c.header(
        'content-disposition',
        `attachment; filename="vouch-data-${new Date().toISOString().slice(0, 10)}.json"`,
      );
      c.header('cache-control', 'no-store');
      return c.json(data, 200);
    },
  )
  .openapi(
    defineRoute('member', {
      method: 'post',
      path: '/api/account/delete',
      tags: ['Account'],
      summary: 'Delete my account for good (password required)',
      request: { body: jsonBody(ZPasswordConfirm) },
      responses: {
        200: jsonResponse(ZAccountDeleted, 'Deleted; the session cookie is cleared'),
        400: errorResponse('Wrong password'),
      },
    }),
    async (c) => {
      await deleteAccount(c.get('deps'), c.get('user').id, c.req.valid('json').password);
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
  );
