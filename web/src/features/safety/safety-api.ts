import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { TReportInput } from '@contracts/safety';
import { client, data } from '@/lib/api';

export const blockedQueryOptions = queryOptions({
  queryKey: ['blocked'],
  queryFn: async () => (await data(client.api.blocks.$get())).blocked,
});

export const pastMatchesQueryOptions = queryOptions({
  queryKey: ['past-matches'],
  queryFn: async () => (await data(client.api['past-matches'].$get())).pastMatches,
});

export const myReportsQueryOptions = queryOptions({
  queryKey: ['my-reports'],
  queryFn: async () => (await data(client.api.reports.mine.$get())).reports,
});

export const blockMember = (userId: string) =>
  data(client.api.blocks[':userId'].$put({ param: { userId: encodeURIComponent(userId) } }));
export const unblockMember = (userId: string) =>
  data(client.api.blocks[':userId'].$delete({ param: { userId: encodeURIComponent(userId) } }));
export const unmatch = (matchId: string) => data(client.api.matches[':matchId'].$delete({ param: { matchId } }));
export const fileReport = (input: TReportInput) => data(client.api.reports.$post({ json: input }));

/** Everything a block, unblock, unmatch or report can change on screen. */
export function refreshAfterSafetyAction(client: QueryClient) {
  for (const key of [['conversations'], ['matches'], ['discover'], ['blocked'], ['past-matches'], ['my-reports']]) {
    void client.invalidateQueries({ queryKey: key });
  }
}
