import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useSession } from '@/lib/session';
import { useHydrated } from '@/lib/use-hydrated';
import { paths } from '@/lib/paths';
import { Brand } from '@/components/ui/brand';
import { MobileMenu, ThemeToggle, UserMenu } from './header-menus';
import { MenuButton } from './menu-button';

// Members only: visitors never download the bell and its queries.
const NotificationsBell = lazy(() =>
  import('@/features/notifications/notifications-bell').then((module) => ({ default: module.NotificationsBell })),
);

export function Header() {
  const { session, isLoading: loading } = useSession();
  // Until the prerendered landing page is React's, the header is the one its HTML has.
  const hydrated = useHydrated();
  const isLoading = loading || !hydrated;
  return (
    <header className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4">
        <Brand />
        <nav aria-label="Main" className="ml-6 hidden items-center gap-1 md:flex">
          <Button variant="ghost" asChild>
            <Link to={paths.pricing}>Pricing</Link>
          </Button>
          {session && (
            <Button variant="ghost" asChild>
              <Link to={paths.dashboard}>Dashboard</Link>
            </Button>
          )}
          <Button variant="ghost" asChild>
            <Link to={paths.adminLogin}>Admin</Link>
          </Button>
        </nav>
        <div className="ml-auto flex items-center gap-1.5">
          <ThemeToggle trigger={(handlers) => <MenuButton kind="theme" {...handlers} />} />
          {!isLoading && !session && (
            <div className="hidden items-center gap-1.5 sm:flex">
              <Button variant="ghost" asChild>
                <Link to={paths.login}>Log in</Link>
              </Button>
              <Button asChild>
                <Link to={paths.register}>Sign up</Link>
              </Button>
            </div>
          )}
          {session && (
            <Suspense fallback={<span className="size-10" aria-hidden />}>
              <NotificationsBell />
            </Suspense>
          )}
          {session && (
            <UserMenu
              email={session.user.email}
              trigger={(handlers) => <MenuButton kind="avatar" email={session.user.email} {...handlers} />}
            />
          )}
          <MobileMenu signedIn={!!session} trigger={(handlers) => <MenuButton kind="mobile" {...handlers} />} />
        </div>
      </div>
    </header>
  );
}
