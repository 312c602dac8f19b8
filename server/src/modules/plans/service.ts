import { eq } from 'drizzle-orm';
import { TRIAL_DAYS } from '../../../../contracts/auth';
import type { Db } from '../../db/client';
import { subscriptions } from '../../db/schema';

export type PlanState = {
  isActive: boolean;
  tier: 'free' | 'premium';
  expiresAt: string | null;
  trialEndsAt: string;
};

/**
 * The member's plan, derived on the server: a paid subscription counts while it is active
 * and not expired; otherwise the 30-day trial from account creation grants Premium.
 */
export async function getPlanState(db: Db, userId: string, accountCreatedAt: Date, now = new Date()): Promise<PlanState> {
  const trialEnds = new Date(accountCreatedAt.getTime() + TRIAL_DAYS * 24 * 60 * 60 * 1000);
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  const paid = !!row && row.active && row.tier === 'premium' && (!row.expiresAt || row.expiresAt > now);
  return {
    isActive: paid,
    tier: paid || trialEnds > now ? 'premium' : 'free',
    expiresAt: row?.expiresAt?.toISOString() ?? null,
    trialEndsAt: trialEnds.toISOString(),
  };
}
