import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { like, sql } from 'drizzle-orm';
import type { Deps } from '../../lib/context';
import { account, imagePrints, likes, photos, profiles, user } from '../../db/schema';
import { prng, pick as pickWith } from '../../lib/random';
import { snapToGrid } from '../profiles/profiles.service';
import { PortraitPool, type PortraitOwner } from './portrait-pool';

/** How far the seed is: first the portraits it draws (when any are missing), then the members. */
export type SeedProgress = { phase: 'portraits' | 'members'; done: number; total: number };

/**
 * The first members each get portraits of their own; every later one wears an owner's. 200
 * owners make about 300 pictures (10 to 20 s of drawing), enough that a deck seldom shows the
 * same face twice in a row.
 */
export const PORTRAIT_OWNERS = 200;

/**
 * Members are written a batch at a time, each batch in one transaction of multi-row inserts
 * (one statement per table, not five per member). A batch takes well under a second.
 */
const BATCH = 1000;

export const CITIES = [
  { name: 'Chicago', lat: 41.8781, lng: -87.6298 },
  { name: 'New York', lat: 40.7128, lng: -74.006 },
  { name: 'Los Angeles', lat: 34.0522, lng: -118.2437 },
  { name: 'San Francisco', lat: 37.7749, lng: -122.4194 },
  { name: 'Austin', lat: 30.2672, lng: -97.7431 },
  { name: 'Seattle', lat: 47.6062, lng: -122.3321 },
];
const WOMEN = [
  'Maya',
  'Sofia',
  'Amara',
  'Lena',
  'Priya',
  'Chloe',
  'Zoe',
  'Hana',
  'Isabel',
  'Nora',
  'Ava',
  'Leila',
  'Grace',
  'Mei',
  'Olivia',
];
const MEN = [
  'Liam',
  'Noah',
  'Mateo',
  'Ethan',
  'Kai',
  'Omar',
  'Lucas',
  'Daniel',
  'Jonah',
  'Ravi',
  'Theo',
  'Marcus',
  'Felix',
  'Hugo',
  'Sam',
];
const OTHERS = ['Alex', 'Jordan', 'Riley', 'Quinn', 'Avery', 'Rowan', 'Sage', 'Remy'];
const INTERESTS = [
  'hiking',
  'jazz',
  'cooking',
  'yoga',
  'photography',
  'travel',
  'coffee',
  'live music',
  'reading',
  'cycling',
  'dogs',
  'film',
];
const OPENERS = [
  'Weekend hiker, weekday coffee snob.',
  'I will happily debate the best taco spot in town.',
  'Looking for someone kind, curious and a little bit silly.',
  'Bookshop wanderer and amateur chef.',
  'Happiest outdoors, or at a small concert with good friends.',
  'New to the city and keen to explore it with someone fun.',
];

type Member = {
  email: string;
  name: string;
  createdAt: Date;
  profile: Omit<typeof profiles.$inferInsert, 'userId'>;
  photoCount: number;
  likesDemo: boolean;
  owner: PortraitOwner;
};

/**
 * Member i's attributes. Every member draws the same numbers in the same order whether or not
 * it exists already, so a rerun makes the members a first run would have made.
 */
function drawMember(random: () => number, i: number, count: number): Member {
  const pick = <T>(list: readonly T[]) => pickWith(random, list);
  const genderRoll = random();
  const gender =
    genderRoll < 0.46
      ? 'woman'
      : genderRoll < 0.92
        ? 'man'
        : pick(['non-binary', 'genderqueer', 'genderfluid'] as const);
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
  const position = snapToGrid(city.lat + (random() - 0.5) * 0.3, city.lng + (random() - 0.5) * 0.3);
  const photoCount = 1 + Math.floor(random() * 2);
  const likesDemo = random() < 0.3;
  const portraitSeed = Math.floor(random() * 1e9);
  const createdAt = new Date(Date.now() - Math.floor(random() * 90) * 86_400_000);
  return {
    email: `seed-${String(i + 1).padStart(4, '0')}@vouch.local`,
    name,
    createdAt,
    profile: { ...profile, ...position },
    photoCount,
    likesDemo,
    owner: { index: i, portraitSeed, woman: gender === 'woman' },
  };
}

/**
 * The owner whose portraits a member wears: the member's own pictures for an owner, otherwise
 * an owner of the same kind (women wear women's portraits), chosen by the member's own draw.
 */
function wornOwner(
  member: Member,
  owners: { women: PortraitOwner[]; others: PortraitOwner[] },
  ownerCount: number,
): PortraitOwner {
  if (member.owner.index < ownerCount) return member.owner;
  const same = member.owner.woman ? owners.women : owners.others;
  const from = same.length > 0 ? same : [...owners.women, ...owners.others];
  return from[member.owner.portraitSeed % from.length]!;
}

type Planned = { member: Member; wears: PortraitOwner };

/** Members 1 … count in order, each with the owner whose portraits they wear; the same every time. */
function* plannedMembers(count: number, ownerCount: number): Generator<Planned> {
  const random = prng(2026);
  const owners = { women: [] as PortraitOwner[], others: [] as PortraitOwner[] };
  for (let i = 0; i < count; i++) {
    const member = drawMember(random, i, count);
    if (i < ownerCount) (member.owner.woman ? owners.women : owners.others).push(member.owner);
    yield { member, wears: wornOwner(member, owners, ownerCount) };
  }
}

/**
 * Makes the members seed-0001 … seed-N that do not exist yet: account, profile with a position,
 * photos, and for some a like of the demo account. Returns how many it made.
 *
 * Two passes over the same draws: the first finds which portraits the new members wear and
 * draws those missing (the slow part, reported as 'portraits'); the second writes the members
 * (reported as 'members'), at a steady rate, so the time left it shows holds.
 */
export async function seedMembers(
  deps: Pick<Deps, 'database' | 'storage'>,
  options: {
    count: number;
    demoId: string;
    passwordHash: string;
    portraitOwners?: number;
    onProgress?: (progress: SeedProgress) => void;
  },
): Promise<number> {
  const { db } = deps.database;
  const { count, demoId, passwordHash, onProgress } = options;
  const ownerCount = options.portraitOwners ?? PORTRAIT_OWNERS;
  const existing = await db.select({ email: user.email }).from(user).where(like(user.email, 'seed-%@vouch.local'));
  const have = new Set(existing.map((row) => row.email));

  const needs = new Map<PortraitOwner, number>();
  for (const { member, wears } of plannedMembers(count, ownerCount)) {
    if (!have.has(member.email)) needs.set(wears, Math.max(needs.get(wears) ?? 0, member.photoCount));
  }
  const pool = await PortraitPool.load(deps);
  await pool.ready(needs, (done, total) => onProgress?.({ phase: 'portraits', done, total }));

  let created = 0;
  let batch: Planned[] = [];
  const write = async (done: number) => {
    if (batch.length > 0) await insertBatch(deps, batch, { demoId, passwordHash, pool });
    created += batch.length;
    batch = [];
    onProgress?.({ phase: 'members', done, total: count });
    // PGlite answers in-process: a chain of its queries never lets the event loop run, and a
    // server seeding through here would answer nothing (not even how far the seed is) until the
    // end. A few milliseconds between batches let the requests that came meanwhile through.
    await sleep(5);
  };
  onProgress?.({ phase: 'members', done: 0, total: count });
  let i = 0;
  for (const planned of plannedMembers(count, ownerCount)) {
    if (!have.has(planned.member.email)) batch.push(planned);
    if (++i % BATCH === 0) await write(i);
  }
  if (count % BATCH !== 0) await write(count);
  // PGlite runs no autovacuum: fresh statistics keep discovery's plans right after a big load.
  if (created > 0) await db.execute(sql`analyze "user", account, profiles, photos, likes`);
  return created;
}

async function insertBatch(
  deps: Pick<Deps, 'database'>,
  batch: Planned[],
  { demoId, passwordHash, pool }: { demoId: string; passwordHash: string; pool: PortraitPool },
): Promise<void> {
  const rows = batch.map(({ member, wears }) => ({ id: randomUUID().replace(/-/g, ''), member, wears }));
  await deps.database.db.transaction(async (tx) => {
    await tx.insert(user).values(
      rows.map(({ id, member }) => ({
        id,
        name: member.name,
        email: member.email,
        emailVerified: true,
        createdAt: member.createdAt,
        updatedAt: member.createdAt,
      })),
    );
    await tx.insert(account).values(
      rows.map(({ id }) => ({
        id: randomUUID(),
        accountId: id,
        providerId: 'credential',
        userId: id,
        password: passwordHash,
      })),
    );
    await tx.insert(profiles).values(rows.map(({ id, member }) => ({ userId: id, ...member.profile })));
    const shown = rows.flatMap(({ id, member, wears }) =>
      Array.from({ length: member.photoCount }, (_, position) => {
        const { print, ...picture } = pool.picture(wears.index, position);
        // Only an owner's own photo has a print. A wearer's would tie them to the owner and to
        // each other: one of them banned would make the rest look like reused photos.
        return {
          row: { id: randomUUID(), userId: id, position, ...picture },
          print: wears === member.owner ? print : null,
        };
      }),
    );
    await tx.insert(photos).values(shown.map(({ row }) => row));
    const printed = shown.flatMap(({ row, print }) => (print ? [{ row, print }] : []));
    if (printed.length > 0)
      await tx.insert(imagePrints).values(
        printed.map(({ row, print }) => ({
          userId: row.userId,
          uploadedBy: row.userId,
          photoId: row.id,
          hash: print.hash,
          crops: print.crops,
          colours: print.colours,
        })),
      );
    const likers = rows.filter(({ member }) => member.likesDemo);
    if (likers.length > 0)
      await tx
        .insert(likes)
        .values(likers.map(({ id }) => ({ userId: id, targetId: demoId })))
        .onConflictDoNothing();
  });
}
