import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ErrorText } from '@/components/ui/error-text';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';

const isEmptyList = (data: unknown) => Array.isArray(data) && data.length === 0;

/**
 * A query's states: a spinner while it loads, why it failed, the `empty` text when there is
 * nothing (by default: an empty list), else the content. A failed load is said as such: it must
 * never read as "nothing here", least of all in a moderation queue.
 */
export function QueryView<T>({
  query,
  failure,
  empty,
  isEmpty = isEmptyList,
  children,
}: {
  query: UseQueryResult<T>;
  /** Said when the server gives no reason of its own. */
  failure: string;
  empty?: ReactNode;
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Spinner />;
  if (query.isError) return <ErrorText>{errorMessage(query.error, failure)}</ErrorText>;
  if (empty !== undefined && isEmpty(query.data)) return <>{empty}</>;
  return <>{children(query.data)}</>;
}
