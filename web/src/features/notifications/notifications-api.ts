import { queryOptions } from '@tanstack/react-query';
import type { TNotification } from '@contracts/safety';
import { client, data } from '@/lib/api';

const fetchNotifications = () => data(client.api.notifications.$get());
type NotificationList = Awaited<ReturnType<typeof fetchNotifications>>;

export const notificationsQueryOptions = queryOptions({
  queryKey: ['notifications'],
  queryFn: fetchNotifications,
});

export const markNotificationsRead = (ids?: string[]) => data(client.api.notifications.read.$post({ json: { ids } }));

/** Puts a pushed notification at the top (a refreshed group replaces its older line). */
export function withNotification(
  list: NotificationList | undefined,
  incoming: TNotification,
): NotificationList | undefined {
  if (!list) return list;
  const rest = list.notifications.filter((n) => n.id !== incoming.id);
  const wasUnread = list.notifications.some((n) => n.id === incoming.id && !n.read);
  return {
    notifications: [incoming, ...rest].slice(0, 30),
    unreadCount: list.unreadCount + (incoming.read || wasUnread ? 0 : 1),
  };
}
