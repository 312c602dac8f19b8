import { eq, sql } from 'drizzle-orm';
import type { TAdminSubscription } from '../../../../contracts/admin';
import type { Db } from '../../db/client';
import { subscriptions } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { announceStatsChange } from '../../realtime/hub';
import { appendSecurityLog } from '../audit/security-log';

type Row = { id: string; user_id: string; name: string | null; email: string; tier: string; active: boolean; expires_at: Date | string | null; cancelled_at: Date | string | null; created_at: Date | string };
const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);
const toSubscription = (row: Row): TAdminSubscription => ({
  id: row.id,
  userId: row.user_id,
  name: row.name?.trim() || 'No name',
  email: row.email,
  tier: row.tier === 'premium' ? 'premium' : 'free',
  active: row.active,
  expiresAt: iso(row.expires_at),
  cancelledAt: iso(row.cancelled_at),
  createdAt: new Date(row.created_at).toISOString(),
});
const select = sql`
  select s.id, s.user_id, coalesce(p.name, u.name) as name, u.email, s.tier, s.active, s.expires_at, s.cancelled_at, s.created_at
  from subscriptions s join "user" u on u.id = s.user_id left join profiles p on p.user_id = s.user_id`;

/** A page of subscriptions, newest first, optionally those whose user id contains the search. */
export async function listSubscriptions(db: Db, search: string, page: number, pageSize: number): Promise<{ subscriptions: TAdminSubscription[]; total: number }> {
  const filter = search.trim() ? sql`where s.user_id ilike ${`%${search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : sql``;
  const { rows } = await db.execute<Row>(sql`${select} ${filter} order by s.created_at desc limit ${pageSize} offset ${(page - 1) * pageSize}`);
  const { rows: total } = await db.execute<{ n: number }>(sql`select count(*)::int as n from subscriptions s ${filter}`);
  return { subscriptions: rows.map(toSubscription), total: total[0]?.n ?? 0 };
}

async function one(db: Pick<Db, 'execute'>, id: string) {
  const { rows } = await db.execute<Row>(sql`${select} where s.id = ${id}`);
  if (!rows[0]) throw new AppError('NOT_FOUND', 'No such subscription.');
  return toSubscription(rows[0]);
}

export async function editSubscription(db: Db, adminId: string, id: string, change: { tier: 'free' | 'premium'; active: boolean; expiresAt: string | null }): Promise<TAdminSubscription> {
  await db.transaction(async (tx) => {
    const before = await one(tx, id);
    await tx.update(subscriptions).set({ tier: change.tier, active: change.active, expiresAt: change.expiresAt ? new Date(change.expiresAt) : null }).where(eq(subscriptions.id, id));
    await appendSecurityLog(tx, {
      eventType: 'subscription_edited',
      severity: 'warning',
      actorId: adminId,
      details: { target: before.userId, subscriptionId: id, before: { tier: before.tier, active: before.active, expiresAt: before.expiresAt }, after: change },
    });
  });
  announceStatsChange(db);
  return one(db, id);
}

/** Cancels at the end of the paid period: it stays active until it expires (30 days from now when it had no end). */
export async function cancelSubscription(db: Db, adminId: string, id: string): Promise<TAdminSubscription> {
  await db.transaction(async (tx) => {
    const before = await one(tx, id);
    if (before.cancelledAt) throw new AppError('CONFLICT', 'This subscription is already cancelled.');
    const expiresAt = before.expiresAt ? new Date(before.expiresAt) : new Date(Date.now() + 30 * 86_400_000);
    await tx.update(subscriptions).set({ cancelledAt: new Date(), expiresAt }).where(eq(subscriptions.id, id));
    await appendSecurityLog(tx, {
      eventType: 'subscription_cancelled',
      severity: 'warning',
      actorId: adminId,
      details: { target: before.userId, subscriptionId: id, before: { expiresAt: before.expiresAt, cancelledAt: null }, after: { expiresAt: expiresAt.toISOString(), cancelled: true } },
    });
  });
  return one(db, id);
}
