import { lazy, Suspense, type ComponentType } from 'react';
import type { ToasterProps } from 'sonner';
import { useToastsRequested } from '@/lib/toast';
import { useWideScreen } from '@/lib/use-wide-screen';

// Toasts are never worth the error page: if the code cannot be fetched, there is no Toaster.
const SonnerToaster = lazy(() =>
  import('sonner').then(
    (module): { default: ComponentType<ToasterProps> } => ({ default: module.Toaster }),
    () => ({ default: () => null }),
  ),
);

/**
 * sonner's Toaster, fetched with the first toast (see lib/toast), placed where it hides nothing a
 * member needs: on wide screens at the bottom right, above the support button (the deck and
 * forms sit centred or left); on phones just under the header, clear of the header's buttons and
 * of the bottom bar with its Pass and Like above it.
 */
export function Toaster(props: Omit<ToasterProps, 'position' | 'offset' | 'mobileOffset'>) {
  const requested = useToastsRequested();
  const wide = useWideScreen(768);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster
        {...props}
        position={wide ? 'bottom-right' : 'top-center'}
        offset={wide ? { bottom: 88, right: 16 } : { top: 72 }}
        mobileOffset={{ top: 72, left: 12, right: 12 }}
      />
    </Suspense>
  );
}
