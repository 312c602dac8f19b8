import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { factoryAdmin, factoryMember } from '../test/members';
import { serverSuite } from '../test/suite';
import { testDatabaseKind } from '../test/test-server';

const suite = serverSuite();
const count = async (query: ReturnType<typeof sql>) =>
  Number((await suite.server.deps.database.db.execute<{ n: number }>(query)).rows[0]!.n);

/** The same request, sent ten times at once: what a flaky network and an impatient thumb produce. */
const burst = <T>(send: () => Promise<T>) => Promise.all(Array.from({ length: 10 }, send));

describe(`duplicate submissions on ${testDatabaseKind}`, () => {
  it('has one effect for ten identical submissions of every retry-safe write', { timeout: 120_000 }, async () => {
    const a = await factoryMember(suite.server, suite.passwordHash, { profile: { name: 'Ann' } });
    const b = await factoryMember(suite.server, suite.passwordHash, { profile: { name: 'Ben' } });

    // A like (and the match it completes), from both sides at once.
    await Promise.all([
      burst(() => a.client.json('POST', '/api/likes', { targetId: b.id })),
      burst(() => b.client.json('POST', '/api/likes', { targetId: a.id })),
    ]);
    expect(
      await count(
        sql`select count(*) as n from likes where user_id in (${a.id}, ${b.id}) and target_id in (${a.id}, ${b.id})`,
      ),
    ).toBe(2);
    expect(
      await count(
        sql`select count(*) as n from matches where user_a in (${a.id}, ${b.id}) and user_b in (${a.id}, ${b.id})`,
      ),
    ).toBe(1);
    const [{ id: conversationId }] = (
      await suite.server.deps.database.db.execute<{ id: string }>(
        sql`select id from conversations where user_a in (${a.id}, ${b.id})`,
      )
    ).rows as [{ id: string }];

    // A message with one client key.
    const key = crypto.randomUUID();
    const sent = await burst(() =>
      a.client.json<{ id: string }>('POST', `/api/conversations/${conversationId}/messages`, {
        content: 'Hello once',
        clientKey: key,
      }),
    );
    expect(new Set(sent.map((r) => r.body.id)).size).toBe(1);
    expect(await count(sql`select count(*) as n from messages where client_key = ${key}`)).toBe(1);

    // A report with one client key.
    const reportKey = crypto.randomUUID();
    const reports = await burst(() =>
      a.client.json('POST', '/api/reports', {
        subjectId: b.id,
        reason: 'scam',
        details: 'once',
        conversationId,
        source: 'chat',
        clientKey: reportKey,
      }),
    );
    expect(reports.every((r) => r.status < 300)).toBe(true);
    expect(
      await count(
        sql`select count(*) as n from moderation_cases where opened_by = ${a.id} and client_key = ${reportKey}`,
      ),
    ).toBe(1);

    // A block, a boost, an unmatch.
    const boosts = await burst(() => b.client.json('POST', '/api/boost'));
    expect(boosts.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(await count(sql`select count(*) as n from boosts where user_id = ${b.id}`)).toBe(1);
    const matchId = (await a.client.json<{ matches: { matchId: string }[] }>('GET', '/api/matches')).body.matches[0]!
      .matchId;
    const unmatched = await burst(() => a.client.json('DELETE', `/api/matches/${matchId}`));
    expect(unmatched.every((r) => r.status < 500)).toBe(true);
    expect(await count(sql`select count(*) as n from past_matches where match_id = ${matchId}`)).toBe(1);
    await burst(() => a.client.json('PUT', `/api/blocks/${b.id}`, {}));
    expect(await count(sql`select count(*) as n from blocks where blocker_id = ${a.id} and blocked_id = ${b.id}`)).toBe(
      1,
    );

    // Activate Premium: every press is a confirmed payment (a renewal adds a month), so what must
    // hold under a burst is one subscription row per member.
    const admin = await factoryAdmin(suite.server);
    await burst(() => admin.client.json('POST', '/api/admin/subscriptions/activate', { userId: a.id }));
    expect(await count(sql`select count(*) as n from subscriptions where user_id = ${a.id}`)).toBe(1);
  });
});
