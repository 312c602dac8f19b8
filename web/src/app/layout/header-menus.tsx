import { deferredMenu } from '@/components/ui/deferred-menu';

// Each menu is its own chunk, fetched on first use (see deferred-menu.tsx).
export const ThemeToggle = deferredMenu(() => import('./theme-menu'));
export const UserMenu = deferredMenu<{ email: string }>(() => import('./user-menu'));
export const MobileMenu = deferredMenu<{ signedIn: boolean }>(() => import('./mobile-menu'));
