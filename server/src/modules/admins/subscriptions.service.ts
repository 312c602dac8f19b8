import { eq } from 'drizzle-orm';
import { onlyRow } from '../../db/rows';
import type { TAdminSubscription, TPendingPayment } from '../../../../contracts/admin';
import { paymentReference, PREMIUM_MONTHLY_PRICE } from '../../../../contracts/plans';
import type { Db } from '../../db/client';
import { selectPendingPayments, selectSubscription, selectSubscriptions, type SubscriptionRow } from './admins.queries';
import { subscriptions, user } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { announceStatsChange } from '../../realtime/hub';
import { notify } from '../notifications/notifications.service';
import { appendSecurityLog } from '../audit/security-log';

const toSubscription = (row: SubscriptionRow): TAdminSubscription => ({
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
/** A page of subscriptions, newest first, optionally those whose user id contains the search. */
export async function listSubscriptions(
  db: Db,
  search: string,
  page: number,
  pageSize: number,
): Promise<{ subscriptions: TAdminSubscription[]; total: number }> {
  const { rows, total } = await selectSubscriptions(db, { search, page, pageSize });
  return { subscriptions: rows.map(toSubscription), total };
}

async function one(db: Pick<Db, 'execute'>, id: string) {
  const row = await selectSubscription(db, id);
  if (!row) throw new AppError('NOT_FOUND', 'No such subscription.');
  return toSubscription(row);
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
  const rows = await selectPendingPayments(db);
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
  { adminId, userId }: { adminId: string; userId: string },
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
    const row = onlyRow(
      await tx
        .insert(subscriptions)
        .values({ userId, ...change })
        .onConflictDoUpdate({ target: subscriptions.userId, set: change })
        .returning({ id: subscriptions.id }),
    );
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
    return { id: row.id, expiresAt };
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
