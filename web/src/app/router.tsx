import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Routes } from 'react-router';
import type { PRERENDERED_PAGES } from '@contracts/pages';
import { RootLayout } from './layouts/root-layout';

type Page = LazyExoticComponent<ComponentType>;
type Legal = typeof import('./routes/legal');
type About = typeof import('./routes/about');

/** A route module's `Component`, loaded the first time its route is visited. */
const page = (load: () => Promise<{ Component: ComponentType }>): Page =>
  lazy(() => load().then((module) => ({ default: module.Component })));
// The policy pages share one chunk, and the about pages another: a named export each.
const legal = (name: keyof Legal): Page =>
  lazy(() => import('./routes/legal').then((module) => ({ default: module[name] })));
const about = (name: keyof About): Page =>
  lazy(() => import('./routes/about').then((module) => ({ default: module[name] })));

function loadLanding() {
  return import('./routes/landing');
}
function loadLogin() {
  return import('./routes/login');
}
/**
 * The chunk of each prerendered page (contracts/pages.ts): main.tsx loads it before hydrating
 * that page's HTML, since a boundary still waiting for its code would be thrown away and painted
 * again (a layout shift).
 */
export const PRERENDERED_CHUNKS: Record<(typeof PRERENDERED_PAGES)[number]['path'], () => Promise<unknown>> = {
  '/': loadLanding,
  '/login': loadLogin,
};

// Declarative routes rather than a data router: no route here has a loader or action, and the
// data router's code weighed 18 KB gzipped on every page (docs/decisions/010-web-first-load.md).
// Every route is its own chunk, so the landing and login pages load only what they use.
const routes: [path: string, Page][] = [
  ['login', page(loadLogin)],
  ['register', page(() => import('./routes/register'))],
  ['auth', page(() => import('./routes/auth'))],
  ['forgot-password', page(() => import('./routes/forgot-password'))],
  ['reset-password', page(() => import('./routes/reset-password'))],
  ['auth/reset-password', page(() => import('./routes/reset-password'))],
  ['dev/mail', page(() => import('./routes/dev-mail'))],
  ['dashboard', page(() => import('./routes/dashboard'))],
  ['profile/edit', page(() => import('./routes/profile-edit'))],
  ['profile/change-password', page(() => import('./routes/change-password'))],
  ['settings', page(() => import('./routes/settings'))],
  ['messages', page(() => import('./routes/messages'))],
  ['date-history', page(() => import('./routes/date-history'))],
  ['calendar', page(() => import('./routes/calendar'))],
  ['shared-date/:token', page(() => import('./routes/shared-date'))],
  ['check-in', page(() => import('./routes/check-in'))],
  ['trusted-contact', page(() => import('./routes/trusted-contact'))],
  ['unsubscribe', page(() => import('./routes/unsubscribe'))],
  ['discover', page(() => import('./routes/discover'))],
  ['browse', page(() => import('./routes/discover'))],
  ['pricing', page(() => import('./routes/pricing'))],
  ['about-us', about('AboutUs')],
  ['support', page(() => import('./routes/support'))],
  ['contact', page(() => import('./routes/contact'))],
  ['suspended', page(() => import('./routes/suspended'))],
  ['community-guidelines', legal('CommunityGuidelines')],
  ['privacy-policy', legal('PrivacyPolicy')],
  ['terms', legal('Terms')],
  ['cookie-policy', legal('CookiePolicy')],
  ['data-protection', legal('DataProtection')],
  ['cancellation-policy', legal('CancellationPolicy')],
  ['safety-commitment', about('SafetyCommitment')],
  ['features', about('Features')],
  ['admin-login', page(() => import('./routes/admin-login'))],
  ['admin', page(() => import('./routes/admin'))],
  ['admin/users', page(() => import('./routes/admin-users'))],
  ['subscription-success', page(() => import('./routes/subscription-success'))],
];
/** The paths the router has pages for; the server answers any other path 404 (contracts/pages.ts). */
export const ROUTE_PATHS = ['/', ...routes.map(([path]) => `/${path}`)];

const Landing = page(loadLanding);
const NotFound = page(() => import('./routes/not-found'));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<Landing />} />
        {routes.map(([path, Page]) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
