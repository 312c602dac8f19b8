import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { TDiscoverPage, TDiscoverQuery } from '../../../../contracts/discovery';
import type { TErrorBody } from '../../../../contracts/errors';
import { conversations, likes, matches, systemLogs } from '../../db/schema';
import { uniqueEmail } from '../../../test/accounts';
import { serverSuite } from '../../../test/suite';
import { ok } from '../../../test/test-client';
import { testDatabaseKind } from '../../../test/test-server';
import { factoryMember } from '../../../test/members';
import { insertMember, type MemberInput } from '../seed/factories';

const suite = serverSuite();

const member = (overrides: Partial<MemberInput> = {}) => factoryMember(suite.server, suite.passwordHash, overrides);

const countRows = async (table: typeof matches | typeof conversations, where: ReturnType<typeof sql>) =>
  (
    await suite.server.deps.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(table)
      .where(where)
  )[0]!.n;

describe(`likes and matches on ${testDatabaseKind}`, () => {
  it('makes exactly one match per mutual pair when 50 pairs like each other at the same instant', async () => {
    const pairs = await Promise.all(Array.from({ length: 50 }, async () => [await member(), await member()] as const));
    // ok() fails the test unless every like is answered with success.
    const results = await Promise.all(
      pairs.flatMap(([a, b]) => [
        ok(a.client.api.likes.$post({ json: { targetId: b.id } })),
        ok(b.client.api.likes.$post({ json: { targetId: a.id } })),
      ]),
    );
    const ids = pairs.flat().map((m) => m.id);
    const inPairs = sql`${matches.userA} in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`;
    expect(await countRows(matches, inPairs)).toBe(50);
    const conversationsInPairs = sql`${conversations.userA} in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`;
    expect(await countRows(conversations, conversationsInPairs)).toBe(50);
    // Exactly one of each pair's two answers announced the new match with its conversation.
    const announced = results.filter((r) => r.conversationId !== null);
    expect(announced).toHaveLength(50);

    const [a, b] = pairs[0]!;
    const list = await ok(a.client.api.matches.$get());
    expect(list.matches.map((m) => m.profile.userId)).toEqual([b.id]);
  });

  it("keeps 'It's a match!' pending for both members until each has been shown it", async () => {
    const first = await member();
    const second = await member();
    await ok(first.client.api.likes.$post({ json: { targetId: second.id } }));
    const completing = await ok(second.client.api.likes.$post({ json: { targetId: first.id } }));
    expect(completing.matched).toBe(true);
    const firstMatch = async (m: typeof first) => (await ok(m.client.api.matches.$get())).matches[0]!;
    // The like that completed the match does not count as seeing it: the page may be gone before
    // it could show the dialog.
    expect(await firstMatch(second)).toMatchObject({ matchId: completing.matchId, announced: false });
    const pending = await firstMatch(first);
    expect(pending).toMatchObject({ matchId: completing.matchId, announced: false });

    const stranger = await member();
    const seen = (m: typeof first) =>
      m.client.api.matches[':matchId'].seen.$post({ param: { matchId: pending.matchId } });
    expect((await seen(stranger)).status).toBe(404);
    expect((await seen(first)).status).toBe(200);
    expect((await firstMatch(first)).announced).toBe(true);
    expect((await firstMatch(second)).announced).toBe(false);
  });

  it('refuses a like or a pass on oneself (400), on a hidden profile or across a block (404), and records nothing', async () => {
    const me = await member();
    const hidden = await member();
    const blocker = await member();
    const { db } = suite.server.deps.database;
    await db.execute(sql`update profiles set hidden = true where user_id = ${hidden.id}`);
    expect((await blocker.client.api.blocks[':userId'].$put({ param: { userId: me.id } })).status).toBe(200);
    const attempts = {
      like: (targetId: string) => me.client.api.likes.$post({ json: { targetId } }),
      pass: (targetId: string) => me.client.api.passes.$post({ json: { targetId } }),
    };
    for (const [kind, attempt] of Object.entries(attempts)) {
      const self = await attempt(me.id);
      expect(self.status, kind).toBe(400);
      for (const target of [hidden, blocker]) {
        const refused = await attempt(target.id);
        expect(refused.status, kind).toBe(404);
        expect(((await refused.json()) as TErrorBody).error.message).toBe('That profile is no longer available.');
      }
    }
    const { rows } = await db.execute<{ n: number }>(sql`
      select (select count(*) from likes where user_id = ${me.id}) + (select count(*) from passes where user_id = ${me.id}) as n`);
    expect(Number(rows[0]!.n)).toBe(0);
  });

  it('skips a like that is already recorded', async () => {
    const a = await member();
    const b = await member();
    const like = () => ok(a.client.api.likes.$post({ json: { targetId: b.id } }));
    expect(await like()).toMatchObject({ alreadyLiked: false });
    expect(await like()).toMatchObject({ alreadyLiked: true });
    const rows = await suite.server.deps.database.db.select().from(likes).where(eq(likes.userId, a.id));
    expect(rows).toHaveLength(1);
  });

  it('gives a free member 10 likes per UTC day and refuses the 11th', async () => {
    const trialOver = new Date(Date.now() - 40 * 24 * 60 * 60 * 1000);
    const free = await member({ createdAt: trialOver });
    const targets = await Promise.all(
      Array.from({ length: 11 }, () =>
        insertMember(suite.server.deps.database.db, { email: uniqueEmail('t'), passwordHash: suite.passwordHash }),
      ),
    );
    expect(await ok(free.client.api.likes.status.$get())).toEqual({
      likesLeft: 10,
      dailyLimit: 10,
      tier: 'free',
    });
    for (const [index, targetId] of targets.slice(0, 10).entries()) {
      const response = await ok(free.client.api.likes.$post({ json: { targetId } }));
      expect(response.likesLeft).toBe(9 - index);
    }
    const eleventh = await free.client.api.likes.$post({ json: { targetId: targets[10]! } });
    expect(eleventh.status).toBe(429);
    const { error } = (await eleventh.json()) as TErrorBody;
    expect(error.code).toBe('LIMIT_REACHED');
    expect(error.message).toContain('10 free likes');

    // A member still in the 30-day trial has Premium: no limit.
    const trial = await member();
    expect(await ok(trial.client.api.likes.status.$get())).toMatchObject({
      likesLeft: null,
      tier: 'premium',
    });
  });
});

describe(`discovery on ${testDatabaseKind}`, () => {
  it('never shows yourself, anyone you liked, passed on or blocked, or anyone who blocked you', async () => {
    const viewer = await member({ profile: { name: 'Viewer', location: 'Lisbon-test-zone', interests: ['surf'] } });
    const zone = { location: 'Lisbon-test-zone' };
    const inZone = (profile: Partial<typeof zone> & { interests?: string[]; hidden?: boolean } = {}) =>
      insertMember(suite.server.deps.database.db, {
        email: uniqueEmail(),
        passwordHash: suite.passwordHash,
        profile: { ...zone, ...profile },
      });
    const liked = await inZone();
    const passed = await inZone();
    const blockedByMe = await inZone();
    const blockedMe = await inZone();
    const visible = await inZone({ interests: ['surf', 'wine'] });
    const hidden = await inZone({ hidden: true });
    await ok(viewer.client.api.likes.$post({ json: { targetId: liked } }));
    await ok(viewer.client.api.passes.$post({ json: { targetId: passed } }));
    const passedLongAgo = await insertMember(suite.server.deps.database.db, {
      email: uniqueEmail(),
      passwordHash: suite.passwordHash,
      profile: zone,
    });
    await suite.server.deps.database.db.execute(
      sql`insert into passes (user_id, target_id, created_at) values (${viewer.id}, ${passedLongAgo}, now() - interval '31 days')`,
    );
    await suite.server.deps.database.db.execute(
      sql`insert into blocks (blocker_id, blocked_id) values (${viewer.id}, ${blockedByMe}), (${blockedMe}, ${viewer.id})`,
    );

    const page = await ok(viewer.client.api.discover.$get({ query: { location: 'lisbon-test' } }));
    const shown = page.profiles.map((p) => p.userId);
    expect(shown.sort()).toEqual([visible, passedLongAgo].sort()); // a pass hides a profile for 30 days only
    for (const id of [viewer.id, liked, passed, blockedByMe, blockedMe, hidden]) expect(shown).not.toContain(id);
    expect(page.profiles.find((p) => p.userId === visible)!.compatibility.percent).toBe(50);

    // The page shown is recorded in the system log, in the next batch (within a quarter second).
    await expect
      .poll(
        async () =>
          (await suite.server.deps.database.db.select().from(systemLogs).where(eq(systemLogs.userId, viewer.id)))
            .length,
      )
      .toBeGreaterThan(0);
    const log = await suite.server.deps.database.db.select().from(systemLogs).where(eq(systemLogs.userId, viewer.id));
    expect(
      log.some(
        (row) =>
          row.eventType === 'profile_discovery' && (row.metadata as { profilesShown: number }).profilesShown === 2,
      ),
    ).toBe(true);
  });

  it('pages with a cursor: every profile once, best score first', async () => {
    const viewer = await member();
    const zone = `Paging-${Math.random().toString(36).slice(2, 8)}`;
    for (let i = 0; i < 25; i++) {
      await insertMember(suite.server.deps.database.db, {
        email: uniqueEmail('p'),
        passwordHash: suite.passwordHash,
        profile: { location: zone, avgRating: (i % 5) + 0.5, selfieVerified: i % 2 === 0 },
      });
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query = { location: zone, limit: '10', ...(cursor ? { cursor } : {}) };
      const page: TDiscoverPage = await ok(viewer.client.api.discover.$get({ query }));
      seen.push(...page.profiles.map((p) => p.userId));
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(25);
    expect(new Set(seen).size).toBe(25);
    const bad = await viewer.client.api.discover.$get({ query: { cursor: 'garbage' } });
    expect(bad.status).toBe(400);
  });

  it('filters by text, gender, age and verification', async () => {
    const viewer = await member();
    const zone = `Filter-${Math.random().toString(36).slice(2, 8)}`;
    const make = (profile: MemberInput['profile']) =>
      insertMember(suite.server.deps.database.db, {
        email: uniqueEmail('f'),
        passwordHash: suite.passwordHash,
        profile: { location: zone, ...profile },
      });
    const woman = await make({ gender: 'woman', age: 30, bio: 'Loves salsa dancing' });
    const man = await make({ gender: 'man', age: 45, selfieVerified: true });
    const other = await make({ gender: 'genderfluid', age: 70 });
    const get = async (query: TDiscoverQuery) =>
      (await ok(viewer.client.api.discover.$get({ query: { location: zone, ...query } }))).profiles
        .map((p) => p.userId)
        .sort();
    expect(await get({ gender: 'female' })).toEqual([woman]);
    expect(await get({ gender: 'male' })).toEqual([man]);
    expect(await get({ gender: 'other', maxAge: '99' })).toEqual([other]);
    expect(await get({})).toEqual([woman, man].sort()); // default ages 18–60
    expect(await get({ verifiedOnly: 'true' })).toEqual([man]);
    expect(await get({ q: 'SALSA' })).toEqual([woman]);
    // Each word typed begins a word of the name or bio, in any order; nothing else matches.
    expect(await get({ q: 'dancing sal' })).toEqual([woman]);
    expect(await get({ q: 'alsa' })).toEqual([]);
    expect(await get({ q: 'salsa tango' })).toEqual([]);
    expect(await get({ q: "'):* | !" })).toEqual([]);
  });

  it('never sends coordinates: distances come as bands, and Nearby needs a shared location', async () => {
    const viewer = await member({ profile: { name: 'Here' } });
    const needs = await ok(viewer.client.api.discover.$get({ query: { mode: 'nearby' } }));
    expect(needs.notice).toBe('location-needed');
    expect(
      (await viewer.client.api.profile.location.$put({ json: { latitude: 41.8781, longitude: -87.6298 } })).status,
    ).toBe(200);
    const near = await insertMember(suite.server.deps.database.db, {
      email: uniqueEmail('n'),
      passwordHash: suite.passwordHash,
      position: { latitude: 41.89, longitude: -87.62 },
    });
    const far = await insertMember(suite.server.deps.database.db, {
      email: uniqueEmail('n'),
      passwordHash: suite.passwordHash,
      position: { latitude: 40.7128, longitude: -74.006 },
    });

    // The raw text of each answer is searched for coordinates.
    const response = await viewer.client.api.discover.$get({ query: { mode: 'nearby', radiusKm: '25' } });
    expect(response.status).toBe(200);
    const text = await response.text();
    const page = JSON.parse(text) as TDiscoverPage;
    const ids = page.profiles.map((p) => p.userId);
    expect(ids).toContain(near);
    expect(ids).not.toContain(far);
    expect(page.profiles.find((p) => p.userId === near)!.distance).toBe('under 5 km');
    for (const body of [
      text,
      await (await viewer.client.api.profile.$get()).text(),
      await (await viewer.client.api.matches.$get()).text(),
    ]) {
      expect(body).not.toMatch(/latitude|longitude|41\.8|87\.6/);
    }
    const [stored] = await suite.server.deps.database.db
      .execute<{ latitude: number }>(sql`select latitude from profiles where user_id = ${viewer.id}`)
      .then((r) => r.rows);
    expect(Math.abs(Number(stored!.latitude) - 41.8781)).toBeGreaterThan(0); // snapped, not the raw reading
  });
});
