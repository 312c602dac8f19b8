import { lazy, Suspense, type ComponentType } from 'react';
import type { ToasterProps } from 'sonner';
import { useToastsRequested } from '@/lib/toast';

// Toasts are never worth the error page: if the code cannot be fetched, there is no Toaster.
const SonnerToaster = lazy(() =>
  import('sonner').then(
    (module): { default: ComponentType<ToasterProps> } => ({ default: module.Toaster }),
    () => ({ default: () => null }),
  ),
);

/** sonner's Toaster, fetched with the first toast (see lib/toast). */
export function Toaster(props: ToasterProps) {
  if (!useToastsRequested()) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster {...props} />
    </Suspense>
  );
}
