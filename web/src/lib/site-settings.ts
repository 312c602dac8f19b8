import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSiteSettings } from '@contracts/site';
import { leanData } from '@/lib/api-client';

const siteQueryOptions = queryOptions({
  queryKey: ['site'],
  queryFn: () => leanData('/api/site', 'GET'),
  staleTime: Infinity,
  retry: false,
});

/** The owner's contact details (null until loaded, or when unset: pages then show the contact form). */
export function useSiteSettings(): TSiteSettings | null {
  return useQuery(siteQueryOptions).data ?? null;
}
