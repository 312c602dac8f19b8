import { toast } from '@/lib/toast';

/**
 * Errors nobody caught: logged locally, and one calm toast for the member. Listening starts
 * with the app's first script, before React renders (the landing page waits for its chunk
 * before React takes over its prerendered HTML), so an error meanwhile is toasted too. The
 * texts load with the first error, like the toast library, and stay out of the first page's code.
 */
export function toastUncaughtErrors() {
  const onError = (event: ErrorEvent | PromiseRejectionEvent) => {
    console.error('Unhandled error', 'reason' in event ? event.reason : event.error);
    import('@contracts/messages').then(
      ({ TOASTS }) => toast.error(TOASTS.somethingWentWrong),
      // Not an unhandled rejection of its own: that would come straight back here.
      (failure: unknown) => console.warn('error toast not shown', failure),
    );
  };
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onError);
}
