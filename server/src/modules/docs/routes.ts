import { createRequire } from 'node:module';
import path from 'node:path';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { serveStatic } from '@hono/node-server/serve-static';
import type { AppEnv } from '../../lib/context';

/**
 * The OpenAPI document and a reference page. Swagger UI is served from the installed
 * package (no CDN): the machine may be offline and the CSP allows only our own scripts.
 */
export function mountApiDocs(app: OpenAPIHono<AppEnv>): void {
  app.doc31('/api/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'Vouch API',
      version: '0.1.0',
      description:
        'Each operation carries `x-access`: public, member, admin, control or dev. Accounts live under /api/auth/* (better-auth).',
    },
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
