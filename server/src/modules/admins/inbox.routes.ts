import { OpenAPIHono, z } from '@hono/zod-openapi';
import { ZInboxList, ZOk } from '../../../../contracts/responses';
import { ZContactMessage } from '../../../../contracts/admin';
import { addressKey, consumeLimits } from '../../auth/rate-limit';
import type { AppEnv } from '../../lib/context';
import { errorResponse, jsonBody, jsonResponse } from '../../lib/openapi';
import { findSession, route } from '../../lib/route';
import { listInbox, markHandled, receiveMessage } from './inbox.service';

export const inboxRoutes = new OpenAPIHono<AppEnv>()
  .openapi(
    route('Contact', 'public', 'post', '/api/contact', {
      summary: 'Send a contact or support message (stored for the admin inbox)',
      request: { body: jsonBody(ZContactMessage) },
      responses: {
        201: jsonResponse(ZOk, 'Received'),
        400: errorResponse('Missing fields'),
        429: errorResponse('Too many messages'),
      },
    }),
    async (c) => {
      const deps = c.get('deps');
      const ip = c.get('clientIp');
      await consumeLimits(deps.database.db, [
        { key: `contact:ip:${addressKey(ip)}`, max: Math.min(deps.env.RATE_LIMIT_IP_MAX, 20), windowSeconds: 3600 },
      ]);
      const sender = await findSession(deps, c.req.raw.headers);
      await receiveMessage(deps.database.db, sender?.user.id ?? null, c.req.valid('json'));
      return c.json({ ok: true as const }, 201);
    },
  )
  .openapi(
    route('Admin', 'admin', 'get', '/api/admin/inbox', {
      summary: 'Contact and support messages, unhandled and priority first',
      responses: { 200: jsonResponse(ZInboxList, 'Messages') },
    }),
    async (c) => c.json({ messages: await listInbox(c.var.db) }, 200),
  )
  .openapi(
    route('Admin', 'admin', 'post', '/api/admin/inbox/{id}/handled', {
      summary: 'Mark a message handled',
      request: { params: z.object({ id: z.uuid() }) },
      responses: {
        200: jsonResponse(ZOk, 'Handled'),
        404: errorResponse('No such unhandled message'),
      },
    }),
    async (c) => {
      await markHandled(c.get('deps'), c.var.user.id, c.req.valid('param').id);
      return c.json({ ok: true as const }, 200);
    },
  );
