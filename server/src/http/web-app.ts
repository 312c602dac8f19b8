import fs from 'node:fs';
import path from 'node:path';
import type { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import type { AppEnv } from '../lib/context';
import { isPagePath, PRERENDERED_PAGES } from '../../../contracts/pages';

/**
 * Serves the built single-page app: hashed assets cached for a year, the prerendered pages
 * (PRERENDERED_PAGES, built by prerenderPages in vite.config.ts) answered with their own HTML, every other
 * non-API path with index.html so the client router can take it: with 200 for the app's pages
 * (contracts/pages.ts), 404 for the rest.
 */
export function mountWebApp(app: Hono<AppEnv>, distDir: string): void {
  const indexFile = path.join(distDir, 'index.html');
  const root = path.relative(process.cwd(), distDir) || '.';
  app.use(
    '/assets/*',
    serveStatic({
      root,
      onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable'),
    }),
  );
  const prerenderedFiles = new Set(PRERENDERED_PAGES.map((page) => `/${page.file}`));
  for (const page of PRERENDERED_PAGES) {
    const file = path.join(distDir, page.file);
    app.get(page.path, (c, next) => {
      if ((page.unless && c.req.query(page.unless) !== undefined) || !fs.existsSync(file)) return next();
      c.header('Cache-Control', 'no-cache');
      return c.html(fs.readFileSync(file, 'utf8'));
    });
  }
  app.use('*', async (c, next) => {
    const asked = c.req.path;
    if (asked.startsWith('/api/') || asked === '/index.html' || prerenderedFiles.has(asked)) return next();
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
