import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { forwardedClient } from '../app';
import { MAX_SOCKETS_PER_MEMBER } from '../realtime/hub';
import { openSocket } from '../../test/sockets';
import { uniqueEmail } from '../../test/accounts';
import { requestFrom } from '../../test/from-address';
import { pngImage } from '../../test/images';
import { factoryMember } from '../../test/members';
import { serverSuite } from '../../test/suite';
import { testDatabaseKind } from '../../test/test-server';
import { TEST_DEV_KEY } from '../../test/test-client';

/**
 * The edge of the server: which address a request is counted under behind a proxy, how large a
 * body may be, who may read the development outbox, and who may read DATA_DIR.
 */
const IP_MAX = 10;
// One proxy of our own in front: it appends the address it was connected from.
const suite = serverSuite({ TRUST_PROXY: '1', RATE_LIMIT_IP_MAX: String(IP_MAX) });

const json = (body: unknown, forwardedFor: string) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', origin: suite.server.url, 'x-forwarded-for': forwardedFor },
  body: JSON.stringify(body),
});

describe(`the network edge on ${testDatabaseKind}`, () => {
  it('takes the address our proxy appended, not what the client wrote before it', async () => {
    const url = `${suite.server.url}/api/auth/sign-in/email`;
    const statuses: number[] = [];
    // 30 guesses at 30 accounts, each claiming another address in the part of the header the client controls.
    for (let i = 0; i < 30; i++) {
      const answer = await requestFrom(
        '127.0.0.1',
        url,
        json({ email: uniqueEmail('xff'), password: 'Wrong123Pass' }, `10.9.${i}.1, 198.51.100.7`),
      );
      statuses.push(answer.status);
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(IP_MAX);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - IP_MAX);

    // The contact form's hourly limit holds the same way.
    const contact = `${suite.server.url}/api/contact`;
    const sent: number[] = [];
    for (let i = 0; i < 30; i++) {
      const answer = await requestFrom(
        '127.0.0.1',
        contact,
        json(
          { name: 'Spam', email: 'spam@example.com', subject: `Offer ${i}`, message: 'Buy now' },
          `203.0.113.${i}, 198.51.100.8`,
        ),
      );
      sent.push(answer.status);
    }
    expect(sent.filter((s) => s === 201)).toHaveLength(Math.min(IP_MAX, 20));
  });

  it('ignores an address the client writes into our own client-address header', async () => {
    // The server keeps the caller's address on the request's context, and hands better-auth a
    // header it overwrites: a client naming another address in that header changes nothing.
    const spoofed = (body: unknown, i: number) => {
      const init = json(body, '198.51.100.9');
      return { ...init, headers: { ...init.headers, 'x-vouch-client-ip': `10.66.${i}.1` } };
    };
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const url = `${suite.server.url}/api/auth/sign-in/email`;
      statuses.push(
        (await requestFrom('127.0.0.1', url, spoofed({ email: uniqueEmail('xip'), password: 'Wrong123Pass' }, i)))
          .status,
      );
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(IP_MAX);
    const sent: number[] = [];
    for (let i = 0; i < 30; i++) {
      const message = { name: 'Spam', email: 'spam@example.com', subject: `Deal ${i}`, message: 'Buy now' };
      sent.push((await requestFrom('127.0.0.1', `${suite.server.url}/api/contact`, spoofed(message, i))).status);
    }
    expect(sent.filter((s) => s === 201)).toHaveLength(Math.min(IP_MAX, 20));
  });

  it('counts an IPv6 client by its /64', async () => {
    const url = `${suite.server.url}/api/auth/sign-in/email`;
    const statuses: number[] = [];
    for (let i = 0; i < IP_MAX + 5; i++) {
      const answer = await requestFrom(
        '127.0.0.1',
        url,
        json({ email: uniqueEmail('v6'), password: 'Wrong123Pass' }, `2001:db8:77:1:${(i + 1).toString(16)}::${i + 1}`),
      );
      statuses.push(answer.status);
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(IP_MAX);
    // And the contact form's limit the same way.
    const sent: number[] = [];
    for (let i = 0; i < 25; i++) {
      const answer = await requestFrom(
        '127.0.0.1',
        `${suite.server.url}/api/contact`,
        json(
          { name: 'V6', email: 'v6@example.com', subject: `S${i}`, message: 'M' },
          `2001:db8:99:1:${(i + 1).toString(16)}::1`,
        ),
      );
      sent.push(answer.status);
    }
    expect(sent.filter((s) => s === 201)).toHaveLength(Math.min(IP_MAX, 20));
  });

  it('counts a client by its address whatever port its proxy writes beside it', async () => {
    // A proxy that writes ip:port (or [v6]:port) gives each new connection a new port: counted
    // by the whole entry, every request was a new client.
    const url = `${suite.server.url}/api/auth/sign-in/email`;
    for (const [name, entry] of [
      ['IPv4', (port: number) => `203.0.113.8:${port}`],
      ['IPv6', (port: number) => `[2001:db8:5:1::8]:${port}`],
    ] as const) {
      const statuses: number[] = [];
      for (let i = 0; i < IP_MAX + 4; i++) {
        const body = { email: uniqueEmail('port'), password: 'Wrong123Pass' };
        statuses.push((await requestFrom('127.0.0.1', url, json(body, entry(40_000 + i)))).status);
      }
      expect(statuses.filter((s) => s === 401).length, name).toBe(IP_MAX);
    }
  });

  it('holds at most a few sockets per member: a new one closes the oldest', async () => {
    const member = await factoryMember(suite.server, suite.passwordHash);
    const sockets = [];
    for (let i = 0; i < 40; i++) sockets.push((await openSocket(member.client)).socket);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const open = sockets.filter((socket) => socket.readyState === WebSocket.OPEN);
    expect(open).toHaveLength(MAX_SOCKETS_PER_MEMBER);
    // The newest are the ones kept: the tab just opened always works.
    expect(open).toEqual(sockets.slice(-MAX_SOCKETS_PER_MEMBER));
    for (const socket of sockets) socket.close();
  });

  it('picks the right entry for any number of proxies, and reads an address out of ip:port', () => {
    expect(forwardedClient('198.51.100.1:5123', 1)).toBe('198.51.100.1');
    expect(forwardedClient('[2001:db8::1]:443', 1)).toBe('2001:db8::1');
    expect(forwardedClient('2001:db8::1', 1)).toBe('2001:db8::1');
    expect(forwardedClient('::ffff:198.51.100.2', 1)).toBe('198.51.100.2');
    expect(forwardedClient('1.1.1.1:80, 2.2.2.2:81', 2)).toBe('1.1.1.1');
    expect(forwardedClient('1.1.1.1, 2.2.2.2, 3.3.3.3', 1)).toBe('3.3.3.3');
    expect(forwardedClient('1.1.1.1, 2.2.2.2, 3.3.3.3', 2)).toBe('2.2.2.2');
    expect(forwardedClient('3.3.3.3', 2)).toBe('3.3.3.3');
    expect(forwardedClient(undefined, 1)).toBeUndefined();
  });

  it('refuses a body over 64 KB before reading it, from its length or as it streams, and keeps uploads working', async () => {
    const member = await factoryMember(suite.server, suite.passwordHash);
    const before = process.memoryUsage().rss;
    const huge = 100 * 1024 * 1024;
    // A stream that makes its bytes as they are read, so the test itself holds none of them.
    const stream = (bytes: number) => {
      let left = bytes;
      return Readable.toWeb(
        new Readable({
          read() {
            const size = Math.min(left, 1024 * 1024);
            left -= size;
            this.push(size > 0 ? Buffer.alloc(size, 0x61) : null);
          },
        }),
      ) as ReadableStream;
    };
    const attempts: [string, number, Record<string, string>][] = [
      ['/api/contact', huge, { 'content-type': 'application/json', 'content-length': String(huge) }],
      ['/api/auth/sign-in/email', huge, { 'content-type': 'application/json', 'content-length': String(huge) }],
      ['/api/contact', huge, { 'content-type': 'application/json' }],
      ['/api/auth/sign-in/email', huge, { 'content-type': 'application/json' }],
      ['/api/profile', 200 * 1024, { 'content-type': 'application/json' }],
    ];
    for (const [route, bytes, headers] of attempts) {
      const response = await fetch(`${suite.server.url}${route}`, {
        method: route === '/api/profile' ? 'PUT' : 'POST',
        headers: { origin: suite.server.url, cookie: member.client.cookieHeader(), ...headers },
        body: stream(bytes),
        duplex: 'half',
      } as RequestInit).catch(() => null);
      // A refusal may reach a client still sending as a reset; when it arrives, it is a 413 in the one shape.
      if (response) {
        expect(response.status, route).toBe(413);
        expect(((await response.json()) as { error: { code: string } }).error.code).toBe('PAYLOAD_TOO_LARGE');
      }
    }
    // Four 100 MB bodies read in would add hundreds of MB (a parsed 100 MB JSON body took about
    // 250 MB); what is left is the noise of the process this test shares with the server.
    const grown = (process.memoryUsage().rss - before) / 1024 / 1024;
    expect(grown).toBeLessThan(150);
    // A photo is still accepted: uploads keep their own limit.
    expect((await member.client.upload('/api/profile/photos', await pngImage(), 'me.png', 'image/png')).status).toBe(
      201,
    );
  });

  it('limits one member to UPLOADS_PER_MEMBER uploads in ten minutes, whatever they are', async () => {
    const member = await factoryMember(suite.server, suite.passwordHash);
    const statuses: number[] = [];
    // Refused files count too: each one was read and checked.
    for (let i = 0; i < 20; i++)
      statuses.push(
        (await member.client.upload('/api/profile/photos', Buffer.from('not an image'), 'x.jpg', 'image/jpeg')).status,
      );
    expect(statuses.every((s) => s === 415)).toBe(true);
    const over = await member.client.upload('/api/profile/photos', await pngImage(), 'me.png', 'image/png');
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toBeTruthy();
    // Another member is not held back.
    expect(
      (
        await (
          await factoryMember(suite.server, suite.passwordHash)
        ).client.upload('/api/profile/photos', await pngImage(), 'me.png', 'image/png')
      ).status,
    ).toBe(201);
  });

  it('lets only whoever started the server use the development tools: on this machine, with the key it printed', async () => {
    const key = { 'x-dev-key': TEST_DEV_KEY };
    const direct = await requestFrom('127.0.0.1', `${suite.server.url}/api/dev/mail`, { headers: key });
    expect(direct.status).toBe(200);
    // Another account on this machine reaches loopback too, but never saw the key.
    for (const [path, method] of [
      ['/api/dev/mail', 'GET'],
      ['/api/dev/clock', 'POST'],
    ] as const) {
      const guesses: Record<string, string>[] = [
        {},
        { 'x-dev-key': 'x'.repeat(TEST_DEV_KEY.length) },
        { 'x-dev-key': `${TEST_DEV_KEY}x` },
      ];
      for (const headers of guesses) {
        const other = await requestFrom('127.0.0.1', `${suite.server.url}${path}`, {
          method,
          headers: { ...headers, 'content-type': 'application/json', origin: suite.server.url },
          body: method === 'POST' ? JSON.stringify({ advanceMs: 86_400_000 }) : undefined,
        });
        expect([path, other.status]).toEqual([path, 404]);
      }
    }
    const proxied = await requestFrom('127.0.0.1', `${suite.server.url}/api/dev/mail`, {
      headers: { ...key, 'x-forwarded-for': '203.0.113.5' },
    });
    expect(proxied.status).toBe(404);
    expect(proxied.body).not.toContain('"mail"');
  });

  it('keeps DATA_DIR and everything in it to the account that runs the server', async () => {
    const member = await factoryMember(suite.server, suite.passwordHash);
    expect((await member.client.upload('/api/profile/photos', await pngImage(), 'me.png', 'image/png')).status).toBe(
      201,
    );
    const open: string[] = [];
    const walk = (target: string) => {
      const stat = fs.lstatSync(target);
      if ((stat.mode & 0o077) !== 0)
        open.push(`${path.relative(suite.server.deps.env.DATA_DIR, target) || '.'} ${(stat.mode & 0o777).toString(8)}`);
      if (stat.isDirectory()) for (const entry of fs.readdirSync(target)) walk(path.join(target, entry));
    };
    walk(suite.server.deps.env.DATA_DIR);
    expect(open).toEqual([]);
  });
});
