import { eq, sql } from 'drizzle-orm';
import type { TAdminSubscription, TPendingPayment } from '../../../../contracts/admin';
import { paymentReference, PREMIUM_MONTHLY_PRICE } from '../../../../contracts/plans';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { column, selectRows } from '../../db/rows';
import { subscriptions, user } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { announceStatsChange } from '../../realtime/hub';
import { notify } from '../notifications/notifications.service';
import { appendSecurityLog } from '../audit/security-log';

const ZSubscriptionRow = z.object({
  id: z.string(),
  user_id: z.string(),
  name: z.string().nullable(),
  email: z.string(),
  tier: z.string(),
  active: z.boolean(),
  expires_at: column.timestamp.nullable(),
  cancelled_at: column.timestamp.nullable(),
  created_at: column.timestamp,
});
const toSubscription = (row: z.output<typeof ZSubscriptionRow>): TAdminSubscription => ({
  id: row.id,
  userId: row.user_id,
  name: row.name?.trim() || 'No name',
  email: row.email,
  tier: row.tier === 'premium' ? 'premium' : 'free',
  active: row.active,
  expiresAt: row.expires_at,
  cancelledAt: row.cancelled_at,
  createdAt: row.created_at,
});
const select = sql`
  select s.id, s.user_id, coalesce(p.name, u.name) as name, u.email, s.tier, s.active, s.expires_at, s.cancelled_at, s.created_at
  from subscriptions s join "user" u on u.id = s.user_id left join profiles p on p.user_id = s.user_id`;

/** A page of subscriptions, newest first, optionally those whose user id contains the search. */
export async function listSubscriptions(
  db: Db,
  search: string,
  page: number,
  pageSize: number,
): Promise<{ subscriptions: TAdminSubscription[]; total: number }> {
  const filter = search.trim()
    ? sql`where s.user_id ilike ${`%${search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`
    : sql``;
  const rows = await selectRows(
    db,
    ZSubscriptionRow,
    sql`${select} ${filter} order by s.created_at desc limit ${pageSize} offset ${(page - 1) * pageSize}`,
  );
  const [count] = await selectRows(
    db,
    z.object({ n: z.number() }),
    sql`select count(*)::int as n from subscriptions s ${filter}`,
  );
  return { subscriptions: rows.map(toSubscription), total: count?.n ?? 0 };
}

async function one(db: Pick<Db, 'execute'>, id: string) {
  const rows = await selectRows(db, ZSubscriptionRow, sql`${select} where s.id = ${id}`);
  if (!rows[0]) throw new AppError('NOT_FOUND', 'No such subscription.');
  return toSubscription(rows[0]);
}

export async function editSubscription(
  db: Db,
  adminId: string,
  id: string,
  change: { tier: 'free' | 'premium'; active: boolean; expiresAt: string | null },
): Promise<TAdminSubscription> {
  await db.transaction(async (tx) => {
    const before = await one(tx, id);
    await tx
      .update(subscriptions)
      .set({
        tier: change.tier,
        active: change.active,
        expiresAt: change.expiresAt ? new Date(change.expiresAt) : null,
        updatedAt: new Date(),
      })
      .where(eq(subscriptions.id, id));
    await appendSecurityLog(tx, {
      eventType: 'subscription_edited',
      severity: 'warning',
      actorId: adminId,
      details: {
        target: before.userId,
        subscriptionId: id,
        before: { tier: before.tier, active: before.active, expiresAt: before.expiresAt },
        after: change,
      },
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
      details: {
        target: before.userId,
        subscriptionId: id,
        before: { expiresAt: before.expiresAt, cancelledAt: null },
        after: { expiresAt: expiresAt.toISOString(), cancelled: true },
      },
    });
  });
  return one(db, id);
}

/** Members who pressed Go Premium in the last 30 days and have no paid Premium running: newest first. */
export async function listPendingPayments(db: Db): Promise<TPendingPayment[]> {
  const shape = z.object({
    user_id: z.string(),
    name: z.string().nullable(),
    email: z.string(),
    amount: column.number.nullable(),
    attempted_at: column.timestamp,
  });
  const rows = await selectRows(
    db,
    shape,
    sql`
    select distinct on (l.user_id) l.user_id, coalesce(p.name, u.name) as name, u.email,
           (l.metadata->>'amount')::float8 as amount, l.created_at as attempted_at
    from system_logs l
    join "user" u on u.id = l.user_id
    left join profiles p on p.user_id = l.user_id
    where l.event_type = 'premium_upgrade_attempt' and l.created_at > now() - interval '30 days'
      and not exists (
        select 1 from subscriptions s where s.user_id = l.user_id and s.active and s.tier = 'premium'
          and (s.expires_at is null or s.expires_at > now()) and s.updated_at > l.created_at)
    order by l.user_id, l.created_at desc`,
  );
  return rows
    .map((row) => ({
      userId: row.user_id,
      name: row.name?.trim() || 'No name',
      email: row.email,
      reference: paymentReference(row.user_id),
      amount: row.amount ?? PREMIUM_MONTHLY_PRICE,
      attemptedAt: row.attempted_at,
    }))
    .sort((a, b) => b.attemptedAt.localeCompare(a.attemptedAt));
}

/**
 * Payment confirmed: Premium for `months` months, counted from the current expiry when
 * Premium is still running (so a renewal adds a month), else from now. One row per member.
 */
export async function activatePremium(
  db: Db,
  adminId: string,
  userId: string,
  months: number,
): Promise<TAdminSubscription> {
  const activated = await db.transaction(async (tx) => {
    const [member] = await tx.select({ id: user.id }).from(user).where(eq(user.id, userId));
    if (!member) throw new AppError('NOT_FOUND', 'No such member.');
    const [before] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, userId)).for('update');
    const now = new Date();
    const running = before?.active && before.tier === 'premium' && before.expiresAt && before.expiresAt > now;
    const from = running ? before.expiresAt! : now;
    const expiresAt = new Date(from);
    expiresAt.setUTCMonth(expiresAt.getUTCMonth() + months);
    const change = { tier: 'premium', active: true, expiresAt, cancelledAt: null, updatedAt: now };
    const [row] = await tx
      .insert(subscriptions)
      .values({ userId, ...change })
      .onConflictDoUpdate({ target: subscriptions.userId, set: change })
      .returning({ id: subscriptions.id });
    await appendSecurityLog(tx, {
      eventType: 'premium_activated',
      severity: 'warning',
      actorId: adminId,
      details: {
        target: userId,
        months,
        before: before
          ? { tier: before.tier, active: before.active, expiresAt: before.expiresAt?.toISOString() ?? null }
          : null,
        after: { expiresAt: expiresAt.toISOString() },
      },
    });
    return { id: row!.id, expiresAt };
  });
  // The member hears of it at once: they paid, and are waiting for it.
  await notify(db, userId, {
    type: 'premium',
    title: 'Premium is on',
    message: `Thank you for your payment. Your Premium membership runs until ${activated.expiresAt.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })}.`,
    link: '/pricing',
  });
  announceStatsChange(db);
  return one(db, activated.id);
}
