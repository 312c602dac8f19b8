import { toast } from '@/lib/toast';
import { TOASTS } from '@contracts/messages';

/**
 * Errors nobody caught: logged locally, and one calm toast for the member. Listening starts
 * with the app's first script, before React renders (the landing page waits for its chunk
 * before React takes over its prerendered HTML), so an error meanwhile is toasted too.
 */
export function toastUncaughtErrors() {
  const onError = (event: ErrorEvent | PromiseRejectionEvent) => {
    console.error('Unhandled error', 'reason' in event ? event.reason : event.error);
    toast.error(TOASTS.somethingWentWrong);
  };
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onError);
}
