import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Toaster } from '@/components/ui/toaster';
import { Footer } from '@/app/layout/footer';
import { Header } from '@/app/layout/header';
import { PageSpinner } from '@/components/ui/spinner';
import { useSession } from '@/lib/session';
import { useHydrated } from '@/lib/use-hydrated';
import { useTheme } from '@/lib/theme';
import { paths } from '@/lib/paths';
import { ScrollRestoration } from './scroll-restoration';

const loadMemberShell = () => import('./member-shell');
const MemberShell = lazy(() => loadMemberShell().then((module) => ({ default: module.MemberShell })));
// The floating help button, fixed in a corner: it joins the page once the app has started, so its
// code stays out of what a first visit waits for (the prerendered pages' budget).
const SupportBox = lazy(() => import('@/app/layout/support-box').then((module) => ({ default: module.SupportBox })));

/** The pages visitors land on: only they wait for a session before fetching the member shell. */
const VISITOR_PAGES = new Set<string>([
  paths.home,
  paths.auth,
  paths.login,
  paths.register,
  paths.forgotPassword,
  paths.resetPassword,
  paths.authResetPassword,
  paths.adminLogin,
  paths.suspended,
]);

export function RootLayout() {
  const { session } = useSession();
  const { theme } = useTheme();
  const { pathname } = useLocation();
  const hydrated = useHydrated();
  // On a member page the shell's code comes with the session, not after it, so the realtime
  // socket opens as early as it can (events sent before it opens are only caught up, unannounced).
  useEffect(() => {
    if (!VISITOR_PAGES.has(pathname)) void loadMemberShell();
  }, [pathname]);
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded-lg focus:bg-background focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <Header />
      <main id="main" className="flex-1">
        {/* A screen tall while a page's code loads: the footer stays below the fold instead of
            jumping down when the page arrives (a layout shift). */}
        <Suspense
          fallback={
            <div className="min-h-dvh">
              <PageSpinner />
            </div>
          }
        >
          <Outlet />
        </Suspense>
      </main>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
      {session && (
        <Suspense fallback={null}>
          <MemberShell userId={session.user.id} />
        </Suspense>
      )}
      {hydrated && (
        <Suspense fallback={null}>
          <SupportBox signedIn={!!session} />
        </Suspense>
      )}
      <Toaster theme={theme} visibleToasts={1} duration={5000} richColors closeButton />
      <ScrollRestoration />
    </div>
  );
}
