import { describe, expect, it } from 'vitest';
import { matchedPair } from '../../../test/dates';
import { serverSuite } from '../../../test/suite';
import { testDatabaseKind } from '../../../test/test-server';

/** A script sending without end to its matches: held to MESSAGES_PER_MINUTE (3 here). */
const suite = serverSuite({ MESSAGES_PER_MINUTE: '3' });

describe(`the pace of sends on ${testDatabaseKind}`, () => {
  it("answers 429 with the wait once a member has sent the minute's messages, and nothing is stored", async () => {
    const { sharer: ana, conversationId } = await matchedPair(suite, ['Ana', 'Bea']);
    const send = (content: string) =>
      ana.client.json('POST', `/api/conversations/${conversationId}/messages`, {
        content,
        clientKey: crypto.randomUUID(),
      });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await send(`message ${i}`)).status);
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
    const { body } = await ana.client.json<{ messages: { content: string }[] }>(
      'GET',
      `/api/conversations/${conversationId}/messages`,
    );
    expect(body.messages.map((m) => m.content)).toEqual(['message 0', 'message 1', 'message 2']);
  });
});
