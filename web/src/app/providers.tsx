import { useEffect, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { TOASTS } from '@contracts/messages';
import { ThemeProvider } from '@/features/theme/theme-provider';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

/** Errors nobody caught: logged locally, and one calm toast for the member. */
function GlobalErrorToast() {
  useEffect(() => {
    const onError = (event: ErrorEvent | PromiseRejectionEvent) => {
      console.error('Unhandled error', 'reason' in event ? event.reason : event.error);
      toast.error(TOASTS.somethingWentWrong);
    };
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onError);
    return () => {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onError);
    };
  }, []);
  return null;
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <GlobalErrorToast />
        {children}
      </ThemeProvider>
    </QueryClientProvider>
  );
}
