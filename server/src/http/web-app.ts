import fs from 'node:fs';
import path from 'node:path';
import type { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import type { AppEnv } from '../lib/context';
import { isPagePath } from '../../../contracts/pages';

/**
 * Serves the built single-page app: hashed assets cached for a year, `/` answered with the
 * prerendered landing page (prerenderPages in vite.config.ts), every other non-API path with index.html so
 * the client router can take it: with 200 for the app's pages (contracts/pages.ts), 404 for the rest.
 */
export function mountWebApp(app: Hono<AppEnv>, distDir: string): void {
  const indexFile = path.join(distDir, 'index.html');
  const landingFile = path.join(distDir, 'landing.html');
  const root = path.relative(process.cwd(), distDir) || '.';
  app.use(
    '/assets/*',
    serveStatic({
      root,
      onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable'),
    }),
  );
  app.get('/', (c, next) => {
    if (!fs.existsSync(landingFile)) return next();
    c.header('Cache-Control', 'no-cache');
    return c.html(fs.readFileSync(landingFile, 'utf8'));
  });
  app.use('*', async (c, next) => {
    if (c.req.path.startsWith('/api/') || c.req.path === '/index.html' || c.req.path === '/landing.html') return next();
    return serveStatic({ root, onFound: (_path, ctx) => ctx.header('Cache-Control', 'no-cache') })(c, next);
  });
  app.get('*', (c) => {
    if (c.req.path.startsWith('/api/')) return c.notFound();
    if (!fs.existsSync(indexFile)) {
      return c.text('The web app is not built yet. Run `npm start` (it builds it) or `npm run build`.', 503);
    }
    c.header('Cache-Control', 'no-cache');
    // The app shows its "Page not found" for any path it has no page for; the status says so too.
    return c.html(fs.readFileSync(indexFile, 'utf8'), isPagePath(c.req.path) ? 200 : 404);
  });
}
