import { describe, expect, it } from 'vitest';
import type { TDevMail } from '../../contracts/responses';
import { uniqueEmail } from '../test/accounts';
import { TestClient } from '../test/test-client';
import { createTestDatabase, freePort, testDatabaseKind } from '../test/test-server';
import { matchedPair, startServer } from './helpers';

/**
 * A missed check-in mails the trusted contact exactly once: after the server was killed with the
 * check-in pending and started again, and with two servers on one database both looking for due
 * work (PostgreSQL only: PGlite is one process).
 */
const DAY = 86_400_000;
const HOUR = 3_600_000;

const mailTo = async (url: string, to: string, subject: string) =>
  (await new TestClient(url).json<{ mail: TDevMail[] }>('GET', '/api/dev/mail')).body.mail.filter(
    (mail) => mail.to === to && mail.subject.includes(subject),
  );

/**
 * A member with a confirmed contact and a check-in, 15 minutes' grace, an hour into a date a day
 * after the server's clock (`ahead`: how far it was moved on).
 */
async function pendingCheckIn(url: string, ahead = 0) {
  const { a, b, conversationId } = await matchedPair(url);
  const contactEmail = uniqueEmail('contact');
  expect((await a.json('PUT', '/api/trusted-contact', { name: 'Mia', email: contactEmail })).status).toBe(200);
  const [invite] = await mailTo(url, contactEmail, 'trusted contact');
  const token = new URL(invite!.link!).searchParams.get('token');
  expect((await new TestClient(url).json('POST', '/api/trusted-contact/confirm', { token })).status).toBe(200);
  const startsAt = new Date(Date.now() + ahead + DAY);
  const { body: plan } = await a.json<{ id: string }>('POST', '/api/date-plans', {
    conversationId,
    startsAt: startsAt.toISOString(),
    place: 'Harbour Bar',
  });
  expect((await b.json('POST', `/api/date-plans/${plan.id}/answer`, { action: 'accept' })).status).toBe(200);
  const set = await a.json('PUT', `/api/date-plans/${plan.id}/check-in`, {
    checkAt: new Date(startsAt.getTime() + HOUR).toISOString(),
    graceMinutes: 15,
  });
  expect(set.status).toBe(200);
  return { contactEmail };
}

/** Moves each server's clock past the check-in's grace period. */
const passTheCheckIn = (urls: string[]) =>
  Promise.all(urls.map((url) => new TestClient(url).json('POST', '/api/dev/clock', { advanceMs: DAY + 2 * HOUR })));

/** Waits until a mail about a missed check-in has reached the contact; how many there are then. */
async function alertsTo(url: string, contactEmail: string) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline && (await mailTo(url, contactEmail, 'has not checked in')).length === 0)
    await new Promise((resolve) => setTimeout(resolve, 200));
  return (await mailTo(url, contactEmail, 'has not checked in')).length;
}

/**
 * How many alerts the contact got, once a later check-in's alert has gone out as well: servers
 * claim due work oldest first, so by then a second claim of the first alert would have come.
 */
async function alertsAfterLaterWork(urls: string[], contactEmail: string) {
  expect(await alertsTo(urls[0]!, contactEmail)).toBeGreaterThan(0);
  const later = await pendingCheckIn(urls[0]!, DAY + 2 * HOUR);
  await passTheCheckIn(urls);
  expect(await alertsTo(urls.at(-1)!, later.contactEmail)).toBe(1);
  return (await mailTo(urls[0]!, contactEmail, 'has not checked in')).length;
}

const POLL = { JOB_POLL_MS: '100' };

describe(`check-ins across restarts and servers on ${testDatabaseKind}`, () => {
  it('mails the contact once after the server was killed with the check-in pending', { timeout: 120_000 }, async () => {
    const database = await createTestDatabase();
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    try {
      let server = await startServer(database.dataDir, database.databaseUrl, port, POLL);
      const { contactEmail } = await pendingCheckIn(url);
      server.child.kill('SIGKILL');
      await server.finished;
      server = await startServer(database.dataDir, database.databaseUrl, port, POLL);
      await passTheCheckIn([url]);
      expect(await alertsAfterLaterWork([url], contactEmail)).toBe(1);
      server.child.kill('SIGTERM');
      await server.finished;
    } finally {
      await database.drop();
    }
  });

  it.skipIf(testDatabaseKind === 'pglite')(
    'mails the contact once with two servers looking for due work on one database',
    { timeout: 120_000 },
    async () => {
      const database = await createTestDatabase();
      const ports = [await freePort(), await freePort()];
      const urls = ports.map((port) => `http://127.0.0.1:${port}`);
      try {
        const servers = [];
        for (const port of ports) servers.push(await startServer(database.dataDir, database.databaseUrl, port, POLL));
        const { contactEmail } = await pendingCheckIn(urls[0]!);
        await passTheCheckIn(urls);
        expect(await alertsAfterLaterWork(urls, contactEmail)).toBe(1);
        for (const server of servers) {
          server.child.kill('SIGTERM');
          await server.finished;
        }
      } finally {
        await database.drop();
      }
    },
  );
});
