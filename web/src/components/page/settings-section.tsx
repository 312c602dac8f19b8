import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';

/** One card of the Settings page: an icon, a title, what it is for, then its content. */
export function SettingsSection({
  icon: Icon,
  title,
  description,
  children,
}: {
  icon: LucideIcon;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <Icon className="size-5 text-primary" aria-hidden /> {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

export function SectionLoading() {
  return (
    <div className="flex justify-center py-4">
      <Spinner />
    </div>
  );
}

export const SectionEmpty = ({ children }: { children: ReactNode }) => (
  <p className="rounded-xl bg-muted/60 p-4 text-sm text-muted-foreground">{children}</p>
);

/** A section's query: a spinner while it loads, the reason when it fails, else the content. */
export function SectionQuery<T>({
  query,
  failure,
  children,
}: {
  query: UseQueryResult<T>;
  failure: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <SectionLoading />;
  if (query.isError) return <SectionEmpty>{errorMessage(query.error, failure)}</SectionEmpty>;
  return <>{children(query.data)}</>;
}

/** A section's list (a SectionQuery): the items, or the empty text when there are none. */
export function SectionList<T>({
  query,
  empty,
  failure,
  label,
  children,
}: {
  query: UseQueryResult<T[]>;
  empty: string;
  failure: string;
  label: string;
  children: (item: T) => ReactNode;
}) {
  return (
    <SectionQuery query={query} failure={failure}>
      {(items) =>
        items.length ? (
          <ul className="divide-y" aria-label={label}>
            {items.map(children)}
          </ul>
        ) : (
          <SectionEmpty>{empty}</SectionEmpty>
        )
      }
    </SectionQuery>
  );
}
