import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { frameText } from './frame-text';
import type { Deps } from '../lib/context';
import { errorBody, INTERNAL_MESSAGE, isDatabaseUnavailable, UNAVAILABLE_MESSAGE } from '../lib/errors';
import { ADMIN_SESSION_HOURS, findSession, isAdminSession } from '../lib/route';

export const REALTIME_PATH = '/api/realtime';

/** Answers a refused handshake over the raw socket (no WebSocket was opened) and hangs up. */
function refuse(socket: Duplex, status: number, code: string, message: string): void {
  const body = JSON.stringify(errorBody(code, message));
  const reason =
    { 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 503: 'Service Unavailable' }[status] ?? 'Error';
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

function headersOf(request: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) headers.set(name, value.join(', '));
  }
  return headers;
}

/**
 * The realtime socket at /api/realtime: authenticated by the session cookie, and refused to
 * any other origin (cross-site WebSocket hijacking). Frames are JSON events; the client may
 * send "ping" to keep the connection alive.
 *
 * The handshake is handled here, on the HTTP server's upgrade event, rather than as a Hono
 * route: a route's request context would stay referenced by every open socket (about 22 KB
 * each), where the socket itself needs about 9 KB (bench: idle sockets).
 */
export function attachRealtime(server: Server, deps: Deps, origins: string[]): WebSocketServer {
  const allowed = new Set(origins);
  const wss = new WebSocketServer({ noServer: true, maxPayload: 16 * 1024 });
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const accept = async () => {
      const path = new URL(request.url ?? '/', 'http://localhost').pathname;
      if (path !== REALTIME_PATH) return refuse(socket, 404, 'NOT_FOUND', 'Not found.');
      const origin = request.headers.origin;
      if (!origin || !allowed.has(origin))
        return refuse(socket, 403, 'FORBIDDEN', 'Cross-origin sockets are not allowed.');
      const found = await findSession(deps, headersOf(request));
      if (!found) return refuse(socket, 401, 'UNAUTHORIZED', 'Please sign in to continue.');
      // Administrators' sockets also join the admin audience (live statistics) until the admin window ends.
      const admin = await isAdminSession(deps, found.user.id, found.createdAt);
      const adminUntil = admin ? found.createdAt.getTime() + ADMIN_SESSION_HOURS * 3_600_000 : null;
      wss.handleUpgrade(request, socket, head, (ws) => {
        deps.hub.add(ws, { userId: found.user.id, sessionId: found.sessionId, adminUntil });
        ws.on('close', () => deps.hub.remove(ws));
        ws.on('error', () => ws.terminate());
        ws.on('message', (data) => {
          if (frameText(data) === 'ping') ws.send('pong');
        });
      });
    };
    accept().catch((error: unknown) => {
      deps.logger.warn({ err: error }, 'a realtime handshake failed');
      if (isDatabaseUnavailable(error)) refuse(socket, 503, 'UNAVAILABLE', UNAVAILABLE_MESSAGE);
      else refuse(socket, 500, 'INTERNAL', INTERNAL_MESSAGE);
    });
  });
  return wss;
}
