import type { ReactNode } from 'react';
import { Glow } from '@/components/page/glow';
import { BrandMark } from '@/components/ui/brand';

/** The centred column every account screen sits in. */
export function AuthShell({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <div className="relative overflow-hidden">
      <Glow className="inset-x-0 -top-40 h-80 from-secondary to-transparent" />
      <div className="relative mx-auto flex max-w-md flex-col gap-6 px-4 py-10 sm:py-16">
        <div className="flex flex-col items-center gap-3 text-center">
          <BrandMark className="size-12" />
          <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
          {subtitle && <p className="text-muted-foreground">{subtitle}</p>}
        </div>
        {children}
      </div>
    </div>
  );
}
