import { describe, expect, it } from 'vitest';
import { MESSAGE_MAX_LENGTH } from '../../../contracts/messages-api';
import { factoryMember } from '../../test/members';
import { openSocket } from '../../test/sockets';
import { serverSuite } from '../../test/suite';
import { testDatabaseKind } from '../../test/test-server';

/** Inputs that once reached the database and came back as 500s, and writes too large to deliver live. */
const suite = serverSuite();

const cursorOf = (score: unknown, userId: unknown = 'abc') =>
  Buffer.from(JSON.stringify([score, userId])).toString('base64url');

describe(`crafted input on ${testDatabaseKind}`, () => {
  it('answers 4xx in the one error shape to crafted cursors and NUL characters, wherever they are put', async () => {
    const member = await factoryMember(suite.server, suite.passwordHash, { profile: { name: 'Nina' } });
    const other = await factoryMember(suite.server, suite.passwordHash, { profile: { name: 'Omar' } });
    await member.client.json('POST', '/api/likes', { targetId: other.id });
    const match = await other.client.json<{ conversationId: string }>('POST', '/api/likes', { targetId: member.id });
    const conversation = match.body.conversationId;
    const visitor = suite.server.client();

    const attempts: [string, () => Promise<Response>][] = [
      ...['', '0b1', '1e39', '-1e39', 'Infinity', 'NaN', ' 1', '0x10', null, 5, {}].map(
        (score) =>
          [
            `cursor score ${JSON.stringify(score)}`,
            () => member.client.request('GET', `/api/discover?cursor=${cursorOf(score)}`),
          ] as [string, () => Promise<Response>],
      ),
      [
        'cursor user id with a quote',
        () => member.client.request('GET', `/api/discover?cursor=${cursorOf('1', "a'b")}`),
      ],
      ['cursor not base64 JSON', () => member.client.request('GET', '/api/discover?cursor=%E2%9C%93')],
      ['NUL in a name', () => member.client.request('PUT', '/api/profile', { name: 'Ni\u0000na' })],
      [
        'NUL in a message',
        () =>
          member.client.request('POST', `/api/conversations/${conversation}/messages`, {
            content: 'hi\u0000',
            clientKey: crypto.randomUUID(),
          }),
      ],
      [
        'NUL in the contact form',
        () =>
          visitor.request('POST', '/api/contact', {
            name: 'V\u0000',
            email: 'v@example.com',
            subject: 'S',
            message: 'M',
          }),
      ],
      ['NUL in a path', () => member.client.request('DELETE', '/api/blocks/%00')],
      ['NUL in a path, with more', () => member.client.request('DELETE', '/api/blocks/ab%00cd')],
      ['NUL in a pass target', () => member.client.request('POST', '/api/passes', { targetId: '\u0000' })],
      ['NUL in a query', () => member.client.request('GET', '/api/discover?q=a%00b')],
      ['NUL in a key', () => member.client.request('PUT', '/api/profile', { ['bio\u0000']: 'x' })],
      [
        'NUL in sign-up',
        () =>
          visitor.request('POST', '/api/auth/sign-up/email', {
            email: 'nul@example.com',
            password: 'Secret123',
            name: 'N\u0000',
          }),
      ],
      [
        'NUL in registration details',
        () =>
          visitor.request('POST', '/api/auth/sign-up/email', {
            email: 'nul2@example.com',
            password: 'Secret123',
            name: 'N',
            registration: { bio: '\u0000' },
          }),
      ],
      [
        'a million-character name at sign-up',
        () =>
          visitor.request('POST', '/api/auth/sign-up/email', {
            email: 'long@example.com',
            password: 'Secret123',
            name: 'x'.repeat(60_000),
          }),
      ],
      [
        'a malformed callback in a mailed link',
        () => visitor.request('GET', '/api/auth/verify-email?token=x&callbackURL=http%3A%2F%2F%5B'),
      ],
      [
        'a foreign callback in a mailed link',
        () => visitor.request('GET', '/api/auth/magic-link/verify?token=x&callbackURL=https%3A%2F%2Fevil.example%2F'),
      ],
      [
        'a protocol-relative callback',
        () =>
          visitor.request('GET', '/api/auth/reset-password/abcdefghijklmnopqrstuvwxyz?callbackURL=%2F%2Fevil.example'),
      ],
      [
        'a malformed registration',
        () =>
          visitor.request('POST', '/api/auth/sign-up/email', {
            email: 'reg@example.com',
            password: 'Secret123',
            name: 'R',
            registration: { age: 'old', interests: 'all' },
          }),
      ],
    ];
    const failures: string[] = [];
    for (const [name, send] of attempts) {
      const response = await send();
      const body = (await response.json().catch(() => null)) as { error?: { code: string; message: string } } | null;
      if (response.status < 400 || response.status >= 500 || !body?.error?.message)
        failures.push(`${name}: ${response.status} ${JSON.stringify(body)}`);
    }
    expect(failures).toEqual([]);
    // The member's pages still answer.
    expect((await member.client.json('GET', '/api/me')).status).toBe(200);
  });

  it('delivers the longest valid message live, of 4-byte characters or of control characters', async () => {
    const member = await factoryMember(suite.server, suite.passwordHash, { profile: { name: 'Lena' } });
    const other = await factoryMember(suite.server, suite.passwordHash, { profile: { name: 'Lars' } });
    await member.client.json('POST', '/api/likes', { targetId: other.id });
    const match = await other.client.json<{ conversationId: string }>('POST', '/api/likes', { targetId: member.id });
    const live = await openSocket(other.client);
    // 1,000 emoji are 2,000 UTF-16 units (the limit) and 4,000 bytes; 2,000 control characters
    // are 12,000 bytes once escaped in JSON. The event names the message by id, whatever its
    // size, and the recipient reads it whole.
    const texts = [
      '😀'.repeat(MESSAGE_MAX_LENGTH / 2),
      'a' + '\u0001'.repeat(MESSAGE_MAX_LENGTH - 2) + 'z',
      '\u{1F600}\u0007'.repeat(MESSAGE_MAX_LENGTH / 3),
    ];
    for (const content of texts) {
      const sent = await member.client.json<{ id: string; content: string }>(
        'POST',
        `/api/conversations/${match.body.conversationId}/messages`,
        { content, clientKey: crypto.randomUUID() },
      );
      expect(sent.status).toBe(201);
      await live.next((e) => e.type === 'message' && e.messageId === sent.body.id);
      const page = await other.client.json<{ messages: { id: string; content: string }[] }>(
        'GET',
        `/api/conversations/${match.body.conversationId}/messages`,
      );
      expect(page.body.messages.find((m) => m.id === sent.body.id)?.content).toBe(content);
      await live.next((e) => e.type === 'notification');
    }
    live.socket.close();
  });
});
