import { lazy, Suspense } from 'react';
import type { ToasterProps } from 'sonner';
import { useToastsRequested } from '@/lib/toast';

const SonnerToaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

/** sonner's Toaster, fetched with the first toast (see lib/toast). */
export function Toaster(props: ToasterProps) {
  if (!useToastsRequested()) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster {...props} />
    </Suspense>
  );
}
