import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { profiles } from '../db/schema';

/** Activity recorded at most once per few minutes per member, for the 'recently active' filter. */
const ACTIVITY_GRAIN_MS = 5 * 60_000;
const lastTouched = new Map<string, number>();

/** Stamps a member active; the route guard calls it on every signed-in request. */
export async function touchActivity(db: Db, userId: string, now = Date.now()): Promise<void> {
  if ((lastTouched.get(userId) ?? 0) > now - ACTIVITY_GRAIN_MS) return;
  lastTouched.set(userId, now);
  if (lastTouched.size > 50_000) lastTouched.clear();
  await db
    .update(profiles)
    .set({ lastActiveAt: sql`now()` })
    .where(eq(profiles.userId, userId));
}
