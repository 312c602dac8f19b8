import { rateLimitMessage } from '../../../../contracts/errors';
import { AppError } from '../../lib/errors';

/**
 * Messages one member may send a minute, counted in this process's memory (a send's own
 * statement stays its only round trip to the database). A person chatting sends far fewer; each
 * send costs the server the recipient's checks (hidden words among them), so a script sending
 * without end is held to this pace. Behind several servers each holds its own count.
 */
export function sendRate(perMinute: number) {
  const windows = new Map<string, { start: number; count: number }>();
  let swept = Date.now();
  return {
    /** Counts one send by the member, or refuses it (429, with the wait) once the minute's are spent. */
    count(memberId: string, now = Date.now()): void {
      if (now - swept > 60_000) {
        for (const [id, window] of windows) if (now - window.start >= 60_000) windows.delete(id);
        swept = now;
      }
      const window = windows.get(memberId);
      if (!window || now - window.start >= 60_000) {
        windows.set(memberId, { start: now, count: 1 });
        return;
      }
      if (++window.count > perMinute) {
        const seconds = Math.max(1, Math.ceil((window.start + 60_000 - now) / 1000));
        throw new AppError('RATE_LIMITED', rateLimitMessage(seconds), undefined, { 'Retry-After': String(seconds) });
      }
    },
  };
}

/** One count per server (its environment), made on its first send. */
const ofServer = new WeakMap<object, ReturnType<typeof sendRate>>();
export function sendRateOf(env: { MESSAGES_PER_MINUTE: number }) {
  let rate = ofServer.get(env);
  if (!rate) ofServer.set(env, (rate = sendRate(env.MESSAGES_PER_MINUTE)));
  return rate;
}
