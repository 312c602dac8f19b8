import { queryOptions } from '@tanstack/react-query';
import type { TReminderSettings } from '@contracts/reminders';
import { client as api, data } from '@/lib/api';

export const reminderSettingsQueryOptions = queryOptions({
  queryKey: ['reminder-settings'],
  queryFn: () => data(api.api.reminders.$get()),
});
export const saveReminderSettings = (changes: Partial<TReminderSettings>) =>
  data(api.api.reminders.$patch({ json: changes }));
export const reportTimeZone = (timeZone: string) => data(api.api.reminders['time-zone'].$put({ json: { timeZone } }));
export const unsubscribeByLink = (token: string) => data(api.api.reminders.unsubscribe.$post({ query: { token } }));
export const setMailStopped = (token: string, stopped: boolean) =>
  data(api.api.mail.stop.$post({ json: { token, stopped } }));
