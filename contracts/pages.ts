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
