import { queryOptions } from '@tanstack/react-query';
import { client, data } from '@/lib/api';

const fetchNotifications = () => data(client.api.notifications.$get());

export const notificationsQueryOptions = queryOptions({
  queryKey: ['notifications'],
  queryFn: fetchNotifications,
});

export const markNotificationsRead = (ids?: string[]) => data(client.api.notifications.read.$post({ json: { ids } }));
