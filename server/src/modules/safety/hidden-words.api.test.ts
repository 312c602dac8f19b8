import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  HIDDEN_WORD_CHANGES_PER_HOUR,
  HIDDEN_WORDS_COST_MAX,
  HIDDEN_WORDS_MAX,
  HIDDEN_WORDS_TEXT,
  hiddenWordsCost,
  normalizeHiddenWord,
} from '../../../../contracts/hidden-words';
import { MESSAGE_MAX_LENGTH } from '../../../../contracts/messages-api';
import type { TConversation, TMessage } from '../../../../contracts/messages-api';
import { matchedPair } from '../../../test/dates';
import { openSocket } from '../../../test/sockets';
import { serverSuite } from '../../../test/suite';
import { testDatabaseKind } from '../../../test/test-server';
import type { TestClient } from '../../../test/test-client';
import { hiddenWordCompilations } from './hidden-word-matchers';

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

  it('stores no direction override ("xes" cannot show as "sex"), and hides words spaced by any sign or written in letter-like symbols', async () => {
    const { sharer: ana, match: ben, conversationId } = await matchedPair(suite, ['Ana', 'Ben']);
    await ben.client.json('POST', '/api/hidden-words', { words: ['sex'] });
    const sent = await send(ana.client, conversationId, 'hey \u202Exes\u202C ok');
    expect(sent.status).toBe(201);
    const [forBen] = (await messagesOf(ben.client, conversationId)).filter((m) => m.id === sent.body.id);
    expect(forBen!.content).toBe('hey xes ok');
    // Stored as typed, a reader sees the letters in the order they are kept: no hidden word shows.
    expect(forBen!.hidden).toBe(false);
    for (const disguise of ['s*e*x', 's/e/x', 'S\u2800E\u2800X', '🆂🅴🆇', '🇸🇪🇽', 'ꜱᴇx', `${'😀'.repeat(1990)} sex`]) {
      const message = await send(ana.client, conversationId, disguise);
      expect([disguise, message.status]).toEqual([disguise, 201]);
      expect([disguise, (await messagesOf(ben.client, conversationId)).at(-1)!.hidden]).toEqual([disguise, true]);
    }
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

  it("refuses a list that would cost too much to compile, and more than an hour's changes (a stranger stalled the server with both)", async () => {
    const { sharer: member } = await matchedPair(suite, ['Gil', 'Hal']);
    // Words of 100 characters that each fold into several: a few dozen reach the cost limit.
    const expanders = ['\u0609', '\u060A', '\u0F02', '\u0F03', '\u102A', '\u2030', '\u2031'];
    let state = 7;
    const next = () => (state = (state * 48271) % 2147483647);
    const word = () => Array.from({ length: 100 }, () => expanders[next() % expanders.length]).join('');
    const heavy = Array.from({ length: 80 }, word);
    expect(hiddenWordsCost(heavy.map(normalizeHiddenWord))).toBeGreaterThan(HIDDEN_WORDS_COST_MAX);
    const refused = await member.client.json<{ error: { message: string } }>('POST', '/api/hidden-words', {
      words: heavy,
    });
    expect([refused.status, refused.body.error.message]).toEqual([400, HIDDEN_WORDS_TEXT.tooLong]);
    expect((await member.client.json<{ words: unknown[] }>('GET', '/api/hidden-words')).body.words).toEqual([]);

    // Every change is compiled again at the next message: an hour allows HIDDEN_WORD_CHANGES_PER_HOUR
    // attempts, the refused one above included.
    const statuses: number[] = [];
    for (let i = 1; i < HIDDEN_WORD_CHANGES_PER_HOUR; i++) {
      const change =
        i % 2
          ? member.client.json('POST', '/api/hidden-words', { words: ['w'] })
          : member.client.json('DELETE', '/api/hidden-words?word=w');
      statuses.push((await change).status);
    }
    expect(statuses.every((status) => status === 200)).toBe(true);
    const spent = await member.client.json<{ error: { message: string } }>('POST', '/api/hidden-words', {
      words: ['one more'],
    });
    expect([spent.status, spent.body.error.message]).toEqual([429, HIDDEN_WORDS_TEXT.tooManyChanges]);
  });

  it('compiles a list of 1,000 words once per version, sees a change made by another instance, and reads through disguises and 18-fold text', async () => {
    const { sharer: ana, match: ben, conversationId } = await matchedPair(suite, ['Eve', 'Finn']);
    const words = Array.from({ length: HIDDEN_WORDS_MAX - 1 }, (_, i) => `word${i}x`);
    expect((await ben.client.json('POST', '/api/hidden-words', { words: [...words, 'venmo'] })).status).toBe(200);
    const isHidden = async (content: string) => {
      const sent = await send(ana.client, conversationId, content);
      expect(sent.status).toBe(201);
      return (await messagesOf(ben.client, conversationId)).find((m) => m.id === sent.body.id)!.hidden;
    };

    // Sends with the list unchanged compile it once.
    const before = hiddenWordCompilations();
    const filler = 'All good here, see you at the market on Saturday. '.repeat(40).slice(0, MESSAGE_MAX_LENGTH);
    for (let i = 0; i < 5; i++) expect(await isHidden(filler)).toBe(false);
    expect(hiddenWordCompilations() - before).toBe(1);

    // One word changes between sends, the attack of issue 32: one compilation per change.
    for (let i = 0; i < 3; i++) {
      await ben.client.json('DELETE', `/api/hidden-words?word=word${i}x`);
      await ben.client.json('POST', '/api/hidden-words', { words: [`swapped${i}`] });
      expect(await isHidden(`so swapped${i} then`)).toBe(true);
      expect(await isHidden(`so word${i}x then`)).toBe(false);
    }
    expect(hiddenWordCompilations() - before).toBe(4);

    // A word another server instance added (straight into the shared database) counts at once.
    await suite.server.deps.database.db.execute(
      sql`insert into hidden_words (user_id, word) values (${ben.id}, 'paypal')`,
    );
    expect(await isHidden('p a y p a l?')).toBe(true);
    expect(hiddenWordCompilations() - before).toBe(5);

    // Disguised words, and a word after 1,990 characters that NFKD grows 18-fold each.
    expect(await isHidden('v\u200Be\u0301n\u043Co')).toBe(true);
    expect(await isHidden(`${'\uFDFA'.repeat(MESSAGE_MAX_LENGTH - 10)} v3nm0`)).toBe(true);
    expect(await isHidden('\uFDFA'.repeat(MESSAGE_MAX_LENGTH))).toBe(false);
    expect(hiddenWordCompilations() - before).toBe(5);
  });
});
