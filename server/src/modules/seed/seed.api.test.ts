import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/accounts';
import { runProcess } from '../../../test/processes';
import { createTestDatabase, startTestServer, testDatabaseKind } from '../../../test/test-server';
import { DEMO_ACCOUNT } from './service';

type Match = { announced: boolean; dateVerified: boolean; ratedByMe: boolean; conversationId: string; profile: { name: string } };

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
    const seeded = await runProcess('server/src/cli/seed.ts', ['--profiles', '4'], { DATA_DIR: database.dataDir, ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}) });
    expect(seeded.code, seeded.stderr).toBe(0);
  };

  it('starts with a fresh match, a conversation with a date planned, a verified date to rate and a rated date, and reruns change nothing', async () => {
    await seed();
    await seed();
    const demo = server.client();
    expect((await signIn(demo, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)).status).toBe(200);

    const { matches } = (await demo.json<{ matches: Match[] }>('GET', '/api/matches')).body;
    const byName = Object.fromEntries(matches.map((m) => [m.profile.name, m]));
    expect(Object.keys(byName).sort()).toEqual(['Liam', 'Maya', 'Noah', 'Sofia']);
    // Only the match made just now waits for 'It's a match!'.
    expect(matches.filter((m) => !m.announced).map((m) => m.profile.name)).toEqual(['Maya']);
    expect(byName.Sofia).toMatchObject({ dateVerified: true, ratedByMe: false });
    expect(byName.Noah).toMatchObject({ dateVerified: true, ratedByMe: true });
    expect(byName.Liam).toMatchObject({ dateVerified: false });

    type Conversation = { id: string; lastMessage: { content: string } | null };
    const { conversations } = (await demo.json<{ conversations: Conversation[] }>('GET', '/api/conversations')).body;
    const talking = conversations.find((c) => c.id === byName.Liam!.conversationId);
    expect(talking?.lastMessage?.content).toBe('Accepted! Looking forward to it.');
    expect((await demo.json<unknown[]>('GET', `/api/conversations/${byName.Liam!.conversationId}/messages`)).status).toBe(200);

    // The verified date can be rated by the demo now; the rated one is revealed both ways.
    type Rating = { canRate: boolean; mine: unknown; theirs: { overall: number } | null };
    const toRate = await demo.json<Rating>('GET', `/api/conversations/${byName.Sofia!.conversationId}/rating`);
    expect(toRate.body).toMatchObject({ canRate: true, mine: null, theirs: null });
    const rated = await demo.json<Rating>('GET', `/api/conversations/${byName.Noah!.conversationId}/rating`);
    expect(rated.body).toMatchObject({ canRate: false, theirs: { overall: 5 } });

    type Plan = { place: string; status: string; startsAt: string };
    const { plans } = (await demo.json<{ plans: Plan[] }>('GET', '/api/date-plans')).body;
    const upcoming = plans.filter((p) => p.status === 'accepted' && new Date(p.startsAt) > new Date());
    expect(upcoming.map((p) => p.place)).toEqual(['Lakefront Coffee, North Ave Beach']);

    // Today's ten free likes are all left: the story's likes are from earlier days.
    expect((await demo.json<{ likesLeft: number }>('GET', '/api/likes/status')).body.likesLeft).toBe(10);
  });
});
