import { eq } from 'drizzle-orm';
import type { Deps } from '../../lib/context';
import { user } from '../../db/schema';

export const DEMO_ACCOUNT = { email: 'demo@vouch.local', password: 'VouchDemo2026', name: 'Demo Member' } as const;

export type SeedResult = { demo: { email: string; password: string; created: boolean } };

/**
 * Demo data for a fresh install. Idempotent: running it twice changes nothing.
 * Members, photos, likes and matches are added here as those features land.
 */
export async function seedDemoData(deps: Pick<Deps, 'auth' | 'database'>): Promise<SeedResult> {
  const { db } = deps.database;
  const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.email, DEMO_ACCOUNT.email)).limit(1);
  if (!existing) {
    await deps.auth.api.signUpEmail({
      body: {
        email: DEMO_ACCOUNT.email,
        password: DEMO_ACCOUNT.password,
        name: DEMO_ACCOUNT.name,
        registration: { name: 'Demo', age: 30, country: 'us', interests: ['hiking', 'coffee', 'live music'] },
      },
    });
  }
  await db.update(user).set({ emailVerified: true }).where(eq(user.email, DEMO_ACCOUNT.email));
  return { demo: { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password, created: !existing } };
}
