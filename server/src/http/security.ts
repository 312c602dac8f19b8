import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { START_AFTER_PAINT_SCRIPT, THEME_INIT_SCRIPT } from '../../../contracts/inline-scripts';
import type { AppEnv } from '../lib/context';
import { AppError } from '../lib/errors';

const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  // Two inline scripts, allowed by their hashes: the theme before the first paint, and a
  // prerendered page's scripts started after it.
  `script-src 'self' ${[THEME_INIT_SCRIPT, START_AFTER_PAINT_SCRIPT].map(cspHash).join(' ')}`,
  // Radix and sonner set inline style attributes; scripts stay strictly same-origin.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "media-src 'self' blob:",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

function cspHash(script: string): string {
  return `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
}

/** The headers every answer carries: the security headers, and that it varies by encoding. */
function everyAnswer(isProduction: boolean): [string, string][] {
  return [
    ['Content-Security-Policy', CONTENT_SECURITY_POLICY],
    ...(isProduction ? [['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'] as [string, string]] : []),
    ['X-Frame-Options', 'DENY'],
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    // compress() adds it only to what it could compress; a cache must key on it for every answer.
    ['Vary', 'Accept-Encoding'],
  ];
}

/**
 * The security headers, `Vary: Accept-Encoding`, and `Cache-Control: no-store` on the API
 * (answers there are personal), unless a route set its own. Set before the handler runs, they
 * are part of the answer as c.json() and c.body() build it, in one pass: the same headers set
 * on each finished answer instead cost a fifth of /api/health (each set on a Headers object is
 * validated). An answer a handler built itself (a file, a redirect) does not carry them: those
 * get them afterwards, as before.
 */
export function responseHeaders(isProduction: boolean): MiddlewareHandler {
  const headers = everyAnswer(isProduction);
  return async (c, next) => {
    const api = c.req.path.startsWith('/api/');
    for (const [name, value] of headers) c.header(name, value);
    if (api) c.header('Cache-Control', 'no-store');
    await next();
    if (c.res.headers.has('Content-Security-Policy')) return;
    const own = c.res.headers;
    const set = (name: string, value: string) => {
      // A redirect's headers are immutable: that answer is copied (c.header does it).
      try {
        own.set(name, value);
      } catch {
        c.header(name, value);
      }
    };
    for (const [name, value] of headers) {
      const vary = name === 'Vary' ? own.get('Vary') : null;
      if (vary === '*' || (vary && /accept-encoding/i.test(vary))) continue;
      set(name, vary ? `${vary}, ${value}` : value);
    }
    if (api && !own.has('Cache-Control')) set('Cache-Control', 'no-store');
  };
}

/** Writes that carry their own authority and are made by something other than our pages. */
const TOKEN_WRITES = [
  // A local CLI, holding the control token.
  (path: string) => path.startsWith('/api/control/'),
  // A mail client's one-click unsubscribe (RFC 8058): no cookie, no Origin, the token in the URL.
  (path: string) => path === '/api/reminders/unsubscribe',
];

/**
 * Cross-site request forgery: a state-changing API call must come from one of our own
 * origins, except the token-carrying writes above.
 */
export function sameOriginWrites(origins: string[]): MiddlewareHandler<AppEnv> {
  const allowed = new Set(origins);
  return async (c, next) => {
    const method = c.req.method;
    const safe = method === 'GET' || method === 'HEAD' || method === 'OPTIONS';
    if (!safe && !TOKEN_WRITES.some((exempt) => exempt(c.req.path))) {
      const origin = c.req.header('origin');
      if (!origin || !allowed.has(origin)) {
        throw new AppError('FORBIDDEN', 'This request must come from the Vouch site itself.');
      }
    }
    await next();
  };
}
