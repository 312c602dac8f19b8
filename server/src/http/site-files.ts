import type { Hono } from 'hono';
import type { AppEnv } from '../lib/context';

/** The pages anyone may read, for search engines. Member and admin screens stay out. */
export const PUBLIC_PAGES = [
  '/',
  '/pricing',
  '/features',
  '/about-us',
  '/safety-commitment',
  '/community-guidelines',
  '/support',
  '/contact',
  '/register',
  '/login',
  '/privacy-policy',
  '/terms',
  '/cookie-policy',
  '/data-protection',
  '/cancellation-policy',
];

const PRIVATE_PREFIXES = [
  '/api/',
  '/admin',
  '/dashboard',
  '/settings',
  '/messages',
  '/profile/',
  '/date-history',
  '/calendar',
  '/shared-date/',
  '/check-in',
  '/trusted-contact',
  '/unsubscribe',
  '/mail-stop',
  '/approve-device',
  '/confirm-email',
  '/subscription-success',
  '/dev/',
];

/** robots.txt and sitemap.xml, written for the configured public address. */
export function mountSiteFiles(app: Hono<AppEnv>, baseUrl: string): void {
  app.get('/robots.txt', (c) => {
    c.header('Cache-Control', 'public, max-age=3600');
    return c.text(
      [
        'User-agent: *',
        ...PRIVATE_PREFIXES.map((prefix) => `Disallow: ${prefix}`),
        '',
        `Sitemap: ${baseUrl}/sitemap.xml`,
        '',
      ].join('\n'),
    );
  });
  app.get('/sitemap.xml', (c) => {
    const urls = PUBLIC_PAGES.map((page) => `  <url><loc>${baseUrl}${page === '/' ? '/' : page}</loc></url>`).join(
      '\n',
    );
    c.header('Content-Type', 'application/xml; charset=utf-8');
    c.header('Cache-Control', 'public, max-age=3600');
    return c.body(
      `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
    );
  });
}
