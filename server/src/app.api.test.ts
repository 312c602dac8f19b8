import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { START_AFTER_PAINT_SCRIPT, THEME_INIT_SCRIPT } from '../../contracts/inline-scripts';
import { registerVerified, signIn } from '../test/accounts';
import { EXPOSED_AUTH_ROUTES } from './auth/routes';
import { startTestServer, testDatabaseKind, type TestServer } from '../test/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

type OpenApi = {
  paths: Record<string, Record<string, { 'x-access'?: string; responses: Record<string, { description: string }> }>>;
};

/** A concrete URL for an OpenAPI path template. */
const fill = (template: string) => template.replace(/\{[^}]+\}/g, '00000000-0000-0000-0000-000000000000');

describe(`platform on ${testDatabaseKind}`, () => {
  it('reports the database kind and migration state', async () => {
    const health = await server
      .client()
      .json<{ status: string; database: { kind: string; migrationsApplied: number } }>('GET', '/api/health');
    expect(health.status).toBe(200);
    expect(health.body.status).toBe('ok');
    expect(health.body.database.kind).toBe(testDatabaseKind);
    expect(health.body.database.migrationsApplied).toBeGreaterThan(0);
  });

  it('declares an access rule on every route and refuses anonymous callers on all that are not public', async () => {
    const doc = (await server.client().json<OpenApi>('GET', '/api/openapi.json')).body;
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ path, method, access: operation['x-access'] })),
    );
    expect(operations.length).toBeGreaterThan(3);
    const anonymous = server.client();
    for (const { path, method, access } of operations) {
      expect(
        ['public', 'member', 'admin', 'control', 'dev', 'auth'],
        `${method} ${path} declares its access`,
      ).toContain(access);
      // better-auth's account routes decide for themselves (auth-surface.api.test.ts walks them).
      if (access === 'public' || access === 'dev' || access === 'auth') continue;
      const response = await anonymous.request(method.toUpperCase(), fill(path), method === 'get' ? undefined : {});
      expect(response.status, `${method.toUpperCase()} ${path} as a visitor`).toBe(401);
      const body = (await response.json()) as { error: { code: string } };
      expect(body.error.code).toBe('UNAUTHORIZED');
    }
  });

  it('documents on every route the refusals its access rule implies (401 signed out, 403 not allowed)', async () => {
    const doc = (await server.client().json<OpenApi>('GET', '/api/openapi.json')).body;
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, { 'x-access': access, responses }] of Object.entries(methods)) {
        const route = `${method.toUpperCase()} ${path} (${access})`;
        if (access === 'member' || access === 'admin' || access === 'control')
          expect(responses['401']?.description, route).toMatch(/signed in|control token/i);
        if (access === 'member') expect(responses['403']?.description, route).toMatch(/suspended/);
        if (access === 'admin') expect(responses['403']?.description, route).toMatch(/Not an administrator/);
        if (access === 'public') expect(responses['401']?.description ?? '', route).not.toMatch(/Not signed in/);
      }
    }
  });

  it("lists better-auth's reachable account routes in the document, and no other of its routes", async () => {
    const doc = (await server.client().json<OpenApi>('GET', '/api/openapi.json')).body;
    const accountRoutes = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => operation['x-access'] === 'auth')
        .map(([method]) => `${method.toUpperCase()} ${path.slice('/api/auth'.length).replace('{token}', ':token')}`),
    );
    expect(accountRoutes.sort()).toEqual([...EXPOSED_AUTH_ROUTES].sort());
    expect(Object.keys(doc.paths).filter((path) => path.startsWith('/api/auth/')).length).toBe(
      new Set(accountRoutes.map((r) => r.split(' ')[1])).size,
    );
  });

  it('lets a member through the member routes', async () => {
    const client = server.client();
    const { email } = await registerVerified(client);
    await signIn(client, email);
    expect((await client.get('/api/me')).status).toBe(200);
  });

  it('answers unknown API paths and bad bodies with the one error shape, never a 5xx', async () => {
    const client = server.client();
    const missing = await client.json<{ error: { code: string; message: string } }>('GET', '/api/no-such-thing');
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('NOT_FOUND');

    const token = server.deps.controlToken;
    if (token) {
      const bad = await fetch(`${server.url}/api/control/admins`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-control-token': token },
        body: '{"email": "nope"}',
      });
      expect(bad.status).toBe(400);
      const body = (await bad.json()) as { error: { code: string; fields: Record<string, string> } };
      expect(body.error.code).toBe('VALIDATION_FAILED');
      expect(body.error.fields.email).toBe('Please enter a valid email address.');
    }
  });

  it('sends the security headers on pages and on the API, answers a route built itself and refusals included', async () => {
    // /api/auth/get-session is better-auth's own answer, built outside our handlers.
    for (const path of [
      '/',
      '/api/health',
      '/api/site',
      '/api/no-such-route',
      '/robots.txt',
      '/api/auth/get-session',
    ]) {
      const response = await server.client().get(path);
      expect(response.headers.get('vary'), path).toMatch(/accept-encoding/i);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("frame-ancestors 'none'");
      // Scripts: this origin, and exactly the two inline scripts the build writes, by hash; never
      // 'unsafe-inline', 'unsafe-eval' or a nonce that an injected script could carry.
      const scriptSources = /script-src ([^;]*)/.exec(csp)?.[1]?.split(' ') ?? [];
      expect(scriptSources).toEqual(["'self'", ...[THEME_INIT_SCRIPT, START_AFTER_PAINT_SCRIPT].map(sha256Source)]);
      expect(csp).toContain("object-src 'none'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('x-powered-by')).toBeNull();
      // HSTS only in production (tested in env.unit.test.ts through the config).
      expect(response.headers.get('strict-transport-security')).toBeNull();
    }
    expect((await server.client().get('/api/health')).headers.get('cache-control')).toBe('no-store');
    expect((await server.client().get('/api/no-such-route')).headers.get('cache-control')).toBe('no-store');
    // A route's own caching is kept.
    expect((await server.client().get('/api/site')).headers.get('cache-control')).toBe('public, max-age=300');
  });

  it('compresses a large answer for a client that accepts it, and says every answer varies by encoding', async () => {
    const large = await server.client().get('/api/openapi.json', { 'accept-encoding': 'gzip' });
    expect(large.headers.get('content-encoding')).toBe('gzip');
    expect(large.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(((await large.json()) as { openapi: string }).openapi).toMatch(/^3\./);
    const plain = await server.client().get('/api/health', { 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(plain.headers.get('cache-control')).toBe('no-store');
  });

  it('serves the OpenAPI document and its reference page from our own origin', async () => {
    const page = await server.client().get('/api/docs');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('/api/docs/assets/swagger-ui-bundle.js');
    expect((await server.client().get('/api/docs/assets/swagger-ui-bundle.js')).status).toBe(200);
  });

  it("serves the single-page app for the app's pages, and says 404 for other paths", async () => {
    // 503 only when the web app was never built
    const page = await server.client().get('/messages?conversation=00000000-0000-0000-0000-000000000000');
    expect([200, 503]).toContain(page.status);
    expect(page.headers.get('content-type')).toMatch(/text\/(html|plain)/);
    const unknown = await server.client().get('/some/deep/link');
    expect([page.status === 200 ? 404 : 503]).toContain(unknown.status);
  });

  it('tells search engines which pages are public, at the configured address', async () => {
    const robots = await server.client().get('/robots.txt');
    expect(robots.status).toBe(200);
    const rules = await robots.text();
    expect(rules).toContain('Disallow: /api/');
    expect(rules).toContain('Disallow: /admin');
    expect(rules).toContain(`Sitemap: ${server.url}/sitemap.xml`);
    const sitemap = await server.client().get('/sitemap.xml');
    expect(sitemap.headers.get('content-type')).toMatch(/application\/xml/);
    const xml = await sitemap.text();
    for (const page of [
      '/pricing',
      '/privacy-policy',
      '/terms',
      '/cookie-policy',
      '/data-protection',
      '/cancellation-policy',
      '/community-guidelines',
      '/safety-commitment',
    ]) {
      expect(xml).toContain(`<loc>${server.url}${page}</loc>`);
    }
    expect(xml).not.toContain('/dashboard');
  });
});

const sha256Source = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
