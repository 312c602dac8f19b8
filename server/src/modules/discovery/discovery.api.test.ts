import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { conversations, likes, matches, systemLogs } from '../../db/schema';
import { uniqueEmail } from '../../../test/accounts';
import { serverSuite } from '../../../test/suite';
import { testDatabaseKind } from '../../../test/test-server';
import { factoryMember } from '../../../test/members';
import { insertMember, type MemberInput } from '../seed/factories';

const suite = serverSuite();

type Page = {
  profiles: { userId: string; distance: string | null; compatibility: { percent: number } }[];
  nextCursor: string | null;
  notice: string | null;
};
type ErrorBody = { error: { code: string; message: string } };

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
    const results = await Promise.all(
      pairs.flatMap(([a, b]) => [
        a.client.json('POST', '/api/likes', { targetId: b.id }),
        b.client.json('POST', '/api/likes', { targetId: a.id }),
      ]),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
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
    const announced = results.filter((r) => (r.body as { conversationId: string | null }).conversationId !== null);
    expect(announced).toHaveLength(50);

    const [a, b] = pairs[0]!;
    const list = await a.client.json<{ matches: { profile: { userId: string } }[] }>('GET', '/api/matches');
    expect(list.body.matches.map((m) => m.profile.userId)).toEqual([b.id]);
  });

  it("keeps 'It's a match!' pending for both members until each has been shown it", async () => {
    const first = await member();
    const second = await member();
    await first.client.json('POST', '/api/likes', { targetId: second.id });
    const completing = await second.client.json<{ matched: boolean; matchId: string }>('POST', '/api/likes', {
      targetId: first.id,
    });
    expect(completing.body.matched).toBe(true);
    type List = { matches: { matchId: string; announced: boolean }[] };
    // The like that completed the match does not count as seeing it: the page may be gone before
    // it could show the dialog.
    expect((await second.client.json<List>('GET', '/api/matches')).body.matches[0]).toMatchObject({
      matchId: completing.body.matchId,
      announced: false,
    });
    const pending = (await first.client.json<List>('GET', '/api/matches')).body.matches[0]!;
    expect(pending).toMatchObject({ matchId: completing.body.matchId, announced: false });

    const stranger = await member();
    expect((await stranger.client.json('POST', `/api/matches/${pending.matchId}/seen`)).status).toBe(404);
    expect((await first.client.json('POST', `/api/matches/${pending.matchId}/seen`)).status).toBe(200);
    expect((await first.client.json<List>('GET', '/api/matches')).body.matches[0]!.announced).toBe(true);
    expect((await second.client.json<List>('GET', '/api/matches')).body.matches[0]!.announced).toBe(false);
  });

  it('refuses a like or a pass on oneself (400), on a hidden profile or across a block (404), and records nothing', async () => {
    const me = await member();
    const hidden = await member();
    const blocker = await member();
    const { db } = suite.server.deps.database;
    await db.execute(sql`update profiles set hidden = true where user_id = ${hidden.id}`);
    expect((await blocker.client.json('PUT', `/api/blocks/${me.id}`)).status).toBe(200);
    for (const path of ['/api/likes', '/api/passes']) {
      const self = await me.client.json<ErrorBody>('POST', path, { targetId: me.id });
      expect(self.status).toBe(400);
      for (const target of [hidden, blocker]) {
        const refused = await me.client.json<ErrorBody>('POST', path, { targetId: target.id });
        expect(refused.status).toBe(404);
        expect(refused.body.error.message).toBe('That profile is no longer available.');
      }
    }
    const { rows } = await db.execute<{ n: number }>(sql`
      select (select count(*) from likes where user_id = ${me.id}) + (select count(*) from passes where user_id = ${me.id}) as n`);
    expect(Number(rows[0]!.n)).toBe(0);
  });

  it('skips a like that is already recorded', async () => {
    const a = await member();
    const b = await member();
    expect((await a.client.json('POST', '/api/likes', { targetId: b.id })).body).toMatchObject({ alreadyLiked: false });
    expect((await a.client.json('POST', '/api/likes', { targetId: b.id })).body).toMatchObject({ alreadyLiked: true });
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
    expect((await free.client.json('GET', '/api/likes/status')).body).toEqual({
      likesLeft: 10,
      dailyLimit: 10,
      tier: 'free',
    });
    for (const [index, targetId] of targets.slice(0, 10).entries()) {
      const response = await free.client.json<{ likesLeft: number }>('POST', '/api/likes', { targetId });
      expect(response.status).toBe(200);
      expect(response.body.likesLeft).toBe(9 - index);
    }
    const eleventh = await free.client.json<ErrorBody>('POST', '/api/likes', { targetId: targets[10] });
    expect(eleventh.status).toBe(429);
    expect(eleventh.body.error.code).toBe('LIMIT_REACHED');
    expect(eleventh.body.error.message).toContain('10 free likes');

    // A member still in the 30-day trial has Premium: no limit.
    const trial = await member();
    expect((await trial.client.json('GET', '/api/likes/status')).body).toMatchObject({
      likesLeft: null,
      tier: 'premium',
    });
  });
});

describe(`discovery on ${testDatabaseKind}`, () => {
  it('never shows yourself, anyone you liked, passed on or blocked, or anyone who blocked you', async () => {
    const viewer = await member({ profile: { name: 'Viewer', location: 'Lisbon-test-zone', interests: ['surf'] } });
    const zone = { location: 'Lisbon-test-zone' };
    const liked = await insertMember(suite.server.deps.database.db, {
      email: uniqueEmail(),
      passwordHash: suite.passwordHash,
      profile: zone,
    });
    const passed = await insertMember(suite.server.deps.database.db, {
      email: uniqueEmail(),
      passwordHash: suite.passwordHash,
      profile: zone,
    });
    const blockedByMe = await insertMember(suite.server.deps.database.db, {
      email: uniqueEmail(),
      passwordHash: suite.passwordHash,
      profile: zone,
    });
    const blockedMe = await insertMember(suite.server.deps.database.db, {
      email: uniqueEmail(),
      passwordHash: suite.passwordHash,
      profile: zone,
    });
    const visible = await insertMember(suite.server.deps.database.db, {
      email: uniqueEmail(),
      passwordHash: suite.passwordHash,
      profile: { ...zone, interests: ['surf', 'wine'] },
    });
    const hidden = await insertMember(suite.server.deps.database.db, {
      email: uniqueEmail(),
      passwordHash: suite.passwordHash,
      profile: { ...zone, hidden: true },
    });
    await viewer.client.json('POST', '/api/likes', { targetId: liked });
    await viewer.client.json('POST', '/api/passes', { targetId: passed });
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

    const page = await viewer.client.json<Page>('GET', '/api/discover?location=lisbon-test');
    expect(page.status).toBe(200);
    const shown = page.body.profiles.map((p) => p.userId);
    expect(shown.sort()).toEqual([visible, passedLongAgo].sort()); // a pass hides a profile for 30 days only
    for (const id of [viewer.id, liked, passed, blockedByMe, blockedMe, hidden]) expect(shown).not.toContain(id);
    expect(page.body.profiles.find((p) => p.userId === visible)!.compatibility.percent).toBe(50);

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
      const query = `/api/discover?location=${zone}&limit=10${cursor ? `&cursor=${cursor}` : ''}`;
      const page: { body: Page } = await viewer.client.json<Page>('GET', query);
      seen.push(...page.body.profiles.map((p) => p.userId));
      cursor = page.body.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(25);
    expect(new Set(seen).size).toBe(25);
    const bad = await viewer.client.json<ErrorBody>('GET', '/api/discover?cursor=garbage');
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
    const get = async (query: string) =>
      (await viewer.client.json<Page>('GET', `/api/discover?location=${zone}&${query}`)).body.profiles
        .map((p) => p.userId)
        .sort();
    expect(await get('gender=female')).toEqual([woman]);
    expect(await get('gender=male')).toEqual([man]);
    expect(await get('gender=other&maxAge=99')).toEqual([other]);
    expect(await get('')).toEqual([woman, man].sort()); // default ages 18–60
    expect(await get('verifiedOnly=true')).toEqual([man]);
    expect(await get('q=SALSA')).toEqual([woman]);
    // Each word typed begins a word of the name or bio, in any order; nothing else matches.
    expect(await get('q=dancing%20sal')).toEqual([woman]);
    expect(await get('q=alsa')).toEqual([]);
    expect(await get('q=salsa%20tango')).toEqual([]);
    expect(await get(`q=${encodeURIComponent("'):* | !")}`)).toEqual([]);
  });

  it('never sends coordinates: distances come as bands, and Nearby needs a shared location', async () => {
    const viewer = await member({ profile: { name: 'Here' } });
    const needs = await viewer.client.json<Page>('GET', '/api/discover?mode=nearby');
    expect(needs.body.notice).toBe('location-needed');
    expect(
      (await viewer.client.json('PUT', '/api/profile/location', { latitude: 41.8781, longitude: -87.6298 })).status,
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

    const response = await viewer.client.request('GET', '/api/discover?mode=nearby&radiusKm=25');
    const text = await response.text();
    const page = JSON.parse(text) as Page;
    const ids = page.profiles.map((p) => p.userId);
    expect(ids).toContain(near);
    expect(ids).not.toContain(far);
    expect(page.profiles.find((p) => p.userId === near)!.distance).toBe('under 5 km');
    for (const body of [
      text,
      await (await viewer.client.get('/api/profile')).text(),
      await (await viewer.client.get('/api/matches')).text(),
    ]) {
      expect(body).not.toMatch(/latitude|longitude|41\.8|87\.6/);
    }
    const [stored] = await suite.server.deps.database.db
      .execute<{ latitude: number }>(sql`select latitude from profiles where user_id = ${viewer.id}`)
      .then((r) => r.rows);
    expect(Math.abs(Number(stored!.latitude) - 41.8781)).toBeGreaterThan(0); // snapped, not the raw reading
  });
});
