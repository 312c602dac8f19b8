import { useSyncExternalStore } from 'react';

// Whether the support box is open. One flag shared by its two launchers: the floating button,
// and on phones with the members' bottom bar, the bar's Help item.
let open = false;
const listeners = new Set<() => void>();

export function setSupportOpen(next: boolean) {
  open = next;
  listeners.forEach((listener) => listener());
}

export function useSupportOpen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => open,
    () => false,
  );
}

const isAdminArea = (pathname: string) => pathname === '/admin' || pathname.startsWith('/admin/');

/** The members' bottom bar shows on phones everywhere but the admin area. */
export const showsBottomBar = (signedIn: boolean, pathname: string) => signedIn && !isAdminArea(pathname);

/** Pages with a Help button of their own on phones, where the floating one would cover content. */
export const hasOwnHelpButton = (signedIn: boolean, pathname: string) =>
  showsBottomBar(signedIn, pathname) || isAdminArea(pathname);
