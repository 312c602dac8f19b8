// The toast library loads with the first toast, not with every page: most first visits (the
// landing and login pages) never show one. sonner replays toasts raised before its Toaster mounts.
import { useSyncExternalStore } from 'react';

type Sonner = typeof import('sonner');
type Message = Parameters<Sonner['toast']>[0];
type Options = Parameters<Sonner['toast']>[1];

let loading: Promise<Sonner> | null = null;
const waiting = new Set<() => void>();

function sonner(): Promise<Sonner> {
  if (!loading) {
    // A failed download (offline, or a new deploy) costs this toast only: the next one tries again.
    loading = import('sonner').catch((error: unknown) => {
      loading = null;
      throw error;
    });
    for (const notify of waiting) notify();
  }
  return loading;
}

const show = (display: (s: Sonner) => void) =>
  void sonner().then(display, (error: unknown) => console.warn('toast not shown', error));

/** True once a toast has been asked for: the Toaster mounts from then on. */
export function useToastsRequested(): boolean {
  return useSyncExternalStore(
    (notify) => {
      waiting.add(notify);
      return () => waiting.delete(notify);
    },
    () => loading !== null,
    () => false, // the prerendered landing page shows no toast
  );
}

export const toast = Object.assign((message: Message, options?: Options) => show((s) => s.toast(message, options)), {
  success: (message: Message, options?: Options) => show((s) => s.toast.success(message, options)),
  error: (message: Message, options?: Options) => show((s) => s.toast.error(message, options)),
});
