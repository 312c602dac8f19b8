import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardIconTitle } from '@/components/ui/card';
import { SpinnerBlock } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import type { QueryContent } from '@/components/page/query-view';

/** One card of the Settings page: an icon, a title, what it is for, then its content. */
export function SettingsSection({
  icon: Icon,
  title,
  description,
  id,
  children,
}: {
  icon: LucideIcon;
  title: string;
  description: string;
  /** An anchor other pages link to (/settings#id). */
  id?: string;
  children: ReactNode;
}) {
  return (
    <Card id={id} className={id ? 'scroll-mt-20' : undefined}>
      <CardHeader>
        <CardIconTitle icon={Icon}>{title}</CardIconTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

export function SectionLoading() {
  return <SpinnerBlock className="py-4" />;
}

export const SectionEmpty = ({ children }: { children: ReactNode }) => (
  <p className="rounded-xl bg-muted/60 p-4 text-sm text-muted-foreground">{children}</p>
);

/** A section's query: a spinner while it loads, the reason when it fails, else the content. */
export function SectionQuery<T>({ query, failure, children }: QueryContent<T>) {
  if (query.isPending) return <SectionLoading />;
  if (query.isError) return <SectionEmpty>{errorMessage(query.error, failure)}</SectionEmpty>;
  return <>{children(query.data)}</>;
}

type SectionProps = Omit<Parameters<typeof SettingsSection>[0], 'children'>;

/** A section whose content comes from a query: its SectionQuery inside its SettingsSection. */
export function QuerySection<T>({ query, failure, children, ...section }: SectionProps & QueryContent<T>) {
  return (
    <SettingsSection {...section}>
      <SectionQuery query={query} failure={failure}>
        {children}
      </SectionQuery>
    </SettingsSection>
  );
}

/**
 * A section that is a list (a QuerySection): the items, or the empty text when there are none.
 * The list is named by the section's title.
 */
export function ListSection<T>({
  empty,
  children,
  ...section
}: SectionProps & Omit<QueryContent<T[]>, 'children'> & { empty: string; children: (item: T) => ReactNode }) {
  return (
    <QuerySection {...section}>
      {(items) =>
        items.length ? (
          <ul className="divide-y" aria-label={section.title}>
            {items.map(children)}
          </ul>
        ) : (
          <SectionEmpty>{empty}</SectionEmpty>
        )
      }
    </QuerySection>
  );
}

/** One row of a ListSection: who or what it is, a line of detail, and what can be done with it. */
export function SectionListRow({ title, detail, action }: { title: string; detail: ReactNode; action: ReactNode }) {
  return (
    <li className="flex items-center gap-3 py-3">
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">{title}</p>
        <p className="text-xs text-muted-foreground">{detail}</p>
      </div>
      {action}
    </li>
  );
}
