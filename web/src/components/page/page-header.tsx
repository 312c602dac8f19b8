import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { cn } from '@/lib/utils';

/* The building blocks of a content page: its header, its titled sections, its common questions. */

export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-8 grid gap-2">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      {children && <div className="max-w-2xl text-muted-foreground">{children}</div>}
    </div>
  );
}

/**
 * A page section named by its h2 for screen readers (aria-labelledby). className lays out the
 * section; headingClassName styles the title, which may start with an icon.
 */
export function TitledSection({
  id,
  title,
  icon: Icon,
  className,
  headingClassName = 'text-2xl font-semibold',
  children,
}: {
  id: string;
  title: ReactNode;
  /** Leads the heading in the brand colour, as tall as its text. */
  icon?: LucideIcon;
  className: string;
  headingClassName?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className={Icon ? cn('flex items-center gap-2', headingClassName) : headingClassName}>
        {Icon && <Icon className="size-[1em] text-primary" aria-hidden />}
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Common questions, each answer opening under its question; compact is the smaller style used beside a form. */
export function FaqList({ items, compact }: { items: readonly (readonly [string, string])[]; compact?: boolean }) {
  return (
    <>
      {items.map(([question, answer]) => (
        <details
          key={question}
          className={compact ? 'rounded-xl border bg-card p-3 text-sm' : 'rounded-xl border bg-card p-4'}
        >
          <summary className="cursor-pointer font-medium">{question}</summary>
          <p className={compact ? 'mt-2 text-muted-foreground' : 'mt-2 text-sm text-muted-foreground'}>{answer}</p>
        </details>
      ))}
    </>
  );
}
