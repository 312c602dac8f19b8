import { and, eq } from 'drizzle-orm';
import {
  BOOST_MINUTES,
  PAYMENT_METHOD,
  PLAN_TEXT,
  PREMIUM_MONTHLY_PRICE,
  paymentReference,
  type TBoostStatus,
  type TUpgradeResponse,
} from '../../../../contracts/plans';
import type { Db } from '../../db/client';
import { boosts, profiles, systemLogs } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { requirePremium } from './service';

const utcDay = (now: Date) => now.toISOString().slice(0, 10);

/**
 * Go Premium: the attempt is logged (amount and method), and the member is given the
 * payment page with the amount, a note carrying their reference, and our return address.
 */
export async function startUpgrade(
  db: Db,
  userId: string,
  paymentUrl: string,
  baseUrl: string,
): Promise<TUpgradeResponse> {
  const reference = paymentReference(userId);
  await db.insert(systemLogs).values({
    eventType: 'premium_upgrade_attempt',
    userId,
    detail: 'Go Premium pressed; waiting for payment',
    metadata: { amount: PREMIUM_MONTHLY_PRICE, method: PAYMENT_METHOD, reference },
  });
  const url = new URL(paymentUrl);
  url.searchParams.set('txn', 'pay');
  url.searchParams.set('amount', PREMIUM_MONTHLY_PRICE.toFixed(2));
  url.searchParams.set('note', `Vouch Premium, 1 month, ref ${reference}`);
  url.searchParams.set('return_url', `${baseUrl}/subscription-success`);
  return { paymentUrl: url.toString(), reference, amount: PREMIUM_MONTHLY_PRICE };
}

export async function boostStatus(db: Pick<Db, 'select'>, userId: string, now = new Date()): Promise<TBoostStatus> {
  const [today] = await db
    .select({ endsAt: boosts.endsAt })
    .from(boosts)
    .where(and(eq(boosts.userId, userId), eq(boosts.day, utcDay(now))));
  return { active: !!today && today.endsAt > now, endsAt: today?.endsAt.toISOString() ?? null, availableToday: !today };
}

/**
 * Premium: 30 minutes first in discovery, once per UTC day (the boosts primary key is the
 * limit). Pressing again while the boost runs answers its status, so a retry is harmless.
 */
export async function startBoost(db: Db, userId: string): Promise<TBoostStatus> {
  await requirePremium(db, userId, PLAN_TEXT.boostPremium);
  const now = new Date();
  const endsAt = new Date(now.getTime() + BOOST_MINUTES * 60_000);
  await db.transaction(async (tx) => {
    const [started] = await tx
      .insert(boosts)
      .values({ userId, day: utcDay(now), endsAt })
      .onConflictDoNothing()
      .returning({ endsAt: boosts.endsAt });
    if (started) {
      await tx.update(profiles).set({ boostedUntil: endsAt }).where(eq(profiles.userId, userId));
      return;
    }
    const status = await boostStatus(tx, userId, now);
    if (!status.active) throw new AppError('LIMIT_REACHED', PLAN_TEXT.boostUsed);
  });
  return boostStatus(db, userId, now);
}
