import WebSocket from 'ws';
import type { TestClient } from './test-client';
import { frameText } from '../src/realtime/frame-text';

export type LiveSocket = {
  socket: WebSocket;
  events: unknown[];
  next(predicate: (event: any) => boolean, timeoutMs?: number): Promise<any>;
};

/** Opens /api/realtime as the client's member; resolves once open, or rejects with the HTTP status. */
export function openSocket(client: TestClient, origin: string | null = client.baseUrl): Promise<LiveSocket> {
  const url = client.baseUrl.replace(/^http/, 'ws') + '/api/realtime';
  const headers: Record<string, string> = { cookie: client.cookieHeader() };
  if (origin) headers.origin = origin;
  const socket = new WebSocket(url, { headers });
  const events: unknown[] = [];
  const waiters: { predicate: (e: any) => boolean; resolve: (e: any) => void }[] = [];
  socket.on('message', (data) => {
    const text = frameText(data);
    if (text === 'pong') return;
    const event = JSON.parse(text);
    events.push(event);
    // Resolve the waiters this event satisfies, removing them first.
    const ready = waiters.filter((waiter) => waiter.predicate(event));
    for (const waiter of ready) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(event);
    }
  });
  const next = (predicate: (event: any) => boolean, timeoutMs = 5000) =>
    new Promise<any>((resolve, reject) => {
      const found = events.find(predicate);
      if (found) return resolve(found);
      const timer = setTimeout(() => reject(new Error('no matching realtime event')), timeoutMs);
      waiters.push({ predicate, resolve: (e) => (clearTimeout(timer), resolve(e)) });
    });
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve({ socket, events, next }));
    socket.once('unexpected-response', (_request, response) => reject(new Error(`HTTP ${response.statusCode}`)));
    socket.once('error', reject);
  });
}
