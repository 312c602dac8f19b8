import type { ReactNode } from 'react';
import { useQuery, type QueryKey, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import { LoadFailed } from '@/components/page/load-failed';
import { ErrorText } from '@/components/ui/error-text';
import { PageSpinner, Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';

const isEmptyList = (data: unknown) => Array.isArray(data) && data.length === 0;

/** A query, what to say if it fails (when the server gives no reason), and what to show of its data. */
export type QueryContent<T> = {
  query: UseQueryResult<T>;
  failure: string;
  children: (data: T) => ReactNode;
};

/**
 * A query's states: a spinner while it loads, why it failed, the `empty` text when there is
 * nothing (by default: an empty list), else the content. A failed load is said as such: it must
 * never read as "nothing here", least of all in a moderation queue.
 */
export function QueryView<T>({ query, failure, empty, children }: QueryContent<T> & { empty?: ReactNode }) {
  if (query.isPending) return <Spinner />;
  if (query.isError) return <ErrorText>{errorMessage(query.error, failure)}</ErrorText>;
  if (empty !== undefined && isEmptyList(query.data)) return <>{empty}</>;
  return <>{children(query.data)}</>;
}

/**
 * A page's own query, run here: the page spinner while it loads, LoadFailed if it fails, else the
 * content.
 */
export function PageQuery<T, K extends QueryKey>({
  options,
  failure,
  children,
}: Omit<QueryContent<T>, 'query'> & { options: UseQueryOptions<T, Error, T, K> }) {
  const query = useQuery(options);
  if (query.isPending) return <PageSpinner />;
  if (query.isError) return <LoadFailed error={query.error} failure={failure} onRetry={() => void query.refetch()} />;
  return <>{children(query.data)}</>;
}
