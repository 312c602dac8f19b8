import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { messages } from '../../db/schema';
import { openSocket } from '../../../test/sockets';
import { serverSuite } from '../../../test/suite';
import { testDatabaseKind } from '../../../test/test-server';
import { factoryMember, type SignedInMember } from '../../../test/members';

const suite = serverSuite();

type Member = SignedInMember;
const member = () => factoryMember(suite.server, suite.passwordHash);

/** Two members who liked each other, with their conversation id. */
async function matchedPair(): Promise<[Member, Member, string]> {
  const a = await member();
  const b = await member();
  await a.client.json('POST', '/api/likes', { targetId: b.id });
  const result = await b.client.json<{ conversationId: string }>('POST', '/api/likes', { targetId: a.id });
  return [a, b, result.body.conversationId];
}

const send = (m: Member, conversationId: string, content: string, clientKey = crypto.randomUUID()) =>
  m.client.json<{ id: string; content: string; error?: { code: string; message: string } }>(
    'POST',
    `/api/conversations/${conversationId}/messages`,
    { content, clientKey },
  );

describe(`messages on ${testDatabaseKind}`, () => {
  it('lets only the two members read or write their conversation; others get 404', async () => {
    const [a, b, conversationId] = await matchedPair();
    expect((await send(a, conversationId, 'Hi Bea!')).status).toBe(201);
    const stranger = await member();
    expect((await stranger.client.json('GET', `/api/conversations/${conversationId}/messages`)).status).toBe(404);
    expect((await send(stranger, conversationId, 'let me in')).status).toBe(404);
    expect((await stranger.client.json('POST', `/api/conversations/${conversationId}/read`)).status).toBe(404);
    const list = await b.client.json<{ messages: { content: string }[] }>(
      'GET',
      `/api/conversations/${conversationId}/messages`,
    );
    expect(list.body.messages.map((m) => m.content)).toEqual(['Hi Bea!']);
    const strangerList = await stranger.client.json<{ conversations: unknown[] }>('GET', '/api/conversations');
    expect(strangerList.body.conversations).toEqual([]);
  });

  it('stores a retried send once, refuses blank and over-long text', async () => {
    const [a, , conversationId] = await matchedPair();
    const key = crypto.randomUUID();
    const results = await Promise.all([
      send(a, conversationId, 'Same one', key),
      send(a, conversationId, 'Same one', key),
      send(a, conversationId, 'Same one', key),
    ]);
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    const stored = await suite.server.deps.database.db
      .select()
      .from(messages)
      .where(sql`${messages.conversationId} = ${conversationId}`);
    expect(stored).toHaveLength(1);
    expect((await send(a, conversationId, '   ')).body.error?.message).toBe('Write something before sending.');
    expect((await send(a, conversationId, 'x'.repeat(2001))).status).toBe(400);
  });

  it('counts unread messages and marks them read when opened', async () => {
    const [a, b, conversationId] = await matchedPair();
    await send(a, conversationId, 'one');
    await send(a, conversationId, 'two');
    type List = { conversations: { id: string; unreadCount: number; lastMessage: { content: string } }[] };
    const before = (await b.client.json<List>('GET', '/api/conversations')).body.conversations.find(
      (c) => c.id === conversationId,
    )!;
    expect(before).toMatchObject({ unreadCount: 2, lastMessage: { content: 'two' } });
    expect((await b.client.json('POST', `/api/conversations/${conversationId}/read`)).body).toEqual({ marked: 2 });
    const after = (await b.client.json<List>('GET', '/api/conversations')).body.conversations.find(
      (c) => c.id === conversationId,
    )!;
    expect(after.unreadCount).toBe(0);
  });

  it('refuses a blocked member, and hides the conversation from both', async () => {
    const [a, b, conversationId] = await matchedPair();
    await suite.server.deps.database.db.execute(
      sql`insert into blocks (blocker_id, blocked_id) values (${b.id}, ${a.id})`,
    );
    const refused = await send(a, conversationId, 'are you there?');
    expect(refused.status).toBe(403);
    expect(refused.body.error?.message).toBe('You can no longer message this member.');
    for (const m of [a, b]) {
      const list = await m.client.json<{ conversations: { id: string }[] }>('GET', '/api/conversations');
      expect(list.body.conversations.map((c) => c.id)).not.toContain(conversationId);
    }
  });

  it('delivers new messages and read updates over the socket, and catches up after a drop', async () => {
    const [a, b, conversationId] = await matchedPair();
    const live = await openSocket(b.client);
    const sent = await send(a, conversationId, 'Live hello <img src=x onerror=alert(1)>');
    const event = await live.next((e) => e.type === 'message' && e.message.id === sent.body.id);
    expect(event.message.content).toBe('Live hello <img src=x onerror=alert(1)>');
    live.socket.close();

    // While b is away, a sends two more; b catches up from the last message it had.
    const missed = [await send(a, conversationId, 'missed 1'), await send(a, conversationId, 'missed 2')];
    const catchUp = await b.client.json<{ messages: { id: string }[] }>(
      'GET',
      `/api/conversations/${conversationId}/messages?after=${sent.body.id}`,
    );
    expect(catchUp.body.messages.map((m) => m.id)).toEqual(missed.map((m) => m.body.id));

    const aLive = await openSocket(a.client);
    await b.client.json('POST', `/api/conversations/${conversationId}/read`);
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
