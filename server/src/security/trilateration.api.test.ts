import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { RADIUS_CHOICES_KM } from '../../../contracts/discovery-constants';
import type { TDiscoverPage } from '../../../contracts/discovery';
import { profiles } from '../db/schema';
import { factoryMember } from '../../test/members';
import { serverSuite } from '../../test/suite';
import { testDatabaseKind } from '../../test/test-server';
import { insertMember } from '../modules/seed/factories';
import { GRID_DEGREES, LOCATION_CHANGES_PER_DAY, snapToGrid } from '../modules/profiles/profiles.service';

/**
 * The attacker who moves their own position freely and reads what Nearby says about a target:
 * which radii include them, and the distance band on their card. Over many placements, what they
 * learn must never be finer than the stored ~2 km cell, and nothing at all when the target hides
 * their distance.
 */
const suite = serverSuite();
const PLACEMENTS = 1200;

/** A deterministic sequence in [0, 1), so a failure can be replayed. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

describe(`trilateration on ${testDatabaseKind}`, () => {
  it(
    `learns nothing finer than the stored cell, and nothing of a hidden distance, from ${PLACEMENTS} placements`,
    { timeout: 600_000 },
    async () => {
      const db = suite.server.deps.database.db;
      const target = { latitude: -38.7, longitude: -72.6 };
      const cell = snapToGrid(target.latitude, target.longitude);
      // Two members at near-opposite corners of one stored cell, showing their distance, and one
      // at the target's true position hiding it.
      const corner = GRID_DEGREES * 0.45;
      const lngStep = GRID_DEGREES / Math.cos((cell.latitude * Math.PI) / 180);
      const twinA = { latitude: cell.latitude - corner, longitude: cell.longitude - lngStep * 0.45 };
      const twinB = { latitude: cell.latitude + corner, longitude: cell.longitude + lngStep * 0.45 };
      expect(snapToGrid(twinA.latitude, twinA.longitude)).toEqual(cell);
      expect(snapToGrid(twinB.latitude, twinB.longitude)).toEqual(cell);
      const add = (name: string, position: { latitude: number; longitude: number }, showDistance: boolean) =>
        insertMember(db, {
          email: `${name}-${crypto.randomUUID().slice(0, 6)}@example.com`,
          passwordHash: suite.passwordHash,
          profile: { name, showDistance },
          position,
        });
      const a = await add('TwinA', twinA, true);
      const b = await add('TwinB', twinB, true);
      const hidden = await add('Hidden', target, false);

      const attacker = await factoryMember(suite.server, suite.passwordHash, {
        profile: { name: 'Mallory' },
        position: { latitude: target.latitude + 0.5, longitude: target.longitude },
      });
      const next = random(20261124);
      let hiddenSeen = 0;
      let twinsSeen = 0;
      const differences: string[] = [];
      for (let i = 0; i < PLACEMENTS; i++) {
        // Anywhere up to ~150 km away, denser close in, where a radius edge would cut finest.
        const reach = 150 * next() ** 2;
        const angle = 2 * Math.PI * next();
        const placed = {
          latitude: target.latitude + (reach / 111.32) * Math.sin(angle),
          longitude:
            target.longitude + (reach / (111.32 * Math.cos((target.latitude * Math.PI) / 180))) * Math.cos(angle),
        };
        // The attacker's stored position, written directly: the rate and speed limits on moves are
        // tried below; here the question is what any number of placements could reveal.
        await db
          .update(profiles)
          .set(snapToGrid(placed.latitude, placed.longitude))
          .where(eq(profiles.userId, attacker.id));
        const radius = RADIUS_CHOICES_KM[i % RADIUS_CHOICES_KM.length];
        const answer = await attacker.client.json<TDiscoverPage>(
          'GET',
          `/api/discover?mode=nearby&radiusKm=${radius}&limit=50`,
        );
        expect(answer.status).toBe(200);
        const cards = new Map(answer.body.profiles.map((card) => [card.userId, card]));
        if (cards.has(hidden)) hiddenSeen++;
        const seenA = cards.get(a);
        const seenB = cards.get(b);
        if (seenA) twinsSeen++;
        if (!!seenA !== !!seenB || seenA?.distance !== seenB?.distance)
          differences.push(`placement ${i} (${radius} km)`);
      }
      console.info(
        `trilateration: ${PLACEMENTS} placements; twins told apart ${differences.length} times, seen in ${twinsSeen}; hidden member seen ${hiddenSeen} times`,
      );
      // Same cell, same answers from everywhere: the attacker cannot place them closer than the cell.
      expect(differences).toEqual([]);
      // The placements did reach them (the test would prove nothing otherwise), and missed them too.
      expect(twinsSeen).toBeGreaterThan(PLACEMENTS / 10);
      expect(twinsSeen).toBeLessThan(PLACEMENTS);
      // A hidden distance hides the member from every radius, from everywhere.
      expect(hiddenSeen).toBe(0);
      // They are still found by browsing.
      const browse = await attacker.client.json<TDiscoverPage>('GET', '/api/discover?limit=50');
      expect(browse.body.profiles.map((card) => card.userId)).toContain(hidden);
    },
  );

  it('refuses a radius finer than the distance bands', async () => {
    const member = await factoryMember(suite.server, suite.passwordHash, { position: { latitude: 10, longitude: 10 } });
    for (const radius of ['1', '2', '4', '5', '9', '11', '0.5', '-10', '1e3']) {
      expect((await member.client.json('GET', `/api/discover?mode=nearby&radiusKm=${radius}`)).status, radius).toBe(
        400,
      );
    }
  });

  it('limits moves: none faster than travel allows, a dozen a day, and staying in one cell costs nothing', async () => {
    const db = suite.server.deps.database.db;
    const member = await factoryMember(suite.server, suite.passwordHash, { profile: { name: 'Mo' } });
    const move = (latitude: number, longitude: number) =>
      member.client.json<{ error?: { message: string } }>('PUT', '/api/profile/location', { latitude, longitude });
    const backdate = (hours: number) =>
      db.execute(
        sql`update profiles set location_changed_at = now() - make_interval(hours => ${hours}) where user_id = ${member.id}`,
      );

    expect((await move(48.85, 2.35)).status).toBe(200);
    // Paris to New York a minute later: refused, and told when to try again.
    const jump = await move(40.71, -74.0);
    expect(jump.status).toBe(429);
    expect(jump.body.error!.message).toMatch(/try again in \d+ (minutes?|seconds?)/);
    expect(Number(jump.headers.get('retry-after'))).toBeGreaterThan(3600);
    // Within the same stored cell: nothing changes and nothing is counted.
    for (let i = 0; i < 30; i++) expect((await move(48.85 + i * 0.0001, 2.35)).status).toBe(200);
    // A dozen real moves a day, each after enough time to travel it.
    const statuses: number[] = [];
    for (let i = 1; i <= LOCATION_CHANGES_PER_DAY + 2; i++) {
      await backdate(1);
      statuses.push((await move(48.85 + i * 0.05, 2.35)).status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(LOCATION_CHANGES_PER_DAY - 1);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
  });
});
