import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TErrorBody } from '../../../../contracts/errors';
import { signIn } from '../../../test/accounts';
import { runProcess } from '../../../test/processes';
import { ok } from '../../../test/test-client';
import { createTestDatabase, startTestServer, testDatabaseKind } from '../../../test/test-server';
import { sql } from 'drizzle-orm';
import { followServerJob } from '../../cli/control-channel';
import type { Progress } from '../../cli/progress';
import { deleteUnusedFiles } from '../profiles/photos.service';
import { DEMO_ACCOUNT, seedDemoData, type SeedProgress, type SeedResult } from './service';

// `npm run seed` gives the demo account something to try at once: a match in each state.
describe(`the demo account after npm run seed, on ${testDatabaseKind}`, () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    database = await createTestDatabase();
    // No trial: the demo account is on the free plan, where today's likes are counted.
    server = await startTestServer({ TRIAL_DAYS: '0' }, database);
  });
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  const seed = async () => {
    // On PGlite the CLI goes through the running server (as a job it follows); on PostgreSQL it seeds directly.
    const seeded = await runProcess('server/src/cli/seed.ts', ['--profiles', '4'], {
      DATA_DIR: database.dataDir,
      ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    });
    expect(seeded.code, seeded.stderr).toBe(0);
    expect(seeded.stdout).toMatch(/^ {2}4 \/ 4 members in [\d.]+ s/m);
    return seeded.stdout;
  };

  it('starts with a fresh match, a conversation with a date planned, a verified date to rate and a rated date, and reruns change nothing', async () => {
    expect(await seed()).toContain('Demo data is ready: 4 new members');
    const again = await seed();
    expect(again).toContain('Demo data is ready: 0 new members');
    expect(again).not.toMatch(/^ .* portraits in /m); // nothing left to draw
    const demo = server.client();
    expect((await signIn(demo, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)).status).toBe(200);

    const { matches } = await ok(demo.api.matches.$get());
    const byName = Object.fromEntries(matches.map((m) => [m.profile.name, m]));
    expect(Object.keys(byName).sort()).toEqual(['Liam', 'Maya', 'Noah', 'Sofia']);
    // Only the match made just now waits for 'It's a match!'.
    expect(matches.filter((m) => !m.announced).map((m) => m.profile.name)).toEqual(['Maya']);
    expect(byName.Sofia).toMatchObject({ dateVerified: true, ratedByMe: false });
    expect(byName.Noah).toMatchObject({ dateVerified: true, ratedByMe: true });
    expect(byName.Liam).toMatchObject({ dateVerified: false });

    const { conversations } = await ok(demo.api.conversations.$get());
    const talking = conversations.find((c) => c.id === byName.Liam!.conversationId);
    expect(talking?.lastMessage?.content).toBe('Accepted! Looking forward to it.');
    const conversation = demo.api.conversations[':conversationId'];
    expect(
      (await conversation.messages.$get({ param: { conversationId: byName.Liam!.conversationId! }, query: {} })).status,
    ).toBe(200);

    // The verified date can be rated by the demo now; the rated one is revealed both ways.
    const toRate = await ok(conversation.rating.$get({ param: { conversationId: byName.Sofia!.conversationId! } }));
    expect(toRate).toMatchObject({ canRate: true, mine: null, theirs: null });
    const rated = await ok(conversation.rating.$get({ param: { conversationId: byName.Noah!.conversationId! } }));
    expect(rated).toMatchObject({ canRate: false, theirs: { overall: 5 } });

    const { plans } = await ok(demo.api['date-plans'].$get());
    const upcoming = plans.filter((p) => p.status === 'accepted' && new Date(p.startsAt) > new Date());
    expect(upcoming.map((p) => p.place)).toEqual(['Lakefront Coffee, North Ave Beach']);

    // Today's ten free likes are all left: the story's likes are from earlier days.
    expect((await ok(demo.api.likes.status.$get())).likesLeft).toBe(10);
  });
});

// Large seeds: members written in batches, portraits drawn for the first members and worn by the rest.
describe(`seeding in batches, on ${testDatabaseKind}`, () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.stop());

  const OWNERS = 5;
  const COUNT = 2_500;
  const seedRows = async () => {
    const { rows } = await server.deps.database.db.execute<{
      email: string;
      id: string;
      latitude: number | null;
      photos: number;
      keys: string[];
      hashes: number;
      accounts: number;
    }>(sql`
      select u.email, u.id, p.latitude, (select count(*)::int from photos ph where ph.user_id = u.id) as photos,
             (select array_agg(ph.large_key order by ph.position) from photos ph where ph.user_id = u.id) as keys,
             (select count(*)::int from image_prints ip join photos ph on ph.id = ip.photo_id where ph.user_id = u.id) as hashes,
             (select count(*)::int from account a where a.user_id = u.id and a.provider_id = 'credential') as accounts
      from "user" u left join profiles p on p.user_id = u.id where u.email ~ '^seed-[0-9]+@vouch[.]local$' order by u.email`);
    return rows;
  };

  /**
   * Progress in order: the portraits (when any are drawn), then the members, each rising to its
   * total. Polling a job may miss a phase's last steps: only the members must be seen to the end.
   */
  const expectRising = (
    progress: SeedProgress[],
    expected: { portraits?: number; members: number; polled?: boolean },
  ) => {
    const phases = [...new Set(progress.map((p) => p.phase))];
    expect(phases).toEqual(expected.portraits === undefined ? ['members'] : ['portraits', 'members']);
    for (const phase of phases) {
      const steps = progress.filter((p) => p.phase === phase);
      for (const [i, step] of steps.entries())
        if (i > 0) expect(step.done, phase).toBeGreaterThanOrEqual(steps[i - 1]!.done);
      if (phase === 'members' || !expected.polled)
        expect(steps.at(-1)).toEqual({ phase, done: steps[0]!.total, total: steps[0]!.total });
      if (phase === 'members') expect(steps[0]!.total).toBe(expected.members);
      else expect(steps[0]!.total).toBeLessThanOrEqual(expected.portraits!);
    }
  };

  it('reports rising progress up to the total, and makes complete members that the demo account discovers', async () => {
    const progress: SeedProgress[] = [];
    const result = await seedDemoData(server.deps, {
      profiles: COUNT,
      portraitOwners: OWNERS,
      onProgress: (p) => progress.push(p),
    });
    expect(result.membersCreated).toBe(COUNT);
    expectRising(progress, { portraits: OWNERS * 2, members: COUNT });
    // Members are written 1,000 at a time.
    expect(progress.filter((p) => p.phase === 'members').map((p) => p.done)).toEqual([0, 1_000, 2_000, 2_500]);

    const members = await seedRows();
    expect(members).toHaveLength(COUNT);
    for (const member of members) {
      expect(member.accounts, member.email).toBe(1);
      expect(member.latitude, member.email).not.toBeNull();
      expect([1, 2], member.email).toContain(member.photos);
    }
    // Few pictures drawn, each stored once and shown by many members; only owners' own photos have
    // a print, so no seeded member matches another (no "reused photo" cases).
    const pictures = new Set(members.flatMap((m) => m.keys));
    expect(pictures.size).toBeLessThanOrEqual(OWNERS * 2);
    for (const key of pictures) expect(await server.deps.storage.get(key), key).not.toBeNull();
    const [owners, wearers] = [members.slice(0, OWNERS), members.slice(OWNERS)];
    expect(owners.every((m) => m.hashes === m.photos)).toBe(true);
    expect(wearers.every((m) => m.hashes === 0)).toBe(true);
    await server.deps.jobs.runDue(); // the demo story's uploads are compared by jobs
    const { rows: cases } = await server.deps.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from moderation_cases where kind in ('returning_member', 'reused_photo')`,
    );
    expect(cases[0]!.n).toBe(0);

    // The demo account sees batch-made members in discovery, with photos it can open.
    const demo = server.client();
    expect((await signIn(demo, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)).status).toBe(200);
    const page = await ok(demo.api.discover.$get({ query: { limit: '50' } }));
    const wearerIds = new Set(wearers.map((m) => m.id));
    const seen = page.profiles.filter((card) => wearerIds.has(card.userId));
    expect(seen.length).toBeGreaterThan(0);
    const photo = await demo.get(seen[0]!.photos[0]!.thumbUrl);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toContain('image/webp');
  });

  it('makes nothing new when run again', async () => {
    const before = await seedRows();
    const progress: SeedProgress[] = [];
    const result = await seedDemoData(server.deps, {
      profiles: COUNT,
      portraitOwners: OWNERS,
      onProgress: (p) => progress.push(p),
    });
    expect(result).toMatchObject({ membersCreated: 0, demo: { created: false } });
    expectRising(progress, { members: COUNT });
    expect(await seedRows()).toEqual(before);
  });

  it('keeps a shared portrait for the members still wearing it, and deletes it with the last', async () => {
    const members = await seedRows();
    const key = members.at(-1)!.keys[0]!;
    const wearers = members.filter((m) => m.keys.includes(key));
    expect(wearers.length).toBeGreaterThan(2);
    // A member removes the shared picture from their profile: the others still show it.
    const member = server.client();
    expect((await signIn(member, wearers[0]!.email, DEMO_ACCOUNT.password)).status).toBe(200);
    const { rows } = await server.deps.database.db.execute<{ id: string }>(
      sql`select id from photos where user_id = ${wearers[0]!.id} and large_key = ${key}`,
    );
    expect((await member.api.profile.photos[':photoId'].$delete({ param: { photoId: rows[0]!.id } })).status).toBe(200);
    expect(await server.deps.storage.get(key)).not.toBeNull();
    // When no row shows it any more, the file goes.
    await server.deps.database.db.execute(sql`delete from photos where large_key = ${key}`);
    await deleteUnusedFiles(server.deps, [key]);
    expect(await server.deps.storage.get(key)).toBeNull();
  });

  // The control routes need the token a PGlite server writes into DATA_DIR (with PostgreSQL the CLI seeds directly).
  describe.runIf(testDatabaseKind === 'pglite')('through the running server', () => {
    // As the CLI calls them: the control token, no cookies, no Origin.
    const cli = () => server.client().withOrigin(null);
    const token = () => ({ headers: { 'x-control-token': server.deps.controlToken! } });
    const startSeed = (profiles: number) => cli().api.control.seed.$post({ json: { profiles } }, token());
    const seedJob = (jobId: string) => cli().api.control.seed[':jobId'].$get({ param: { jobId } }, token());
    const errorOf = async (response: { json(): Promise<unknown> }) => ((await response.json()) as TErrorBody).error;

    it('runs as a job: 202 with its id at once, one at a time, then progress and the result', async () => {
      const started = startSeed(2_530);
      const job = await ok(started);
      expect((await started).status).toBe(202);
      expect(job).toMatchObject({ state: 'running', phase: null });

      const second = await startSeed(10);
      expect(second.status).toBe(409);
      expect((await errorOf(second)).message).toMatch(/already running .* Wait for it to finish/);

      let latest = job;
      const seen: SeedProgress[] = [];
      while (latest.state === 'running') {
        await new Promise((resolve) => setTimeout(resolve, 50));
        const polled = seedJob(job.jobId);
        latest = await ok(polled);
        expect((await polled).status).toBe(200);
        if (latest.phase) seen.push({ phase: latest.phase, done: latest.done, total: latest.total });
      }
      expect(latest).toMatchObject({
        state: 'done',
        phase: 'members',
        done: 2_530,
        total: 2_530,
        result: { membersCreated: 30 },
      });
      // The 30 new members wear portraits no run drew yet: drawn first, then the members are written.
      expect(seen.some((p) => p.phase === 'portraits')).toBe(true);
      expectRising(seen, { portraits: 60, members: 2_530, polled: true });
    });

    it('answers bad input and unknown jobs with 4xx', async () => {
      expect((await startSeed(-1)).status).toBe(400);
      expect((await startSeed(100_001)).status).toBe(400);
      expect((await seedJob('not-a-job')).status).toBe(400);
      const unknown = await seedJob(crypto.randomUUID());
      expect(unknown.status).toBe(404);
      expect((await errorOf(unknown)).message).toContain('No such seed job');
      // Without the token.
      expect((await cli().api.control.seed[':jobId'].$get({ param: { jobId: crypto.randomUUID() } })).status).toBe(401);
    });

    it('is followed by the CLI until it ends, with its progress', async () => {
      const progress: Progress[] = [];
      const result = await followServerJob<SeedResult>(
        { port: server.port, token: server.deps.controlToken! },
        '/api/control/seed',
        { profiles: 2_540 },
        (p) => progress.push(p),
        100,
      );
      expect(result.membersCreated).toBe(10);
      expect(progress.at(-1)).toEqual({ phase: 'members', done: 2_540, total: 2_540 });
    });
  });

  // PGlite runs inside the server's process: the seed must leave the event loop room between batches.
  it('lets the server answer while it writes members', async () => {
    const before = (await seedRows()).length; // fewer on PostgreSQL, where the control routes' tests are skipped
    const progress: SeedProgress[] = [];
    const seeding = seedDemoData(server.deps, {
      profiles: 5_000,
      portraitOwners: OWNERS,
      onProgress: (p) => progress.push(p),
    });
    let finished = false;
    void seeding.finally(() => (finished = true));
    const answeredMidway: number[] = [];
    while (!finished) {
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
      const last = progress.at(-1);
      if (last?.phase === 'members' && last.done > 0 && last.done < last.total) answeredMidway.push(last.done);
    }
    expect((await seeding).membersCreated).toBe(5_000 - before);
    expect(answeredMidway.length).toBeGreaterThan(0);
  });
});
