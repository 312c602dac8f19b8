import { createBrowserRouter, type RouteObject } from 'react-router';
import { RootLayout } from './layouts/root-layout';
import { RouteError } from './route-error';
import { PageSpinner } from '@/components/ui/spinner';

type Placeholders = typeof import('./routes/placeholders');

/** A route whose screen is a placeholder from the shared placeholders chunk. */
const placeholder = (path: string, name: keyof Placeholders): RouteObject => ({
  path,
  lazy: async () => ({ Component: (await import('./routes/placeholders'))[name] }),
});

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
      placeholder('about-us', 'AboutUs'),
      { path: 'support', lazy: () => import('./routes/support') },
      { path: 'contact', lazy: () => import('./routes/contact') },
      placeholder('community-guidelines', 'CommunityGuidelines'),
      placeholder('privacy-policy', 'PrivacyPolicy'),
      placeholder('terms', 'Terms'),
      placeholder('cookie-policy', 'CookiePolicy'),
      placeholder('data-protection', 'DataProtection'),
      placeholder('cancellation-policy', 'CancellationPolicy'),
      placeholder('safety-commitment', 'SafetyCommitment'),
      placeholder('features', 'Features'),
      { path: 'admin-login', lazy: () => import('./routes/admin-login') },
      { path: 'admin', lazy: () => import('./routes/admin') },
      { path: 'admin/users', lazy: () => import('./routes/admin-users') },
      { path: 'subscription-success', lazy: () => import('./routes/subscription-success') },
      { path: '*', lazy: () => import('./routes/not-found') },
    ],
  },
];

export const router = createBrowserRouter(routes);
