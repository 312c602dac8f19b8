import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TErrorBody } from '../../../../contracts/errors';
import type { TReportInput } from '../../../../contracts/safety';
import { adminUsers, moderationCases, securityLogs } from '../../db/schema';
import { openSocket } from '../../../test/sockets';
import { serverSuite } from '../../../test/suite';
import { ok } from '../../../test/test-client';
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
  await ok(a.client.api.likes.$post({ json: { targetId: b.id } }));
  const result = await ok(b.client.api.likes.$post({ json: { targetId: a.id } }));
  return [a, b, { matchId: result.matchId!, conversationId: result.conversationId! }];
}
const send = (m: Member, conversationId: string, content: string) =>
  m.client.api.conversations[':conversationId'].messages.$post({
    param: { conversationId },
    json: { content, clientKey: key() },
  });
const conversationIds = async (m: Member) =>
  (await ok(m.client.api.conversations.$get())).conversations.map((c) => c.id);
const matchIds = async (m: Member) => (await ok(m.client.api.matches.$get())).matches.map((x) => x.matchId);
const discoverIds = async (m: Member) =>
  (await ok(m.client.api.discover.$get({ query: { limit: '50' } }))).profiles.map((p) => p.userId);
const block = (m: Member, userId: string) => m.client.api.blocks[':userId'].$put({ param: { userId } });
const unblock = (m: Member, userId: string) => m.client.api.blocks[':userId'].$delete({ param: { userId } });
const fileReport = (m: Member, json: TReportInput) => m.client.api.reports.$post({ json });
const myReports = async (m: Member) => (await ok(m.client.api.reports.mine.$get())).reports;
const pastMatches = async (m: Member) => (await ok(m.client.api['past-matches'].$get())).pastMatches;
const unmatch = (m: Member, matchId: string) => m.client.api.matches[':matchId'].$delete({ param: { matchId } });
const errorOf = async (response: { json(): Promise<unknown> }) => ((await response.json()) as TErrorBody).error;

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

    const blocked = await block(a, b.id);
    expect(blocked.status).toBe(200);
    expect((await block(a, b.id)).status).toBe(200); // twice is once
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
    const refused = await send(b, conversationId, 'hello?');
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toEqual({ code: 'BLOCKED', message: 'You can no longer message this member.' });

    const list = await ok(a.client.api.blocks.$get());
    expect(list.blocked).toEqual([expect.objectContaining({ userId: b.id, name: 'Bea' })]);
    expect((await ok(b.client.api.blocks.$get())).blocked).toEqual([]);

    // Unblocking brings the match and the chat back.
    expect((await unblock(a, b.id)).status).toBe(200);
    expect(await conversationIds(b)).toContain(conversationId);
    expect((await send(b, conversationId, 'back again')).status).toBe(201);
    expect((await unblock(a, b.id)).status).toBe(404);
  });

  it('refuses yourself and unknown members, and tells both sockets the chat closed', async () => {
    const [a, b, { conversationId }] = await matchedPair();
    expect((await block(a, a.id)).status).toBe(400);
    expect((await block(a, 'no-such-member')).status).toBe(404);
    const live = await openSocket(b.client);
    await ok(block(a, b.id));
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
    for (let i = 1; i <= 25; i++) await ok(send(i % 2 ? b : a, conversationId, `message ${i}`));
    const clientKey = key();
    const body: TReportInput = {
      subjectId: b.id,
      reason: 'harassment',
      details: 'Kept insisting.',
      conversationId,
      source: 'chat',
      clientKey,
    };
    const calls = [fileReport(a, body), fileReport(a, body)];
    const results = await Promise.all(calls.map((call) => ok(call)));
    expect((await Promise.all(calls)).map((r) => r.status)).toEqual([201, 201]);
    expect(results[0]!.id).toBe(results[1]!.id);

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
    const mine = await myReports(a);
    expect(mine).toEqual([
      expect.objectContaining({
        id: cases[0]!.id,
        status: 'open',
        reason: 'harassment',
        subject: { userId: b.id, name: 'Bea' },
      }),
    ]);
    expect(JSON.stringify(mine)).not.toContain('message 7');
    expect(await myReports(b)).toEqual([]);
  });

  it('is readable by administrators only, with the seal checked', async () => {
    const [a, b, { conversationId }] = await matchedPair();
    await ok(send(b, conversationId, 'a line the moderators should read'));
    const filing = fileReport(a, {
      subjectId: b.id,
      reason: 'scam',
      conversationId,
      source: 'chat',
      alsoBlock: true,
      clientKey: key(),
    });
    const filed = await ok(filing);
    expect((await filing).status).toBe(201);
    expect(await conversationIds(b)).not.toContain(conversationId); // also blocked

    expect((await a.client.api.admin.cases.$get({ query: { kind: 'report' } })).status).toBe(403);
    expect((await suite.server.client().api.admin.cases.$get({ query: { kind: 'report' } })).status).toBe(401);
    const moderator = await admin();
    const queue = await ok(moderator.client.api.admin.cases.$get({ query: { kind: 'report', status: 'open' } }));
    const report = queue.cases.find((r) => r.id === filed.id)!;
    expect(report).toMatchObject({
      reason: 'scam',
      status: 'open',
      evidenceIntact: true,
      reporter: { userId: a.id },
      subject: { userId: b.id },
    });
    expect(report.evidence.map((m) => m.content)).toEqual(['a line the moderators should read']);

    await db().execute(sql`update moderation_cases set evidence = '[]'::jsonb where id = ${filed.id}`);
    const tampered = await ok(moderator.client.api.admin.cases.$get({ query: { kind: 'report' } }));
    expect(tampered.cases.find((r) => r.id === filed.id)!.evidenceIntact).toBe(false);
  });

  it('refuses a report without a valid reason, about yourself, or about a conversation that is not yours', async () => {
    const [a, b] = await matchedPair();
    const [, , other] = await matchedPair();
    // Raw on purpose: a body without the required reason, which the typed client cannot send.
    const noReason = await a.client.json<TErrorBody>('POST', '/api/reports', {
      subjectId: b.id,
      clientKey: key(),
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.message).toBe('Please choose a reason');
    expect((await fileReport(a, { subjectId: a.id, reason: 'other', clientKey: key() })).status).toBe(400);
    expect(
      (
        await fileReport(a, {
          subjectId: b.id,
          reason: 'other',
          conversationId: other.conversationId,
          clientKey: key(),
        })
      ).status,
    ).toBe(404);
    expect(
      (await fileReport(a, { subjectId: b.id, reason: 'other', details: 'x'.repeat(1001), clientKey: key() })).status,
    ).toBe(400);
  });
});

describe(`unmatch on ${testDatabaseKind}`, () => {
  it('closes the chat for both, and either member can still report from Past matches for 30 days', async () => {
    const [a, b, { matchId, conversationId }] = await matchedPair();
    await ok(send(a, conversationId, 'see you Friday'));
    await ok(send(b, conversationId, 'something that needs reporting'));
    const first = await ok(unmatch(a, matchId));
    const retried = await ok(unmatch(a, matchId));
    expect(retried.pastMatchId).toBe(first.pastMatchId);

    for (const m of [a, b]) {
      expect(await matchIds(m)).not.toContain(matchId);
      expect(await conversationIds(m)).not.toContain(conversationId);
      expect(
        (await m.client.api.conversations[':conversationId'].messages.$get({ param: { conversationId }, query: {} }))
          .status,
      ).toBe(404);
    }
    expect(await pastMatches(b)).toEqual([
      expect.objectContaining({
        id: first.pastMatchId,
        other: { userId: a.id, name: 'Ada' },
        unmatchedByMe: false,
        reported: false,
      }),
    ]);

    // 29 days on, still reportable, with the sealed last messages as evidence.
    await db().execute(
      sql`update past_matches set unmatched_at = now() - interval '29 days', expires_at = now() + interval '1 day' where id = ${first.pastMatchId}`,
    );
    const reporting = fileReport(a, {
      subjectId: b.id,
      reason: 'inappropriate',
      pastMatchId: first.pastMatchId,
      source: 'past-match',
      clientKey: key(),
    });
    const report = await ok(reporting);
    expect((await reporting).status).toBe(201);
    const [opened] = await db()
      .select()
      .from(moderationCases)
      .where(sql`${moderationCases.id} = ${report.id}`);
    expect(opened!.evidence.map((m) => m.content)).toEqual(['see you Friday', 'something that needs reporting']);
    expect((await pastMatches(a))[0]!.reported).toBe(true);

    // After the 30 days, the past match is gone and can no longer be reported from.
    await db().execute(
      sql`update past_matches set expires_at = now() - interval '1 minute' where id = ${first.pastMatchId}`,
    );
    expect(await pastMatches(b)).toEqual([]);
    const late = await fileReport(b, {
      subjectId: a.id,
      reason: 'other',
      pastMatchId: first.pastMatchId,
      source: 'past-match',
      clientKey: key(),
    });
    expect(late.status).toBe(404);
  });

  it('is refused for a match that is not yours', async () => {
    const [, , { matchId }] = await matchedPair();
    const stranger = await member();
    expect((await unmatch(stranger, matchId)).status).toBe(404);
  });
});

describe(`notifications on ${testDatabaseKind}`, () => {
  const notificationsOf = (m: Member) => ok(m.client.api.notifications.$get());

  it('tells the first liker about the match, groups a chat into one line, and settles it when the chat is read', async () => {
    const a = await member('Ada');
    const b = await member('Bea');
    await ok(a.client.api.likes.$post({ json: { targetId: b.id } }));
    const live = await openSocket(a.client);
    const { conversationId } = await ok(b.client.api.likes.$post({ json: { targetId: a.id } }));
    const match = { conversationId: conversationId! };
    const pushed = await live.next((e) => e.type === 'notification');
    const stored = (id: string) => notificationsOf(a).then((list) => list.notifications.find((n) => n.id === id));
    expect(await stored(pushed.notificationId)).toMatchObject({
      type: 'match',
      title: "It's a match!",
      message: 'You and Bea liked each other. Say hello!',
    });

    await ok(send(b, match.conversationId, 'first'));
    // The message's notification reaches the recipient's open tabs, stored with the message.
    const noted = await live.next((e) => e.type === 'notification' && e.notificationId !== pushed.notificationId);
    const note = await stored(noted.notificationId);
    expect(note).toMatchObject({
      title: 'New message from Bea',
      message: 'first',
      link: `/messages?conversation=${match.conversationId}`,
      read: false,
    });
    expect(Math.abs(Date.parse(note!.createdAt) - Date.now())).toBeLessThan(60_000);
    await ok(send(b, match.conversationId, 'second, and longer than fifty characters so the preview is cut'));
    const list = await notificationsOf(a);
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
    expect((await notificationsOf(b)).unreadCount).toBe(0);

    await ok(
      a.client.api.conversations[':conversationId'].read.$post({ param: { conversationId: match.conversationId } }),
    );
    expect((await notificationsOf(a)).unreadCount).toBe(1);
    expect(await ok(a.client.api.notifications.read.$post({ json: {} }))).toEqual({ marked: 1 });
    expect((await notificationsOf(a)).unreadCount).toBe(0);
    live.socket.close();
  });
});

describe(`safety nudges on ${testDatabaseKind}`, () => {
  it('flags a message with off-platform payment or insults for the recipient, and not ordinary ones', async () => {
    const [a, b, { conversationId }] = await matchedPair();
    const nudge = async (content: string) => (await ok(send(a, conversationId, content))).nudge;
    expect(await nudge('Can you send me $50 on Cash App?')).toBe('payment');
    expect(await nudge('you are so stupid')).toBe('insult');
    expect(await nudge('Coffee on Saturday?')).toBeNull();
    expect(await nudge('f*** off')).toBe('insult');
    expect(await nudge('text me on wh4tsapp: +1 312 555 0199')).toBe('off_platform');
    const list = await ok(
      b.client.api.conversations[':conversationId'].messages.$get({ param: { conversationId }, query: {} }),
    );
    expect(list.messages.map((m) => m.nudge)).toEqual(['payment', 'insult', null, 'insult', 'off_platform']);
  });
});
