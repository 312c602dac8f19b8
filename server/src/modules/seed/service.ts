import { eq, like, sql } from 'drizzle-orm';
import type { Deps } from '../../lib/context';
import { likes, profiles, user } from '../../db/schema';
import { addPhoto } from '../profiles/photos.service';
import { saveLocation } from '../profiles/profiles.service';
import { hashForFactories, insertMember } from './factories';
import { prng, pick as pickWith } from '../../lib/random';
import { drawPortrait } from './portraits';
import { seedDemoStory } from './demo-story';

export const DEMO_ACCOUNT = { email: 'demo@vouch.local', password: 'VouchDemo2026', name: 'Demo Member' } as const;

export type SeedResult = { demo: { email: string; password: string; created: boolean }; membersCreated: number; membersTotal: number };

const CITIES = [
  { name: 'Chicago', lat: 41.8781, lng: -87.6298 },
  { name: 'New York', lat: 40.7128, lng: -74.006 },
  { name: 'Los Angeles', lat: 34.0522, lng: -118.2437 },
  { name: 'San Francisco', lat: 37.7749, lng: -122.4194 },
  { name: 'Austin', lat: 30.2672, lng: -97.7431 },
  { name: 'Seattle', lat: 47.6062, lng: -122.3321 },
];
const WOMEN = ['Maya', 'Sofia', 'Amara', 'Lena', 'Priya', 'Chloe', 'Zoe', 'Hana', 'Isabel', 'Nora', 'Ava', 'Leila', 'Grace', 'Mei', 'Olivia'];
const MEN = ['Liam', 'Noah', 'Mateo', 'Ethan', 'Kai', 'Omar', 'Lucas', 'Daniel', 'Jonah', 'Ravi', 'Theo', 'Marcus', 'Felix', 'Hugo', 'Sam'];
const OTHERS = ['Alex', 'Jordan', 'Riley', 'Quinn', 'Avery', 'Rowan', 'Sage', 'Remy'];
const INTERESTS = ['hiking', 'jazz', 'cooking', 'yoga', 'photography', 'travel', 'coffee', 'live music', 'reading', 'cycling', 'dogs', 'film'];
const OPENERS = [
  'Weekend hiker, weekday coffee snob.',
  'I will happily debate the best taco spot in town.',
  'Looking for someone kind, curious and a little bit silly.',
  'Bookshop wanderer and amateur chef.',
  'Happiest outdoors, or at a small concert with good friends.',
  'New to the city and keen to explore it with someone fun.',
];

/**
 * Demo data for a fresh install: the demo account and `profiles` believable members spread
 * over several cities, with drawn portraits, interests, some selfie-verified, some with
 * ratings, and some who already liked the demo account; and the demo account's own matches
 * (demo-story.ts). Safe to run again.
 */
export async function seedDemoData(deps: Pick<Deps, 'auth' | 'database' | 'storage' | 'logger'>, options: { profiles?: number } = {}): Promise<SeedResult> {
  const { db } = deps.database;
  const count = options.profiles ?? 60;
  const passwordHash = await hashForFactories(DEMO_ACCOUNT.password);
  const random = prng(2026);
  const pick = <T>(list: readonly T[]) => pickWith(random, list);

  let [demo] = await db.select({ id: user.id }).from(user).where(eq(user.email, DEMO_ACCOUNT.email)).limit(1);
  const demoCreated = !demo;
  if (!demo) {
    const id = await insertMember(db, {
      email: DEMO_ACCOUNT.email,
      name: 'Demo',
      passwordHash,
      profile: { name: 'Demo', age: 30, gender: 'woman', location: 'Chicago', bio: 'Trying Vouch out. Coffee first, then a walk by the lake?', interests: ['hiking', 'coffee', 'live music', 'cooking'] },
    });
    await db.update(user).set({ registration: { name: 'Demo', age: 30, country: 'us', interests: ['hiking', 'coffee', 'live music'] } }).where(eq(user.id, id));
    await saveLocation(db, id, CITIES[0]!.lat, CITIES[0]!.lng);
    await addPhoto(deps, id, await drawPortrait(prng(7), true));
    // Selfie-verified (after the photo, which would lift the mark), so its dates can be rated.
    await db.update(profiles).set({ selfieVerified: true }).where(eq(profiles.userId, id));
    demo = { id };
  }
  await seedDemoStory(deps, demo.id, passwordHash);

  const existing = await db.select({ email: user.email }).from(user).where(like(user.email, 'seed-%@vouch.local'));
  const have = new Set(existing.map((row) => row.email));
  let created = 0;
  for (let i = 0; i < count; i++) {
    // Every member draws the same numbers whether or not it exists already, so reruns match.
    const genderRoll = random();
    const gender = genderRoll < 0.46 ? 'woman' : genderRoll < 0.92 ? 'man' : pick(['non-binary', 'genderqueer', 'genderfluid'] as const);
    const name = gender === 'woman' ? pick(WOMEN) : gender === 'man' ? pick(MEN) : pick(OTHERS);
    const city = i < count * 0.4 ? CITIES[0]! : pick(CITIES);
    const interests = [...new Set(Array.from({ length: 3 + Math.floor(random() * 3) }, () => pick(INTERESTS)))];
    const rated = random() < 0.55;
    const avgRating = rated ? Math.round((3.4 + random() * 1.6) * 10) / 10 : null;
    const reviewCount = rated ? 1 + Math.floor(random() * 18) : 0;
    const profile = {
      name,
      age: 21 + Math.floor(random() * 30),
      gender,
      location: city.name,
      bio: `${pick(OPENERS)} Into ${interests.slice(0, 2).join(' and ')}.`,
      interests,
      selfieVerified: random() < 0.4,
      avgRating,
      reviewCount,
      safeForFamilyBadge: rated && random() < 0.5,
      safeForHomeBadge: rated && random() < 0.4,
      dateAgainBadge: rated && random() < 0.6,
    };
    const position = { latitude: city.lat + (random() - 0.5) * 0.3, longitude: city.lng + (random() - 0.5) * 0.3 };
    const photoCount = 1 + Math.floor(random() * 2);
    const likesDemo = random() < 0.3;
    const portraitSeed = Math.floor(random() * 1e9);
    const email = `seed-${String(i + 1).padStart(4, '0')}@vouch.local`;
    if (have.has(email)) continue;

    const id = await insertMember(db, { email, name, passwordHash, profile: { ...profile, selfieVerified: false }, position, createdAt: new Date(Date.now() - Math.floor(random() * 90) * 86_400_000) });
    const draw = prng(portraitSeed);
    for (let p = 0; p < photoCount; p++) await addPhoto(deps, id, await drawPortrait(draw, gender === 'woman' || draw() < 0.3));
    // The mark after the photos: a new photo lifts it.
    if (profile.selfieVerified) await db.update(profiles).set({ selfieVerified: true }).where(eq(profiles.userId, id));
    if (likesDemo) await db.insert(likes).values({ userId: id, targetId: demo.id }).onConflictDoNothing();
    created++;
  }
  const [{ total } = { total: 0 }] = await db.select({ total: sql<number>`count(*)::int` }).from(profiles);
  return { demo: { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password, created: demoCreated }, membersCreated: created, membersTotal: total };
}
