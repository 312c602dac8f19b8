import { cn } from '@/lib/utils';

/** The soft brand-coloured wash behind the top of a page; its parent is `relative`. */
export function Glow({ className }: { className: string }) {
  return <div aria-hidden className={cn('pointer-events-none absolute bg-gradient-to-b', className)} />;
}
