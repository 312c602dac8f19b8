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
export const hiddenWordsQueryOptions = queryOptions({
  queryKey: ['hidden-words'],
  queryFn: () => data(client.api['hidden-words'].$get()),
});
export const hideWords = (words: string[]) => data(client.api['hidden-words'].$post({ json: { words } }));
export const unhideWord = (word: string) => data(client.api['hidden-words'].$delete({ query: { word } }));
/** Words typed as a list: commas or new lines between them. */
export const splitWords = (text: string) =>
  text
    .split(/[,\n]/)
    .map((word) => word.trim())
    .filter(Boolean);

/** Everything a block, unblock, unmatch or report can change on screen. */
export function refreshAfterSafetyAction(client: QueryClient) {
  for (const key of [['conversations'], ['matches'], ['discover'], ['blocked'], ['past-matches'], ['my-reports']]) {
    void client.invalidateQueries({ queryKey: key });
  }
}
