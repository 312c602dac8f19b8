import { lazy, type ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import type { PRERENDERED_PAGES } from '@contracts/pages';
import { RootLayout } from './layouts/root-layout';

type Page = ComponentType;
type Legal = typeof import('./routes/legal');
type About = typeof import('./routes/about');
type LinkPages = typeof import('./routes/link-pages');

/**
 * A page loaded the first time its route is visited. Once its code is here (or was fetched ahead
 * with `preload`) it renders at once instead of through `lazy`, which suspends for a moment even
 * for a module already loaded: a prerendered page's boundary that suspends while React takes the
 * page over is thrown away and drawn again when the session answers, and with it whatever the
 * member had typed into the page.
 */
function loadable<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  let Loaded: ComponentType | null = null;
  const preload = () =>
    load().then((module) => {
      Loaded = pick(module);
    });
  const Lazy = lazy(() => preload().then(() => ({ default: Loaded! })));
  const Page = () => (Loaded ? <Loaded /> : <Lazy />);
  return Object.assign(Page, { preload });
}

/** A route module's `Component`. */
const page = (load: () => Promise<{ Component: ComponentType }>) => loadable(load, (module) => module.Component);
// The policy pages share one chunk, the about pages another, and the pages mailed links open a
// third: a named export each.
const legal = (name: keyof Legal): Page =>
  loadable(
    () => import('./routes/legal'),
    (module) => module[name],
  );
const about = (name: keyof About): Page =>
  loadable(
    () => import('./routes/about'),
    (module) => module[name],
  );
const linkPage = (name: keyof LinkPages): Page =>
  loadable(
    () => import('./routes/link-pages'),
    (module) => module[name],
  );

const Landing = page(() => import('./routes/landing'));
const Login = page(() => import('./routes/login'));
/** The code of each prerendered page (contracts/pages.ts): main.tsx loads it before hydrating that page's HTML. */
export const PRERENDERED_CHUNKS: Record<(typeof PRERENDERED_PAGES)[number]['path'], () => Promise<void>> = {
  '/': Landing.preload,
  '/login': Login.preload,
};

// Declarative routes rather than a data router: no route here has a loader or action, and the
// data router's code weighed 18 KB gzipped on every page (docs/decisions/010-web-first-load.md).
// Every route is its own chunk, so the landing and login pages load only what they use.
const routes: [path: string, Page][] = [
  ['login', Login],
  ['register', page(() => import('./routes/register'))],
  ['auth', page(() => import('./routes/auth'))],
  ['forgot-password', page(() => import('./routes/forgot-password'))],
  ['confirm-email', page(() => import('./routes/confirm-email'))],
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
  ['check-in', linkPage('CheckIn')],
  ['trusted-contact', linkPage('TrustedContact')],
  ['unsubscribe', linkPage('Unsubscribe')],
  ['mail-stop', linkPage('MailStop')],
  ['approve-device', linkPage('ApproveDevice')],
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
