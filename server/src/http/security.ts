import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { AppEnv } from '../lib/context';
import { AppError } from '../lib/errors';

export function securityHeaders(isProduction: boolean): MiddlewareHandler {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Radix and sonner set inline style attributes; scripts stay strictly same-origin.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      mediaSrc: ["'self'", 'blob:'],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    strictTransportSecurity: isProduction ? 'max-age=31536000; includeSubDomains' : false,
    xFrameOptions: 'DENY',
    xContentTypeOptions: 'nosniff',
    referrerPolicy: 'strict-origin-when-cross-origin',
    crossOriginOpenerPolicy: 'same-origin',
    crossOriginResourcePolicy: 'same-origin',
    removePoweredBy: true,
  });
}

/**
 * Cross-site request forgery: a state-changing API call must come from one of our own
 * origins. The control route is exempt: it is called by a local CLI and holds its own token.
 */
export function sameOriginWrites(origins: string[]): MiddlewareHandler<AppEnv> {
  const allowed = new Set(origins);
  return async (c, next) => {
    const method = c.req.method;
    const safe = method === 'GET' || method === 'HEAD' || method === 'OPTIONS';
    if (!safe && !c.req.path.startsWith('/api/control/')) {
      const origin = c.req.header('origin');
      if (!origin || !allowed.has(origin)) {
        throw new AppError('FORBIDDEN', 'This request must come from the Vouch site itself.');
      }
    }
    await next();
  };
}
