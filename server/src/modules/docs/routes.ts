import { createRequire } from 'node:module';
import path from 'node:path';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Auth } from '../../auth/auth';
import { isExposedAuthRoute } from '../../auth/routes';
import type { AppEnv } from '../../lib/context';

type Operations = Record<string, Record<string, unknown>>;
type Document = { paths?: Operations; components?: { schemas?: Record<string, unknown> } };

/**
 * Adds better-auth's account routes to our document: only those the server lets through
 * (auth/routes.ts), under /api/auth, marked `x-access: auth`. better-auth describes them itself
 * (its openAPI plugin), so the reference page and the typed client follow its version.
 */
async function withAccountRoutes(document: object, auth: Auth): Promise<Document> {
  const ours = document as Document;
  const theirs = (await auth.api.generateOpenAPISchema()) as unknown as Document;
  const paths: Operations = { ...ours.paths };
  for (const [path, operations] of Object.entries(theirs.paths ?? {})) {
    const template = path.replace(/\{(\w+)\}/g, ':$1');
    const kept = Object.entries(operations).filter(([method]) => isExposedAuthRoute(method.toUpperCase(), template));
    if (!kept.length) continue;
    paths[`/api/auth${path}`] = Object.fromEntries(kept.map(([method, operation]) => [method, { ...(operation as object), tags: ['Accounts'], 'x-access': 'auth' }]));
  }
  return { ...ours, paths, components: { ...ours.components, schemas: { ...theirs.components?.schemas, ...ours.components?.schemas } } };
}

/**
 * The OpenAPI document and a reference page. Swagger UI is served from the installed
 * package (no CDN): the machine may be offline and the CSP allows only our own scripts.
 */
export function mountApiDocs(app: OpenAPIHono<AppEnv>): void {
  let document: Promise<unknown> | null = null;
  app.get('/api/openapi.json', async (c) => {
    document ??= withAccountRoutes(
      app.getOpenAPI31Document({
        openapi: '3.1.0',
        info: {
          title: 'Vouch API',
          version: '0.1.0',
          description:
            'Each operation carries `x-access`: public, member, admin, control or dev; the account routes under /api/auth (better-auth) carry `auth`, and answer 404 to every other path there.',
        },
      }),
      c.get('deps').auth,
    ).catch((error: unknown) => {
      document = null; // built again on the next request, not a failure kept for good
      throw error;
    });
    return c.json(await document);
  });
  const require = createRequire(import.meta.url);
  const uiDir = path.dirname(require.resolve('swagger-ui-dist/package.json'));
  const root = path.relative(process.cwd(), uiDir) || '.';
  app.get('/api/docs/init.js', (c) => {
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    return c.body(`window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#docs' });`);
  });
  app.use('/api/docs/assets/*', serveStatic({ root, rewriteRequestPath: (p) => p.replace('/api/docs/assets', '') }));
  app.get('/api/docs', (c) =>
    c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Vouch API reference</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css"></head>
<body><div id="docs"></div><script src="/api/docs/assets/swagger-ui-bundle.js"></script><script src="/api/docs/init.js"></script></body></html>`),
  );
}
