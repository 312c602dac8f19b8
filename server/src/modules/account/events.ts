import { and, desc, eq, sql } from 'drizzle-orm';
import { ACCOUNT_EVENTS_KEPT, type AccountEventKind, type TAccountEvent } from '../../../../contracts/account';
import type { Db } from '../../db/client';
import { accountEvents } from '../../db/schema';
import type { RequestMeta } from '../../auth/hooks';

/** Records one entry in the member's security activity and keeps the newest 100. */
export async function recordAccountEvent(
  db: Db,
  userId: string,
  kind: AccountEventKind,
  meta: RequestMeta,
): Promise<void> {
  await db
    .insert(accountEvents)
    .values({ userId, kind, ip: meta.ip, userAgent: meta.userAgent?.slice(0, 300) ?? null });
  await db.execute(sql`
    delete from account_events where user_id = ${userId} and id not in (
      select id from account_events where user_id = ${userId} order by created_at desc limit ${ACCOUNT_EVENTS_KEPT})`);
}

export async function listAccountEvents(db: Db, userId: string): Promise<TAccountEvent[]> {
  const rows = await db
    .select()
    .from(accountEvents)
    .where(and(eq(accountEvents.userId, userId)))
    .orderBy(desc(accountEvents.createdAt))
    .limit(ACCOUNT_EVENTS_KEPT);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    ip: row.ip,
    userAgent: row.userAgent,
    createdAt: row.createdAt.toISOString(),
  }));
}
