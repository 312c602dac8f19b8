import { createBrowserRouter, type RouteObject } from 'react-router';
import { RootLayout } from './layouts/root-layout';
import { RouteError } from './route-error';
import { PageSpinner } from '@/components/ui/spinner';

type Legal = typeof import('./routes/legal');
type About = typeof import('./routes/about');

/** The policy pages share one chunk, and the about pages another: a named export each. */
const legal = (path: string, name: keyof Legal): RouteObject => ({ path, lazy: async () => ({ Component: (await import('./routes/legal'))[name] }) });
const about = (path: string, name: keyof About): RouteObject => ({ path, lazy: async () => ({ Component: (await import('./routes/about'))[name] }) });

// Every route is its own chunk, so the landing and login pages load only what they use.
const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    HydrateFallback: PageSpinner,
    children: [
      { index: true, lazy: () => import('./routes/landing') },
      { path: 'login', lazy: () => import('./routes/login') },
      { path: 'register', lazy: () => import('./routes/register') },
      { path: 'auth', lazy: () => import('./routes/auth') },
      { path: 'forgot-password', lazy: () => import('./routes/forgot-password') },
      { path: 'reset-password', lazy: () => import('./routes/reset-password') },
      { path: 'auth/reset-password', lazy: () => import('./routes/reset-password') },
      { path: 'dev/mail', lazy: () => import('./routes/dev-mail') },
      { path: 'dashboard', lazy: () => import('./routes/dashboard') },
      { path: 'profile/edit', lazy: () => import('./routes/profile-edit') },
      { path: 'profile/change-password', lazy: () => import('./routes/change-password') },
      { path: 'settings', lazy: () => import('./routes/settings') },
      { path: 'messages', lazy: () => import('./routes/messages') },
      { path: 'date-history', lazy: () => import('./routes/date-history') },
      { path: 'calendar', lazy: () => import('./routes/calendar') },
      { path: 'shared-date/:token', lazy: () => import('./routes/shared-date') },
      { path: 'discover', lazy: () => import('./routes/discover') },
      { path: 'browse', lazy: () => import('./routes/discover') },
      { path: 'pricing', lazy: () => import('./routes/pricing') },
      about('about-us', 'AboutUs'),
      { path: 'support', lazy: () => import('./routes/support') },
      { path: 'contact', lazy: () => import('./routes/contact') },
      legal('community-guidelines', 'CommunityGuidelines'),
      legal('privacy-policy', 'PrivacyPolicy'),
      legal('terms', 'Terms'),
      legal('cookie-policy', 'CookiePolicy'),
      legal('data-protection', 'DataProtection'),
      legal('cancellation-policy', 'CancellationPolicy'),
      about('safety-commitment', 'SafetyCommitment'),
      about('features', 'Features'),
      { path: 'admin-login', lazy: () => import('./routes/admin-login') },
      { path: 'admin', lazy: () => import('./routes/admin') },
      { path: 'admin/users', lazy: () => import('./routes/admin-users') },
      { path: 'subscription-success', lazy: () => import('./routes/subscription-success') },
      { path: '*', lazy: () => import('./routes/not-found') },
    ],
  },
];

export const router = createBrowserRouter(routes);
