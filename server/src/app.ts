import { OpenAPIHono } from '@hono/zod-openapi';
import { getConnInfo } from '@hono/node-server/conninfo';
import { compress } from 'hono/compress';
import { requestId } from 'hono/request-id';
import type { MiddlewareHandler } from 'hono';
import { CLIENT_IP_HEADER, trustedOrigins } from './auth/auth';
import { mountAuth } from './auth/routes';
import { authHooks } from './modules/auth-hooks';
import { responseHeaders, sameOriginWrites } from './http/security';
import { apiBodyLimit, refuseNul } from './http/request-guards';
import { mountWebApp } from './http/web-app';
import type { AppEnv, Deps } from './lib/context';
import { errorBody, handleError } from './lib/errors';
import { fieldErrors } from '../../contracts/zod';
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
      const message = result.error.issues[0]?.message ?? 'Invalid request';
      return c.json(errorBody('VALIDATION_FAILED', message, fieldErrors(result.error.issues)), 400);
    },
  });
  app.onError((error, c) => handleError(error, c, logger));

  app.use('*', requestId());
  app.use('*', logRequests(deps));
  app.use('*', responseHeaders(env.isProduction));
  app.use('*', compress());
  app.use('*', async (c, next) => {
    c.set('deps', deps);
    c.set('db', deps.database.db);
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
 * The caller's address, fixed here, once, on the context; better-auth reads it from a request
 * header, so its routes get that header too (overwritten, so a client cannot choose it). Only
 * those: touching the raw request's headers builds a whole Request object, which most routes
 * never need.
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
  return addressOf(entries[Math.max(0, entries.length - hops)]!);
}

/**
 * The address in a forwarded entry. Some proxies write the client's port too (`ip:port`,
 * `[v6]:port`), a new one for each connection: counted by the whole entry, every request would
 * be a new client to the rate limits. An IPv4 address mapped into IPv6 is read as IPv4.
 */
function addressOf(entry: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(entry);
  const withPort = /^([^:]+):\d+$/.exec(entry);
  const address = (bracketed?.[1] ?? withPort?.[1] ?? entry).toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  return mapped ? mapped[1]! : address;
}

/** A request slower than this is logged as slow, whatever its answer. */
const SLOW_REQUEST_MS = 1000;

/**
 * One line per request that failed (4xx, 5xx) or was slow, at info; every other request's line
 * is at debug (LOG_LEVEL=debug shows them). A line for each of thousands of successful requests
 * a second cost a sixth of a small request's CPU, and a deployment's access log is its proxy's
 * (docs/decisions/016-speed-against-floors.md).
 */
function logRequests({ logger }: Deps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const ms = performance.now() - started;
    const level = c.res.status >= 400 || ms >= SLOW_REQUEST_MS ? 'info' : 'debug';
    if (!logger.isLevelEnabled(level)) return;
    logger[level](
      {
        reqId: c.get('requestId'),
        method: c.req.method,
        path: loggablePath(c.req.path),
        status: c.res.status,
        ms: Math.round(ms * 10) / 10,
      },
      'request',
    );
  };
}
