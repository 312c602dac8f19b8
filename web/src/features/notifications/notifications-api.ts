import { queryOptions } from '@tanstack/react-query';
import type { TNotification } from '@contracts/safety';
import { api } from '@/lib/api-client';

type NotificationList = { notifications: TNotification[]; unreadCount: number };

export const notificationsQueryOptions = queryOptions({
  queryKey: ['notifications'],
  queryFn: () => api<NotificationList>('/api/notifications'),
});

export const markNotificationsRead = (ids?: string[]) =>
  api<{ marked: number }>('/api/notifications/read', { method: 'POST', body: { ids } });

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
