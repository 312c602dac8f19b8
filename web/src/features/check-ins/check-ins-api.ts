import { queryOptions } from '@tanstack/react-query';
import type { TCheckInInput, TTrustedContactInput } from '@contracts/check-ins';
import { client as api, data } from '@/lib/api';

export const contactQueryOptions = queryOptions({
  queryKey: ['trusted-contact'],
  queryFn: async () => (await data(api.api['trusted-contact'].$get())).contact,
});
export const saveContact = (input: TTrustedContactInput) => data(api.api['trusted-contact'].$put({ json: input }));
export const removeContact = () => data(api.api['trusted-contact'].$delete());
export const confirmContact = (token: string) => data(api.api['trusted-contact'].confirm.$post({ json: { token } }));

export const checkInsQueryOptions = queryOptions({
  queryKey: ['check-ins'],
  queryFn: async () => (await data(api.api['check-ins'].$get())).checkIns,
});
export const saveCheckIn = (planId: string, input: TCheckInInput) =>
  data(api.api['date-plans'][':planId']['check-in'].$put({ param: { planId }, json: input }));
export const answerCheckIn = (checkInId: string) =>
  data(api.api['check-ins'][':checkInId'].ok.$post({ param: { checkInId } }));
export const turnOffCheckIn = (checkInId: string) =>
  data(api.api['check-ins'][':checkInId'].$delete({ param: { checkInId } }));
export const answerCheckInByLink = (token: string) => data(api.api['check-ins'].ok.$post({ json: { token } }));
