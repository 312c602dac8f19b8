import { z } from 'zod';
import type { TNotification } from '../../../../contracts/safety';
import type { Db } from '../../db/client';
import { publish } from '../../realtime/hub';
import {
  markGroupRead as markGroupReadRows,
  insertNotification,
  markRead,
  selectNotifications,
  ZNotificationRow,
  type NotificationNote,
} from './notifications.queries';

const toNotification = (row: z.output<typeof ZNotificationRow>): TNotification => ({
  id: row.id,
  type: row.type,
  title: row.title,
  message: row.message,
  link: row.link,
  read: row.read_at !== null,
  createdAt: row.created_at,
});

/** How many notifications the menu shows. */
export const NOTIFICATION_PAGE = 30;

/** Stores a notification and pushes it to the member's open tabs. */
export async function notify(db: Pick<Db, 'execute'>, userId: string, note: NotificationNote): Promise<void> {
  const row = await insertNotification(db, { userId, note });
  await publish(db, [userId], { type: 'notification', notificationId: row.id });
}

export async function listNotifications(
  db: Db,
  userId: string,
): Promise<{ notifications: TNotification[]; unreadCount: number }> {
  const { rows, unread } = await selectNotifications(db, { userId, limit: NOTIFICATION_PAGE });
  return { notifications: rows.map(toNotification), unreadCount: unread };
}

/** Marks the given notifications read, or all of them when no ids are given. */
export async function markNotificationsRead(db: Db, userId: string, ids?: string[]): Promise<number> {
  return markRead(db, { userId, ids });
}

/** Opening a conversation settles its 'new message' notification. */
export const markGroupRead = (db: Pick<Db, 'execute'>, userId: string, groupKey: string) =>
  markGroupReadRows(db, { userId, groupKey });
