import { LoaderCircle } from 'lucide-react';
import { cn } from '@/lib/utils';

export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role="status" className="inline-flex items-center">
      <LoaderCircle aria-hidden className={cn('spinner', className)} />
      <span className="sr-only">{label}</span>
    </span>
  );
}

export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] flex-col items-center justify-center gap-3 text-muted-foreground">
      <Spinner className="size-8" label={label ?? 'Loading'} />
      {label && <p className="text-sm">{label}</p>}
    </div>
  );
}

/** A spinner centred in the space a list or panel will fill; `className` sets that space's padding. */
export function SpinnerBlock({ className }: { className?: string }) {
  return (
    <div className={cn('flex justify-center', className)}>
      <Spinner />
    </div>
  );
}
