import { and, desc, eq } from 'drizzle-orm';
import { ACCOUNT_EVENTS_KEPT, type AccountEventKind, type TAccountEvent } from '../../../../contracts/account';
import type { Db } from '../../db/client';
import { accountEvents } from '../../db/schema';
import type { RequestMeta } from '../../auth/hooks';
import { trimAccountEvents } from './account.queries';

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
  await trimAccountEvents(db, userId);
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
