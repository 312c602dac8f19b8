import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { NOTIFICATION_TYPES } from '../../../../contracts/safety';
import type { Db } from '../../db/client';
import { column, selectOne, selectRow, selectRows, ZCount, ZId } from '../../db/rows';

/** The notifications module's SQL, each statement's rows checked against their declared shape (db/rows.ts). */

type Execute = Pick<Db, 'execute'>;

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

export type NotificationNote = {
  type: (typeof NOTIFICATION_TYPES)[number];
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

/** The member's latest `limit` notifications, newest first, and how many are unread. */
export async function selectNotifications(db: Execute, { userId, limit }: { userId: string; limit: number }) {
  const rows = await selectRows(
    db,
    ZNotificationRow,
    sql`
    select id, type, title, message, link, read_at, created_at from notifications
    where user_id = ${userId} order by created_at desc limit ${limit}`,
  );
  const unread = await selectRow(
    db,
    ZCount,
    sql`select count(*)::int as n from notifications where user_id = ${userId} and read_at is null`,
  );
  return { rows, unread: unread?.n ?? 0 };
}

/** Marks the given notifications read, or all of them when no ids are given; how many were unread. */
export async function markRead(db: Execute, { userId, ids }: { userId: string; ids?: string[] }): Promise<number> {
  const only = ids?.length
    ? sql`and id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql``;
  const rows = await selectRows(
    db,
    ZId,
    sql`
    update notifications set read_at = now() where user_id = ${userId} and read_at is null ${only} returning id`,
  );
  return rows.length;
}

/** Marks a group's unread notification read (opening a conversation settles its 'new message' line). */
export async function markGroupRead(db: Execute, { userId, groupKey }: { userId: string; groupKey: string }) {
  await db.execute(
    sql`update notifications set read_at = now() where user_id = ${userId} and group_key = ${groupKey} and read_at is null`,
  );
}

/** Stores a notification (notificationUpsert), answering its row. */
export async function insertNotification(db: Execute, { userId, note }: { userId: string; note: NotificationNote }) {
  return selectOne(db, ZNotificationRow, notificationUpsert(userId, note));
}
