import { describe, expect, it } from 'vitest';
import { HIDDEN_WORDS_MAX, HIDDEN_WORDS_TEXT } from '../../../../contracts/hidden-words';
import type { TConversation, TMessage } from '../../../../contracts/messages-api';
import { matchedPair } from '../../../test/dates';
import { openSocket } from '../../../test/sockets';
import { serverSuite } from '../../../test/suite';
import { testDatabaseKind } from '../../../test/test-server';
import type { TestClient } from '../../../test/test-client';

/**
 * Hidden words: a message with a word its recipient hid waits in their Hidden folder, with no
 * notification; its sender learns nothing of it; the list is the member's own, up to 1,000.
 */
const suite = serverSuite();

const send = (client: TestClient, conversationId: string, content: string) =>
  client.json<TMessage>('POST', `/api/conversations/${conversationId}/messages`, {
    content,
    clientKey: crypto.randomUUID(),
  });
const messagesOf = async (client: TestClient, conversationId: string) =>
  (await client.json<{ messages: TMessage[] }>('GET', `/api/conversations/${conversationId}/messages`)).body.messages;
const lastOf = async (client: TestClient, conversationId: string) =>
  (await client.json<{ conversations: TConversation[] }>('GET', '/api/conversations')).body.conversations.find(
    (c) => c.id === conversationId,
  )!.lastMessage;
const notificationsOf = async (client: TestClient) =>
  (await client.json<{ notifications: { type: string; message: string }[] }>('GET', '/api/notifications')).body
    .notifications;

describe(`hidden words on ${testDatabaseKind}`, () => {
  it('folds a message with a hidden word for its recipient alone, with no notification; the sender sees nothing change', async () => {
    const { sharer: ana, match: ben, conversationId } = await matchedPair(suite, ['Ana', 'Ben']);
    const hid = await ben.client.json<{ words: { word: string }[] }>('POST', '/api/hidden-words', {
      words: ['Venmo', ' SEND   nudes ', '🍆', 'venmo'],
    });
    expect(hid.body.words.map((w) => w.word).sort()).toEqual(['send nudes', 'venmo', '🍆']);

    const socket = await openSocket(ben.client);
    const before = (await notificationsOf(ben.client)).length;
    const hidden = await send(ana.client, conversationId, 'Pay me on VENMO first');
    expect(hidden.status).toBe(201);
    expect(hidden.body.hidden).toBe(false); // the sender's own view
    await socket.next((e) => e.type === 'message' && e.messageId === hidden.body.id);

    const [forBen] = (await messagesOf(ben.client, conversationId)).filter((m) => m.id === hidden.body.id);
    expect(forBen).toMatchObject({ hidden: true, content: 'Pay me on VENMO first' });
    const [forAna] = (await messagesOf(ana.client, conversationId)).filter((m) => m.id === hidden.body.id);
    expect(forAna!.hidden).toBe(false);
    expect(await lastOf(ben.client, conversationId)).toMatchObject({ hidden: true, content: '' });
    expect(await lastOf(ana.client, conversationId)).toMatchObject({ hidden: false, content: 'Pay me on VENMO first' });
    expect((await notificationsOf(ben.client)).length).toBe(before);
    expect(socket.events.some((e) => (e as { type: string }).type === 'notification')).toBe(false);

    // Whole words only; an emoji anywhere; a phrase across spaces.
    const verdicts: Record<string, boolean> = {};
    for (const text of ['Second class ticket to Venmoville', 'look🍆', 'please send  nudes', 'Plain hello'])
      verdicts[text] = (await send(ana.client, conversationId, text)).body.id
        ? (await messagesOf(ben.client, conversationId)).at(-1)!.hidden
        : false;
    expect(verdicts).toEqual({
      'Second class ticket to Venmoville': false,
      'look🍆': true,
      'please send  nudes': true,
      'Plain hello': false,
    });
    // The plain message raised a notification, the hidden ones none.
    expect((await notificationsOf(ben.client)).length).toBe(before + 1);
    socket.socket.close();

    // Unhidden, the word no longer hides what comes next.
    await ben.client.json('DELETE', `/api/hidden-words?word=${encodeURIComponent('VENMO')}`);
    expect((await send(ana.client, conversationId, 'venmo?')).status).toBe(201);
    expect((await messagesOf(ben.client, conversationId)).at(-1)!.hidden).toBe(false);
  });

  it('keeps to 1,000 words, even when two lists are added at once, and refuses empty or overlong words', async () => {
    const { sharer: member } = await matchedPair(suite, ['Cy', 'Dee']);
    const many = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}${i}`);
    const answers = await Promise.all([
      member.client.json('POST', '/api/hidden-words', { words: many('a', 600) }),
      member.client.json('POST', '/api/hidden-words', { words: many('b', 600) }),
    ]);
    expect(answers.map((a) => a.status).sort((x, y) => x - y)).toEqual([200, 400]);
    const { body } = await member.client.json<{ words: unknown[] }>('GET', '/api/hidden-words');
    expect(body.words).toHaveLength(600);
    expect((await member.client.json('POST', '/api/hidden-words', { words: many('c', 400) })).status).toBe(200);
    const over = await member.client.json<{ error: { message: string } }>('POST', '/api/hidden-words', {
      words: ['one-more'],
    });
    expect([over.status, over.body.error.message]).toEqual([400, HIDDEN_WORDS_TEXT.tooMany]);
    expect((await member.client.json<{ words: unknown[] }>('GET', '/api/hidden-words')).body.words).toHaveLength(
      HIDDEN_WORDS_MAX,
    );
    for (const words of [['   '], ['x'.repeat(101)], []])
      expect((await member.client.json('POST', '/api/hidden-words', { words })).status).toBe(400);
  });
});
