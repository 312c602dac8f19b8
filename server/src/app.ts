import { OpenAPIHono } from '@hono/zod-openapi';
import { getConnInfo } from '@hono/node-server/conninfo';
import { compress } from 'hono/compress';
import { requestId } from 'hono/request-id';
import type { MiddlewareHandler } from 'hono';
import { CLIENT_IP_HEADER, trustedOrigins } from './auth/auth';
import { mountAuth } from './auth/routes';
import { authHooks } from './modules/auth-hooks';
import { securityHeaders, sameOriginWrites } from './http/security';
import { apiBodyLimit, refuseNul } from './http/request-guards';
import { mountWebApp } from './http/web-app';
import type { AppEnv, Deps } from './lib/context';
import { errorBody, handleError } from './lib/errors';
import { loggablePath } from './lib/logger';
import { apiRoutes } from './api';
import { devMailRoutes } from './modules/dev-mail/routes';
import { mountApiDocs } from './modules/docs/routes';
import { mountSiteFiles } from './http/site-files';

export function createApp(deps: Deps) {
  const { env, logger } = deps;
  const app = new OpenAPIHono<AppEnv>({
    // A body or query that fails its schema gets a 400 naming the first problem per field.
    defaultHook: (result, c) => {
      if (result.success) return;
      const fields: Record<string, string> = {};
      for (const issue of result.error.issues) fields[issue.path.join('.') || 'body'] ??= issue.message;
      const message = result.error.issues[0]?.message ?? 'Invalid request';
      return c.json(errorBody('VALIDATION_FAILED', message, fields), 400);
    },
  });
  app.onError((error, c) => handleError(error, c, logger));

  app.use('*', requestId());
  app.use('*', logRequests(deps));
  app.use('*', securityHeaders(env.isProduction));
  app.use('*', compress());
  app.use('*', varyOnAcceptEncoding());
  app.use('*', async (c, next) => {
    c.set('deps', deps);
    await next();
  });
  app.use('/api/*', apiBodyLimit());
  app.use('/api/*', apiDefaults(env.TRUST_PROXY));
  app.use('/api/*', sameOriginWrites(trustedOrigins(env)));
  app.use('/api/*', refuseNul());

  mountAuth(app, authHooks);
  app.route('/', apiRoutes);
  if (!env.isProduction) app.route('/', devMailRoutes);
  mountApiDocs(app);
  app.all('/api/*', (c) => c.json(errorBody('NOT_FOUND', 'No such API route.'), 404));
  mountSiteFiles(app, env.BASE_URL);
  mountWebApp(app, env.WEB_DIST);
  return app;
}

export type App = ReturnType<typeof createApp>;

/**
 * API answers are personal: never cached. The caller's address is fixed here, once, on the
 * context; better-auth reads it from a request header, so its routes get that header too
 * (overwritten, so a client cannot choose it). Only those: touching the raw request's headers
 * builds a whole Request object, which most routes never need.
 */
function apiDefaults(proxyHops: number): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    let address = proxyHops > 0 ? forwardedClient(c.req.header('x-forwarded-for'), proxyHops) : undefined;
    if (!address) {
      try {
        address = getConnInfo(c).remote.address;
      } catch {
        address = undefined; // not behind a Node socket (in-process requests)
      }
    }
    c.set('clientIp', address ?? 'unknown');
    if (c.req.path.startsWith('/api/auth/')) c.req.raw.headers.set(CLIENT_IP_HEADER, address ?? 'unknown');
    await next();
    // Set on the answer's own headers: c.header() after the handler would copy the answer into
    // a new Response, stream and all. A redirect's headers are immutable: that one is copied.
    if (!c.res.headers.has('Cache-Control')) {
      try {
        c.res.headers.set('Cache-Control', 'no-store');
      } catch {
        c.header('Cache-Control', 'no-store');
      }
    }
  };
}

/**
 * Says `Vary: Accept-Encoding` on the answer's own headers, before compress() looks: compress()
 * would otherwise set it with c.header(), which copies every answer into a new Response (stream
 * and all), compressed or not. Runs inside compress(), so its headers are set first.
 */
function varyOnAcceptEncoding(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const vary = c.res.headers.get('Vary');
    if (vary === '*' || (vary && /accept-encoding/i.test(vary))) return;
    try {
      c.res.headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    } catch {
      // immutable headers (a redirect): compress() copies that one, as before
    }
  };
}

/**
 * The client's address behind `hops` proxies of our own. Each proxy appends the address it was
 * connected from, so the trustworthy entry is the hops-th from the right; everything to its
 * left was written by the client and may be made up.
 */
export function forwardedClient(header: string | undefined, hops: number): string | undefined {
  const entries = (header ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return undefined;
  return entries[Math.max(0, entries.length - hops)];
}

function logRequests({ logger }: Deps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    logger.info(
      {
        reqId: c.get('requestId'),
        method: c.req.method,
        path: loggablePath(c.req.path),
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      },
      'request',
    );
  };
}
