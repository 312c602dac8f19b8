import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TAdminReport, TMyReport, TPastMatch } from '../../../../contracts/safety';
import { adminUsers, moderationCases, securityLogs } from '../../db/schema';
import { openSocket } from '../../../test/sockets';
import { serverSuite } from '../../../test/suite';
import { testDatabaseKind } from '../../../test/test-server';
import { factoryMember, type SignedInMember } from '../../../test/members';

const suite = serverSuite();

type Member = SignedInMember;
const member = (name?: string) => factoryMember(suite.server, suite.passwordHash, name ? { name } : {});
const db = () => suite.server.deps.database.db;
const key = () => crypto.randomUUID();

async function matchedPair(): Promise<[Member, Member, { matchId: string; conversationId: string }]> {
  const a = await member('Ada');
  const b = await member('Bea');
  await a.client.json('POST', '/api/likes', { targetId: b.id });
  const result = await b.client.json<{ matchId: string; conversationId: string }>('POST', '/api/likes', {
    targetId: a.id,
  });
  return [a, b, result.body];
}
const send = (m: Member, conversationId: string, content: string) =>
  m.client.json<{ id: string; nudge: string | null }>('POST', `/api/conversations/${conversationId}/messages`, {
    content,
    clientKey: key(),
  });
const conversationIds = async (m: Member) =>
  (await m.client.json<{ conversations: { id: string }[] }>('GET', '/api/conversations')).body.conversations.map(
    (c) => c.id,
  );
const matchIds = async (m: Member) =>
  (await m.client.json<{ matches: { matchId: string }[] }>('GET', '/api/matches')).body.matches.map((x) => x.matchId);
const discoverIds = async (m: Member) =>
  (await m.client.json<{ profiles: { userId: string }[] }>('GET', '/api/discover?limit=50')).body.profiles.map(
    (p) => p.userId,
  );

async function admin(): Promise<Member> {
  const person = await member('Moderator');
  await db().insert(adminUsers).values({ userId: person.id });
  return person;
}

describe(`block on ${testDatabaseKind}`, () => {
  it('is saved, hides both members from each other everywhere, and refuses the blocked one a send', async () => {
    const [a, b, { matchId, conversationId }] = await matchedPair();
    const bystander = await member('Cleo');
    expect(await discoverIds(bystander)).toEqual(expect.arrayContaining([a.id, b.id]));

    const blocked = await a.client.json('PUT', `/api/blocks/${b.id}`);
    expect(blocked.status).toBe(200);
    expect((await a.client.json('PUT', `/api/blocks/${b.id}`)).status).toBe(200); // twice is once
    const { rows } = await db().execute<{ n: number }>(
      sql`select count(*)::int as n from blocks where blocker_id = ${a.id} and blocked_id = ${b.id}`,
    );
    expect(rows[0]!.n).toBe(1);

    for (const [viewer, other] of [
      [a, b],
      [b, a],
    ] as const) {
      expect(await conversationIds(viewer)).not.toContain(conversationId);
      expect(await matchIds(viewer)).not.toContain(matchId);
      expect(await discoverIds(viewer)).not.toContain(other.id);
    }
    const refused = await b.client.json<{ error: { code: string; message: string } }>(
      'POST',
      `/api/conversations/${conversationId}/messages`,
      { content: 'hello?', clientKey: key() },
    );
    expect(refused.status).toBe(403);
    expect(refused.body.error).toEqual({ code: 'BLOCKED', message: 'You can no longer message this member.' });

    const list = await a.client.json<{ blocked: { userId: string; name: string }[] }>('GET', '/api/blocks');
    expect(list.body.blocked).toEqual([expect.objectContaining({ userId: b.id, name: 'Bea' })]);
    expect((await b.client.json<{ blocked: unknown[] }>('GET', '/api/blocks')).body.blocked).toEqual([]);

    // Unblocking brings the match and the chat back.
    expect((await a.client.json('DELETE', `/api/blocks/${b.id}`)).status).toBe(200);
    expect(await conversationIds(b)).toContain(conversationId);
    expect((await send(b, conversationId, 'back again')).status).toBe(201);
    expect((await a.client.json('DELETE', `/api/blocks/${b.id}`)).status).toBe(404);
  });

  it('refuses yourself and unknown members, and tells both sockets the chat closed', async () => {
    const [a, b, { conversationId }] = await matchedPair();
    expect((await a.client.json('PUT', `/api/blocks/${a.id}`)).status).toBe(400);
    expect((await a.client.json('PUT', '/api/blocks/no-such-member')).status).toBe(404);
    const live = await openSocket(b.client);
    await a.client.json('PUT', `/api/blocks/${b.id}`);
    expect(await live.next((e) => e.type === 'conversation-closed')).toEqual({
      type: 'conversation-closed',
      conversationId,
    });
    live.socket.close();
  });
});

describe(`report on ${testDatabaseKind}`, () => {
  it('seals the last 20 messages into a moderation case with a security-log entry; retries open one case', async () => {
    const [a, b, { conversationId }] = await matchedPair();
    for (let i = 1; i <= 25; i++) await send(i % 2 ? b : a, conversationId, `message ${i}`);
    const clientKey = key();
    const body = {
      subjectId: b.id,
      reason: 'harassment',
      details: 'Kept insisting.',
      conversationId,
      source: 'chat',
      clientKey,
    };
    const results = await Promise.all([
      a.client.json<{ id: string }>('POST', '/api/reports', body),
      a.client.json<{ id: string }>('POST', '/api/reports', body),
    ]);
    expect(results.map((r) => r.status)).toEqual([201, 201]);
    expect(results[0]!.body.id).toBe(results[1]!.body.id);

    const cases = await db()
      .select()
      .from(moderationCases)
      .where(sql`${moderationCases.openedBy} = ${a.id}`);
    expect(cases).toHaveLength(1);
    expect(cases[0]!.evidence.map((m) => m.content)).toEqual(Array.from({ length: 20 }, (_, i) => `message ${i + 6}`));
    const logs = await db()
      .select()
      .from(securityLogs)
      .where(sql`${securityLogs.eventType} = 'report_filed' and ${securityLogs.actorId} = ${a.id}`);
    expect(logs).toHaveLength(1);
    expect(logs[0]!.details).toMatchObject({ caseId: cases[0]!.id, subjectId: b.id, reason: 'harassment' });

    // The reporter sees the status, never the evidence; the reported member sees nothing.
    const mine = await a.client.json<{ reports: TMyReport[] }>('GET', '/api/reports/mine');
    expect(mine.body.reports).toEqual([
      expect.objectContaining({
        id: cases[0]!.id,
        status: 'open',
        reason: 'harassment',
        subject: { userId: b.id, name: 'Bea' },
      }),
    ]);
    expect(JSON.stringify(mine.body)).not.toContain('message 7');
    expect((await b.client.json<{ reports: unknown[] }>('GET', '/api/reports/mine')).body.reports).toEqual([]);
  });

  it('is readable by administrators only, with the seal checked', async () => {
    const [a, b, { conversationId }] = await matchedPair();
    await send(b, conversationId, 'a line the moderators should read');
    const filed = await a.client.json<{ id: string }>('POST', '/api/reports', {
      subjectId: b.id,
      reason: 'scam',
      conversationId,
      source: 'chat',
      alsoBlock: true,
      clientKey: key(),
    });
    expect(filed.status).toBe(201);
    expect(await conversationIds(b)).not.toContain(conversationId); // also blocked

    expect((await a.client.json('GET', '/api/admin/cases?kind=report')).status).toBe(403);
    expect((await suite.server.client().json('GET', '/api/admin/cases?kind=report')).status).toBe(401);
    const moderator = await admin();
    const queue = await moderator.client.json<{ cases: TAdminReport[] }>(
      'GET',
      '/api/admin/cases?kind=report&status=open',
    );
    const report = queue.body.cases.find((r) => r.id === filed.body.id)!;
    expect(report).toMatchObject({
      reason: 'scam',
      status: 'open',
      evidenceIntact: true,
      reporter: { userId: a.id },
      subject: { userId: b.id },
    });
    expect(report.evidence.map((m) => m.content)).toEqual(['a line the moderators should read']);

    await db().execute(sql`update moderation_cases set evidence = '[]'::jsonb where id = ${filed.body.id}`);
    const tampered = await moderator.client.json<{ cases: TAdminReport[] }>('GET', '/api/admin/cases?kind=report');
    expect(tampered.body.cases.find((r) => r.id === filed.body.id)!.evidenceIntact).toBe(false);
  });

  it('refuses a report without a valid reason, about yourself, or about a conversation that is not yours', async () => {
    const [a, b] = await matchedPair();
    const [, , other] = await matchedPair();
    const noReason = await a.client.json<{ error: { message: string } }>('POST', '/api/reports', {
      subjectId: b.id,
      clientKey: key(),
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.message).toBe('Please choose a reason');
    expect(
      (await a.client.json('POST', '/api/reports', { subjectId: a.id, reason: 'other', clientKey: key() })).status,
    ).toBe(400);
    expect(
      (
        await a.client.json('POST', '/api/reports', {
          subjectId: b.id,
          reason: 'other',
          conversationId: other.conversationId,
          clientKey: key(),
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await a.client.json('POST', '/api/reports', {
          subjectId: b.id,
          reason: 'other',
          details: 'x'.repeat(1001),
          clientKey: key(),
        })
      ).status,
    ).toBe(400);
  });
});

describe(`unmatch on ${testDatabaseKind}`, () => {
  it('closes the chat for both, and either member can still report from Past matches for 30 days', async () => {
    const [a, b, { matchId, conversationId }] = await matchedPair();
    await send(a, conversationId, 'see you Friday');
    await send(b, conversationId, 'something that needs reporting');
    const first = await a.client.json<{ pastMatchId: string }>('DELETE', `/api/matches/${matchId}`);
    expect(first.status).toBe(200);
    const retried = await a.client.json<{ pastMatchId: string }>('DELETE', `/api/matches/${matchId}`);
    expect(retried.body.pastMatchId).toBe(first.body.pastMatchId);

    for (const m of [a, b]) {
      expect(await matchIds(m)).not.toContain(matchId);
      expect(await conversationIds(m)).not.toContain(conversationId);
      expect((await m.client.json('GET', `/api/conversations/${conversationId}/messages`)).status).toBe(404);
    }
    const pastForB = await b.client.json<{ pastMatches: TPastMatch[] }>('GET', '/api/past-matches');
    expect(pastForB.body.pastMatches).toEqual([
      expect.objectContaining({
        id: first.body.pastMatchId,
        other: { userId: a.id, name: 'Ada' },
        unmatchedByMe: false,
        reported: false,
      }),
    ]);

    // 29 days on, still reportable, with the sealed last messages as evidence.
    await db().execute(
      sql`update past_matches set unmatched_at = now() - interval '29 days', expires_at = now() + interval '1 day' where id = ${first.body.pastMatchId}`,
    );
    const report = await a.client.json<{ id: string }>('POST', '/api/reports', {
      subjectId: b.id,
      reason: 'inappropriate',
      pastMatchId: first.body.pastMatchId,
      source: 'past-match',
      clientKey: key(),
    });
    expect(report.status).toBe(201);
    const [opened] = await db()
      .select()
      .from(moderationCases)
      .where(sql`${moderationCases.id} = ${report.body.id}`);
    expect(opened!.evidence.map((m) => m.content)).toEqual(['see you Friday', 'something that needs reporting']);
    const pastForA = await a.client.json<{ pastMatches: TPastMatch[] }>('GET', '/api/past-matches');
    expect(pastForA.body.pastMatches[0]!.reported).toBe(true);

    // After the 30 days, the past match is gone and can no longer be reported from.
    await db().execute(
      sql`update past_matches set expires_at = now() - interval '1 minute' where id = ${first.body.pastMatchId}`,
    );
    expect((await b.client.json<{ pastMatches: unknown[] }>('GET', '/api/past-matches')).body.pastMatches).toEqual([]);
    const late = await b.client.json('POST', '/api/reports', {
      subjectId: a.id,
      reason: 'other',
      pastMatchId: first.body.pastMatchId,
      source: 'past-match',
      clientKey: key(),
    });
    expect(late.status).toBe(404);
  });

  it('is refused for a match that is not yours', async () => {
    const [, , { matchId }] = await matchedPair();
    const stranger = await member();
    expect((await stranger.client.json('DELETE', `/api/matches/${matchId}`)).status).toBe(404);
  });
});

describe(`notifications on ${testDatabaseKind}`, () => {
  type List = {
    notifications: { id: string; type: string; title: string; message: string; link: string | null; read: boolean }[];
    unreadCount: number;
  };

  it('tells the first liker about the match, groups a chat into one line, and settles it when the chat is read', async () => {
    const a = await member('Ada');
    const b = await member('Bea');
    await a.client.json('POST', '/api/likes', { targetId: b.id });
    const live = await openSocket(a.client);
    const { body: match } = await b.client.json<{ conversationId: string }>('POST', '/api/likes', { targetId: a.id });
    const pushed = await live.next((e) => e.type === 'notification');
    expect(pushed.notification).toMatchObject({
      type: 'match',
      title: "It's a match!",
      message: 'You and Bea liked each other. Say hello!',
    });

    await send(b, match.conversationId, 'first');
    // The message's notification reaches the recipient's open tabs, stored with the message.
    const noted = await live.next((e) => e.type === 'notification' && e.notification.type === 'message');
    expect(noted.notification).toMatchObject({
      title: 'New message from Bea',
      message: 'first',
      link: `/messages?conversation=${match.conversationId}`,
      read: false,
    });
    expect(Math.abs(Date.parse(noted.notification.createdAt) - Date.now())).toBeLessThan(60_000);
    await send(b, match.conversationId, 'second, and longer than fifty characters so the preview is cut');
    const list = (await a.client.json<List>('GET', '/api/notifications')).body;
    expect(list.unreadCount).toBe(2);
    const messages = list.notifications.filter((n) => n.type === 'message');
    expect(messages).toEqual([
      expect.objectContaining({
        title: 'New message from Bea',
        message: 'second, and longer than fifty characters so the pr...',
        link: `/messages?conversation=${match.conversationId}`,
        read: false,
      }),
    ]);
    expect((await b.client.json<List>('GET', '/api/notifications')).body.unreadCount).toBe(0);

    await a.client.json('POST', `/api/conversations/${match.conversationId}/read`);
    expect((await a.client.json<List>('GET', '/api/notifications')).body.unreadCount).toBe(1);
    expect((await a.client.json('POST', '/api/notifications/read', {})).body).toEqual({ marked: 1 });
    expect((await a.client.json<List>('GET', '/api/notifications')).body.unreadCount).toBe(0);
    live.socket.close();
  });
});

describe(`safety nudges on ${testDatabaseKind}`, () => {
  it('flags a message with off-platform payment or insults for the recipient, and not ordinary ones', async () => {
    const [a, b, { conversationId }] = await matchedPair();
    expect((await send(a, conversationId, 'Can you send me $50 on Cash App?')).body.nudge).toBe('payment');
    expect((await send(a, conversationId, 'you are so stupid')).body.nudge).toBe('insult');
    expect((await send(a, conversationId, 'Coffee on Saturday?')).body.nudge).toBeNull();
    expect((await send(a, conversationId, 'f*** off')).body.nudge).toBe('insult');
    expect((await send(a, conversationId, 'text me on wh4tsapp: +1 312 555 0199')).body.nudge).toBe('off_platform');
    const list = await b.client.json<{ messages: { content: string; nudge: string | null }[] }>(
      'GET',
      `/api/conversations/${conversationId}/messages`,
    );
    expect(list.body.messages.map((m) => m.nudge)).toEqual(['payment', 'insult', null, 'insult', 'off_platform']);
  });
});
