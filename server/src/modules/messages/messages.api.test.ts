import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TErrorBody } from '../../../../contracts/errors';
import { messages } from '../../db/schema';
import { openSocket } from '../../../test/sockets';
import { serverSuite } from '../../../test/suite';
import { ok } from '../../../test/test-client';
import { testDatabaseKind } from '../../../test/test-server';
import { factoryMember, type SignedInMember } from '../../../test/members';

const suite = serverSuite();

type Member = SignedInMember;
const member = () => factoryMember(suite.server, suite.passwordHash);

/** Two members who liked each other, with their conversation id. */
async function matchedPair(): Promise<[Member, Member, string]> {
  const a = await member();
  const b = await member();
  await ok(a.client.api.likes.$post({ json: { targetId: b.id } }));
  const result = await ok(b.client.api.likes.$post({ json: { targetId: a.id } }));
  return [a, b, result.conversationId!];
}

const conversation = (m: Member) => m.client.api.conversations[':conversationId'];
const send = (m: Member, conversationId: string, content: string, clientKey = crypto.randomUUID()) =>
  conversation(m).messages.$post({ param: { conversationId }, json: { content, clientKey } });
const messagesOf = (m: Member, conversationId: string, after?: string) =>
  conversation(m).messages.$get({ param: { conversationId }, query: after ? { after } : {} });
const markRead = (m: Member, conversationId: string) => conversation(m).read.$post({ param: { conversationId } });
const conversationsOf = async (m: Member) => (await ok(m.client.api.conversations.$get())).conversations;
const errorOf = async (response: { json(): Promise<unknown> }) => ((await response.json()) as TErrorBody).error;

describe(`messages on ${testDatabaseKind}`, () => {
  it('lets only the two members read or write their conversation; others get 404', async () => {
    const [a, b, conversationId] = await matchedPair();
    expect((await send(a, conversationId, 'Hi Bea!')).status).toBe(201);
    const stranger = await member();
    expect((await messagesOf(stranger, conversationId)).status).toBe(404);
    expect((await send(stranger, conversationId, 'let me in')).status).toBe(404);
    expect((await markRead(stranger, conversationId)).status).toBe(404);
    const list = await ok(messagesOf(b, conversationId));
    expect(list.messages.map((m) => m.content)).toEqual(['Hi Bea!']);
    expect(await conversationsOf(stranger)).toEqual([]);
  });

  it('stores a retried send once, refuses blank and over-long text', async () => {
    const [a, , conversationId] = await matchedPair();
    const key = crypto.randomUUID();
    const results = await Promise.all([
      ok(send(a, conversationId, 'Same one', key)),
      ok(send(a, conversationId, 'Same one', key)),
      ok(send(a, conversationId, 'Same one', key)),
    ]);
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    const stored = await suite.server.deps.database.db
      .select()
      .from(messages)
      .where(sql`${messages.conversationId} = ${conversationId}`);
    expect(stored).toHaveLength(1);
    expect((await errorOf(await send(a, conversationId, '   '))).message).toBe('Write something before sending.');
    expect((await send(a, conversationId, 'x'.repeat(2001))).status).toBe(400);
  });

  it('counts unread messages and marks them read when opened', async () => {
    const [a, b, conversationId] = await matchedPair();
    await ok(send(a, conversationId, 'one'));
    await ok(send(a, conversationId, 'two'));
    const before = (await conversationsOf(b)).find((c) => c.id === conversationId)!;
    expect(before).toMatchObject({ unreadCount: 2, lastMessage: { content: 'two' } });
    expect(await ok(markRead(b, conversationId))).toEqual({ marked: 2 });
    const after = (await conversationsOf(b)).find((c) => c.id === conversationId)!;
    expect(after.unreadCount).toBe(0);
  });

  it('refuses a blocked member, and hides the conversation from both', async () => {
    const [a, b, conversationId] = await matchedPair();
    await suite.server.deps.database.db.execute(
      sql`insert into blocks (blocker_id, blocked_id) values (${b.id}, ${a.id})`,
    );
    const refused = await send(a, conversationId, 'are you there?');
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).message).toBe('You can no longer message this member.');
    for (const m of [a, b]) {
      expect((await conversationsOf(m)).map((c) => c.id)).not.toContain(conversationId);
    }
  });

  it('delivers new messages and read updates over the socket, and catches up after a drop', async () => {
    const [a, b, conversationId] = await matchedPair();
    const live = await openSocket(b.client);
    const sent = await ok(send(a, conversationId, 'Live hello <img src=x onerror=alert(1)>'));
    // The event names the message; its text is read over HTTP, where the access rules apply.
    const event = await live.next((e) => e.type === 'message' && e.messageId === sent.id);
    expect(event).toEqual({ type: 'message', conversationId, messageId: sent.id });
    const read = await ok(messagesOf(b, conversationId));
    expect(read.messages.find((m) => m.id === sent.id)?.content).toBe('Live hello <img src=x onerror=alert(1)>');
    live.socket.close();

    // While b is away, a sends two more; b catches up from the last message it had.
    const missed = [await ok(send(a, conversationId, 'missed 1')), await ok(send(a, conversationId, 'missed 2'))];
    const catchUp = await ok(messagesOf(b, conversationId, sent.id));
    expect(catchUp.messages.map((m) => m.id)).toEqual(missed.map((m) => m.id));

    const aLive = await openSocket(a.client);
    await ok(markRead(b, conversationId));
    expect(await aLive.next((e) => e.type === 'read' && e.conversationId === conversationId)).toMatchObject({
      readerId: b.id,
    });
    aLive.socket.close();
  });

  it('refuses sockets from another origin and from visitors', async () => {
    const [a] = await matchedPair();
    await expect(openSocket(a.client, 'https://evil.example')).rejects.toThrow('HTTP 403');
    await expect(openSocket(a.client, null)).rejects.toThrow('HTTP 403');
    await expect(openSocket(suite.server.client())).rejects.toThrow('HTTP 401');
  });
});
