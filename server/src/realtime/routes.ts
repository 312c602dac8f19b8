import type { Hono } from 'hono';
import { upgradeWebSocket } from '@hono/node-server';
import type { AppEnv } from '../lib/context';
import { errorBody } from '../lib/errors';
import { findSession, isAdminSession } from '../lib/route';
import { ADMIN_AUDIENCE } from './hub';

/**
 * The realtime socket at /api/realtime: authenticated by the session cookie, and refused to
 * any other origin (cross-site WebSocket hijacking). Frames are JSON events; the client may
 * send "ping" to keep the connection alive.
 */
export function mountRealtime(app: Hono<AppEnv>, origins: string[]): void {
  const allowed = new Set(origins);
  app.get(
    '/api/realtime',
    async (c, next) => {
      const origin = c.req.header('origin');
      if (!origin || !allowed.has(origin)) return c.json(errorBody('FORBIDDEN', 'Cross-origin sockets are not allowed.'), 403);
      const found = await findSession(c.get('deps'), c.req.raw.headers);
      if (!found) return c.json(errorBody('UNAUTHORIZED', 'Please sign in to continue.'), 401);
      c.set('user', found.user);
      c.set('sessionCreatedAt', found.createdAt);
      await next();
    },
    upgradeWebSocket(async (c) => {
      const userId = c.get('user').id;
      // Administrators' sockets also join the admin audience (live statistics).
      const admin = await isAdminSession(c.get('deps'), userId, c.get('sessionCreatedAt'));
      const audiences = admin ? [userId, ADMIN_AUDIENCE] : [userId];
      const { hub } = c.get('deps');
      return {
        onOpen: (_event, ws) => audiences.forEach((id) => hub.add(id, ws)),
        onClose: (_event, ws) => audiences.forEach((id) => hub.remove(id, ws)),
        onMessage: (event, ws) => {
          if (event.data === 'ping') ws.send('pong');
        },
      };
    }),
  );
}
