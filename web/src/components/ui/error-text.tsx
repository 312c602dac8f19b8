import type { ReactNode } from 'react';

/** A message about what went wrong, read out by screen readers as soon as it appears. */
export function ErrorText({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} role="alert" className="text-sm text-destructive">
      {children}
    </p>
  );
}
