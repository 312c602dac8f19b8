import type { Hono } from 'hono';
import type { AppEnv } from '../lib/context';
import { errorBody } from '../lib/errors';
import { TOASTS } from '../../../contracts/messages';
import { systemLogs } from '../db/schema';
import { authLimits, consumeLimits } from './rate-limit';

/** better-auth error codes mapped to the spec's wording, which the login page reads. */
const SPEC_MESSAGES: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: TOASTS.invalidLoginCredentials,
  EMAIL_NOT_VERIFIED: TOASTS.emailNotConfirmed,
};

/**
 * better-auth serves everything under /api/auth/*. In front of it: the rate limits, and
 * a rewrite of its error bodies into the API's one error shape.
 */
export function mountAuth(app: Hono<AppEnv>): void {
  app.on(['GET', 'POST'], '/api/auth/*', async (c) => {
    const { auth, database, env } = c.get('deps');
    const path = c.req.path.slice('/api/auth'.length);
    const ip = c.req.header('x-vouch-client-ip') ?? 'unknown';
    if (c.req.method === 'POST') {
      await consumeLimits(database.db, authLimits(path, ip, await readEmail(c.req.raw), env.RATE_LIMIT_IP_MAX));
    }
    const email = c.req.method === 'POST' && path === '/sign-in/email' ? await readEmail(c.req.raw) : undefined;
    const response = await auth.handler(c.req.raw);
    // Failed sign-ins are counted by the security audit (many in a day for one account).
    if (email && response.status === 401) {
      await database.db.insert(systemLogs).values({ eventType: 'sign_in_failed', detail: 'Wrong email or password', metadata: { email: email.trim().toLowerCase(), ip } });
    }
    return response.status >= 400 ? rewriteError(response) : response;
  });
}

async function readEmail(request: Request): Promise<string | undefined> {
  try {
    const body = (await request.clone().json()) as { email?: unknown };
    return typeof body.email === 'string' ? body.email : undefined;
  } catch {
    return undefined;
  }
}

async function rewriteError(response: Response): Promise<Response> {
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('application/json')) return response;
  const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
  const code = body.code ?? 'AUTH_ERROR';
  const message = SPEC_MESSAGES[code] ?? body.message ?? 'Something went wrong. Please try again.';
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify(errorBody(code, message)), { status: response.status, headers });
}
