/**
 * Every page of the web app, as the client router matches them (`:name` is one path segment).
 * The server answers these with the app and 200, and any other path with the app's "Page not
 * found" and 404; router.test.ts keeps this list and the router's routes the same.
 */
export const PAGE_PATHS = [
  '/',
  '/login',
  '/register',
  '/auth',
  '/forgot-password',
  '/reset-password',
  '/auth/reset-password',
  '/dev/mail',
  '/dashboard',
  '/profile/edit',
  '/profile/change-password',
  '/settings',
  '/messages',
  '/date-history',
  '/calendar',
  '/shared-date/:token',
  '/check-in',
  '/trusted-contact',
  '/unsubscribe',
  '/mail-stop',
  '/approve-device',
  '/confirm-email',
  '/discover',
  '/browse',
  '/pricing',
  '/about-us',
  '/support',
  '/contact',
  '/suspended',
  '/community-guidelines',
  '/privacy-policy',
  '/terms',
  '/cookie-policy',
  '/data-protection',
  '/cancellation-policy',
  '/safety-commitment',
  '/features',
  '/admin-login',
  '/admin',
  '/admin/users',
  '/subscription-success',
] as const;

const patterns = PAGE_PATHS.map((page) => new RegExp(`^${page.replace(/:[a-z]+/gi, '[^/]+')}/?$`));

/** Whether the web app has a page at this path (a trailing slash allowed). */
export const isPagePath = (pathname: string) => patterns.some((pattern) => pattern.test(pathname));

/**
 * The pages written to HTML at build time (vite.config.ts), each into its own file beside
 * index.html. The server answers the path with that file, unless the query asks the page for
 * something else than it shows by default (`unless`: the login page's second step); the
 * browser paints it before any script has run, and React then takes it over (web/src/main.tsx).
 */
export const PRERENDERED_PAGES = [
  { path: '/', file: 'landing.html', module: 'src/app/routes/landing.tsx', unless: null },
  { path: '/login', file: 'login.html', module: 'src/app/routes/login.tsx', unless: 'step' },
] as const;
