import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { column } from '../../db/rows';
import { TRIAL_DAYS } from '../../../../contracts/auth';
import type { Db } from '../../db/client';
import { subscriptions, user } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { SessionUser } from '../../lib/context';

export type PlanState = {
  isActive: boolean;
  tier: 'free' | 'premium';
  expiresAt: string | null;
  trialEndsAt: string;
};

let trialDays = TRIAL_DAYS;
/** The trial length is configuration (TRIAL_DAYS), set once when the server starts. */
export function configureTrial(days: number): void {
  trialDays = days;
}

type SubscriptionRow = { active: boolean; tier: string; expiresAt: Date | null };

/**
 * The plan from the account's creation time and its subscription row, if any: a paid
 * subscription counts while it is active and not expired (the moment expires_at passes, it
 * stops counting); otherwise the 30-day trial from account creation grants Premium.
 */
function planState(row: SubscriptionRow | null | undefined, accountCreatedAt: Date, now: Date): PlanState {
  const trialEnds = new Date(accountCreatedAt.getTime() + trialDays * 24 * 60 * 60 * 1000);
  const paid = !!row && row.active && row.tier === 'premium' && (!row.expiresAt || row.expiresAt > now);
  return {
    isActive: paid,
    tier: paid || trialEnds > now ? 'premium' : 'free',
    expiresAt: row?.expiresAt?.toISOString() ?? null,
    trialEndsAt: trialEnds.toISOString(),
  };
}

/** A signed-in member's plan, from the account and subscription read with their session (lib/route.ts). */
export function sessionPlan(member: Pick<SessionUser, 'createdAt' | 'subscription'>, now = new Date()): PlanState {
  return planState(member.subscription, member.createdAt, now);
}

/** The member's plan, derived on the server, when the account's creation time is known. */
export async function getPlanState(
  db: Pick<Db, 'select'>,
  userId: string,
  accountCreatedAt: Date,
  now = new Date(),
): Promise<PlanState> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  return planState(row, accountCreatedAt, now);
}

/**
 * For a hot path that reads the plan inside a larger query: the columns to select from its
 * "user" u and left-joined subscriptions s, and the plan they give.
 */
export const planColumns = sql`u.created_at as account_created_at, s.active as sub_active, s.tier as sub_tier, s.expires_at as sub_expires_at`;
/** The same columns for a query builder over "user" left-joined with subscriptions. */
export const planFields = {
  account_created_at: user.createdAt,
  sub_active: subscriptions.active,
  sub_tier: subscriptions.tier,
  sub_expires_at: subscriptions.expiresAt,
};
/** planColumns' row shape, for a hand-written query's row schema (db/rows.ts). */
export const ZPlanColumns = z.object({
  account_created_at: column.timestamp,
  sub_active: z.boolean().nullable(),
  sub_tier: z.string().nullable(),
  sub_expires_at: column.timestamp.nullable(),
});
export type PlanColumns = {
  account_created_at: Date | string;
  sub_active: boolean | null;
  sub_tier: string | null;
  sub_expires_at: Date | string | null;
};
export function planFromColumns(row: PlanColumns, now = new Date()): PlanState {
  const subscription =
    row.sub_active === null || row.sub_tier === null
      ? null
      : {
          active: row.sub_active,
          tier: row.sub_tier,
          expiresAt: row.sub_expires_at === null ? null : new Date(row.sub_expires_at),
        };
  return planState(subscription, new Date(row.account_created_at), now);
}

/** The plan of a member known only by id: the account and its subscription in one query. */
export async function planOf(db: Pick<Db, 'select'>, userId: string, now = new Date()): Promise<PlanState> {
  const [account] = await db
    .select(planFields)
    .from(user)
    .leftJoin(subscriptions, eq(subscriptions.userId, user.id))
    .where(eq(user.id, userId))
    .limit(1);
  if (!account) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.');
  return planFromColumns(account, now);
}

export async function isPremium(db: Pick<Db, 'select'>, userId: string): Promise<boolean> {
  return (await planOf(db, userId)).tier === 'premium';
}

/** Refuses a Premium feature to a member on the free plan (403 PREMIUM_REQUIRED). */
export async function requirePremium(db: Pick<Db, 'select'>, userId: string, message: string): Promise<void> {
  if (!(await isPremium(db, userId))) throw new AppError('PREMIUM_REQUIRED', message);
}
