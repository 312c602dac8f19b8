import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { patternImage } from '../../test/images';
import { DAY, matchedPair as newPair, planDate, type Pair } from '../../test/dates';
import { serverSuite } from '../../test/suite';
import { testDatabaseKind } from '../../test/test-server';
import { SHARE_AFTER_START_MS } from '../modules/dates/calendar.service';

/**
 * "Share my date" hands a stranger a link to a member's first name, photo, time and place. The
 * link must live no longer than the accepted date it is about, and show nothing of what the
 * match does after it was made.
 */
const suite = serverSuite();
const sha = (bytes: ArrayBuffer) => createHash('sha256').update(Buffer.from(bytes)).digest('hex');

const matchedPair = () => newPair(suite);
const plan = planDate;

async function share(pair: Pair, planId: string): Promise<string> {
  const shared = await pair.sharer.client.json<{ path: string }>('POST', `/api/date-plans/${planId}/share`);
  expect(shared.status).toBe(201);
  return shared.body.path.split('/').at(-1)!;
}

const friend = () => suite.server.client();
const read = (token: string) =>
  friend().json<{ firstName?: string; photoUrl?: string | null; expiresAt?: string }>(
    'GET',
    `/api/shared-dates/${token}`,
  );

describe(`shared date links on ${testDatabaseKind}`, () => {
  it('shares only an accepted date, and neither member can share a proposal', async () => {
    const pair = await matchedPair();
    const proposed = await plan(pair, false);
    for (const who of [pair.sharer, pair.match])
      expect((await who.client.json('POST', `/api/date-plans/${proposed}/share`)).status).toBe(409);
    const declined = await plan(pair, false);
    await pair.match.client.json('POST', `/api/date-plans/${declined}/answer`, { action: 'decline' });
    expect((await pair.sharer.client.json('POST', `/api/date-plans/${declined}/share`)).status).toBe(409);
  });

  it('shows the photo of the moment it was shared, not one uploaded later', async () => {
    const pair = await matchedPair();
    const token = await share(pair, await plan(pair, true));
    const before = sha(await (await friend().get(`/api/shared-dates/${token}/photo`)).arrayBuffer());
    // The match puts a new photo first.
    expect(
      (await pair.match.client.upload('/api/profile/photos', await patternImage(42), 'second.jpg', 'image/jpeg'))
        .status,
    ).toBe(201);
    const { body: photos } = await pair.match.client.json<{ photos: { id: string }[] }>('GET', '/api/profile/photos');
    await pair.match.client.json('PUT', '/api/profile/photos/order', { ids: photos.photos.map((p) => p.id).reverse() });
    expect(sha(await (await friend().get(`/api/shared-dates/${token}/photo`)).arrayBuffer())).toBe(before);
  });

  it('dies with a block either way, an unmatch, the sharer stopping it, and the end of the date', async () => {
    const ends: [string, (pair: Pair, planId: string) => Promise<void>][] = [
      [
        'the match blocks the sharer',
        async ({ match, sharer }) =>
          expect((await match.client.json('PUT', `/api/blocks/${sharer.id}`)).status).toBeLessThan(300),
      ],
      [
        'the sharer blocks the match',
        async ({ match, sharer }) =>
          expect((await sharer.client.json('PUT', `/api/blocks/${match.id}`)).status).toBeLessThan(300),
      ],
      [
        'an unmatch',
        async ({ match, matchId }) =>
          expect((await match.client.json('DELETE', `/api/matches/${matchId}`)).status).toBe(200),
      ],
      [
        'the sharer stops sharing',
        async ({ sharer }, planId) => {
          const stopped = await sharer.client.json<{ revoked: number }>('DELETE', `/api/date-plans/${planId}/share`);
          expect(stopped.body.revoked).toBe(1);
        },
      ],
      [
        'the date is over',
        async (_pair, planId) =>
          void (await suite.server.deps.database.db.execute(
            sql`update date_shares set expires_at = now() where plan_id = ${planId}`,
          )),
      ],
    ];
    for (const [name, end] of ends) {
      const pair = await matchedPair();
      const planId = await plan(pair, true);
      const token = await share(pair, planId);
      expect((await read(token)).body.firstName, name).toBe('Alex');
      await end(pair, planId);
      const after = await read(token);
      expect(after.status, name).toBe(404);
      expect(JSON.stringify(after.body), name).not.toContain('Alex');
      expect((await friend().get(`/api/shared-dates/${token}/photo`)).status, name).toBe(404);
    }
  });

  it('expires when the date is over, and cannot be made for a date that is', async () => {
    const pair = await matchedPair();
    const startsAt = new Date(Date.now() + DAY);
    const token = await share(pair, await plan(pair, true, startsAt));
    expect(new Date((await read(token)).body.expiresAt!).getTime()).toBe(startsAt.getTime() + SHARE_AFTER_START_MS);
    const soon = await plan(pair, true, new Date(Date.now() + 60_000));
    await suite.server.deps.database.db.execute(
      sql`update date_plans set starts_at = now() - interval '7 hours' where id = ${soon}`,
    );
    expect((await pair.sharer.client.json('POST', `/api/date-plans/${soon}/share`)).status).toBe(409);
  });
});
