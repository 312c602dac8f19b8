import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { NOTIFICATION_TYPES, type TNotification } from '../../../../contracts/safety';
import type { Db } from '../../db/client';
import { column, selectRows } from '../../db/rows';
import { publish } from '../../realtime/hub';

export const ZNotificationRow = z.object({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  message: z.string(),
  link: z.string().nullable(),
  read_at: column.timestamp.nullable(),
  created_at: column.timestamp,
});
/** A notification row as the database returns it (also built as JSON inside larger statements). */
export type NotificationRow = z.input<typeof ZNotificationRow>;

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

export type NotificationNote = {
  type: TNotification['type'];
  title: string;
  message: string;
  link?: string;
  groupKey?: string;
};

/**
 * The statement that stores a notification, returning its row. With a group key, an unread
 * notification of the same group is refreshed instead (one line per chat, not per message).
 * `onlyIf` makes it part of a larger statement (a CTE), stored only when that query has a row.
 */
export const notificationUpsert = (userId: string, note: NotificationNote, onlyIf?: SQL) => sql`
  insert into notifications (user_id, type, title, message, link, group_key)
  select ${userId}, ${note.type}, ${note.title}, ${note.message}, ${note.link ?? null}, ${note.groupKey ?? null}
  ${onlyIf ? sql`where exists (${onlyIf})` : sql``}
  on conflict (user_id, group_key) where read_at is null and group_key is not null
  do update set title = excluded.title, message = excluded.message, link = excluded.link, created_at = now()
  returning id, type, title, message, link, read_at, created_at`;

/** The realtime event of a stored notification. */
export const notificationEvent = (row: NotificationRow) => ({
  type: 'notification' as const,
  notification: toNotification(ZNotificationRow.parse(row)),
});

/** Stores a notification and pushes it to the member's open tabs. */
export async function notify(db: Pick<Db, 'execute'>, userId: string, note: NotificationNote): Promise<void> {
  const [row] = await selectRows(db, ZNotificationRow, notificationUpsert(userId, note));
  await publish(db, [userId], { type: 'notification', notification: toNotification(row!) });
}

export async function listNotifications(
  db: Db,
  userId: string,
): Promise<{ notifications: TNotification[]; unreadCount: number }> {
  const rows = await selectRows(
    db,
    ZNotificationRow,
    sql`
    select id, type, title, message, link, read_at, created_at from notifications
    where user_id = ${userId} order by created_at desc limit ${NOTIFICATION_PAGE}`,
  );
  const [unread] = await selectRows(
    db,
    z.object({ n: z.number() }),
    sql`select count(*)::int as n from notifications where user_id = ${userId} and read_at is null`,
  );
  return { notifications: rows.map(toNotification), unreadCount: unread?.n ?? 0 };
}

/** Marks the given notifications read, or all of them when no ids are given. */
export async function markNotificationsRead(db: Db, userId: string, ids?: string[]): Promise<number> {
  const only = ids?.length
    ? sql`and id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql``;
  const { rows } = await db.execute<{ id: string }>(sql`
    update notifications set read_at = now() where user_id = ${userId} and read_at is null ${only} returning id`);
  return rows.length;
}

/** Opening a conversation settles its 'new message' notification. */
export async function markGroupRead(db: Pick<Db, 'execute'>, userId: string, groupKey: string): Promise<void> {
  await db.execute(
    sql`update notifications set read_at = now() where user_id = ${userId} and group_key = ${groupKey} and read_at is null`,
  );
}
