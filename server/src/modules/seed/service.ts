import { eq, sql } from 'drizzle-orm';
import type { Deps } from '../../lib/context';
import { profiles, user } from '../../db/schema';
import { addPhoto } from '../profiles/photos.service';
import { saveLocation } from '../profiles/profiles.service';
import { hashForFactories, insertMember } from './factories';
import { prng } from '../../lib/random';
import { drawPortrait } from './portraits';
import { seedDemoStory } from './demo-story';
import { CITIES, seedMembers, type SeedProgress } from './members';

export type { SeedProgress } from './members';

export const DEMO_ACCOUNT = { email: 'demo@vouch.local', password: 'VouchDemo2026', name: 'Demo Member' } as const;

export type SeedResult = {
  demo: { email: string; password: string; created: boolean };
  membersCreated: number;
  membersTotal: number;
};

export type SeedOptions = {
  profiles?: number;
  /** Called as missing portraits are drawn, then as members are made (or skipped, on a rerun): each phase up to done = total. */
  onProgress?: (progress: SeedProgress) => void;
  /** How many of the first members get portraits of their own (tests make it small). */
  portraitOwners?: number;
};

/**
 * Demo data for a fresh install: the demo account and `profiles` believable members spread
 * over several cities, with drawn portraits, interests, some selfie-verified, some with
 * ratings, and some who already liked the demo account (members.ts); and the demo account's
 * own matches (demo-story.ts). Safe to run again.
 */
export async function seedDemoData(
  deps: Pick<Deps, 'auth' | 'database' | 'storage' | 'logger'>,
  options: SeedOptions = {},
): Promise<SeedResult> {
  const { db } = deps.database;
  const count = options.profiles ?? 60;
  const passwordHash = await hashForFactories(DEMO_ACCOUNT.password);

  let [demo] = await db.select({ id: user.id }).from(user).where(eq(user.email, DEMO_ACCOUNT.email)).limit(1);
  const demoCreated = !demo;
  if (!demo) {
    const id = await insertMember(db, {
      email: DEMO_ACCOUNT.email,
      name: 'Demo',
      passwordHash,
      profile: {
        name: 'Demo',
        age: 30,
        gender: 'woman',
        location: 'Chicago',
        bio: 'Trying Vouch out. Coffee first, then a walk by the lake?',
        interests: ['hiking', 'coffee', 'live music', 'cooking'],
      },
    });
    await db
      .update(user)
      .set({ registration: { name: 'Demo', age: 30, country: 'us', interests: ['hiking', 'coffee', 'live music'] } })
      .where(eq(user.id, id));
    await saveLocation(db, id, CITIES[0]!.lat, CITIES[0]!.lng);
    await addPhoto(deps, id, await drawPortrait(prng(7), true));
    // Selfie-verified (after the photo, which would lift the mark), so its dates can be rated.
    await db.update(profiles).set({ selfieVerified: true }).where(eq(profiles.userId, id));
    demo = { id };
  }
  await seedDemoStory(deps, demo.id, passwordHash);

  const created = await seedMembers(deps, {
    count,
    demoId: demo.id,
    passwordHash,
    portraitOwners: options.portraitOwners,
    onProgress: options.onProgress,
  });
  const [{ total } = { total: 0 }] = await db.select({ total: sql<number>`count(*)::int` }).from(profiles);
  return {
    demo: { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password, created: demoCreated },
    membersCreated: created,
    membersTotal: total,
  };
}
