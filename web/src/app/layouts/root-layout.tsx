import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { Toaster } from '@/components/ui/toaster';
import { Footer } from '@/components/layout/footer';
import { Header } from '@/components/layout/header';
import { SupportBox } from '@/components/layout/support-box';
import { PageSpinner } from '@/components/ui/spinner';
import { useSession } from '@/features/auth/use-session';
import { useTheme } from '@/features/theme/theme-provider';
import { ScrollRestoration } from './scroll-restoration';

const MemberShell = lazy(() => import('./member-shell').then((module) => ({ default: module.MemberShell })));

export function RootLayout() {
  const { session } = useSession();
  const { theme } = useTheme();
  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded-lg focus:bg-background focus:px-3 focus:py-2">
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
      <Footer />
      {session && (
        <Suspense fallback={null}>
          <MemberShell userId={session.user.id} />
        </Suspense>
      )}
      <SupportBox raised={!!session} />
      <Toaster theme={theme} position="top-center" visibleToasts={1} duration={5000} richColors closeButton />
      <ScrollRestoration />
    </div>
  );
}
