import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TDateState, TRatingState, TSelfieStatus } from '../../../../contracts/trust';
import { adminUsers, moderationCases, profiles, systemLogs } from '../../db/schema';
import { PASSWORD } from '../../../test/accounts';
import { jpegWithGps } from '../../../test/images';
import { startTestServer, testDatabaseKind, type TestServer } from '../../../test/test-server';
import { factoryMember, type SignedInMember } from '../../../test/members';
import { hashForFactories } from '../seed/factories';
import { inviteToVerifyPastDates } from './calendar.service';
import { revealDueRatings } from './ratings.service';

let server: TestServer;
let passwordHash: string;
let photo: Buffer;
beforeAll(async () => {
  server = await startTestServer();
  passwordHash = await hashForFactories(PASSWORD);
  photo = await jpegWithGps(640, 480);
});
afterAll(() => server?.stop());

type Member = SignedInMember;
const db = () => server.deps.database.db;
const member = (name: string, verified = false) =>
  factoryMember(server, passwordHash, { name, profile: { selfieVerified: verified } });
const DAY = 86_400_000;

async function admin(): Promise<Member> {
  const person = await member('Moderator');
  await db().insert(adminUsers).values({ userId: person.id });
  return person;
}

async function matched(verified = true): Promise<[Member, Member, string]> {
  const a = await member('Ada', verified);
  const b = await member('Bea', verified);
  await a.client.json('POST', '/api/likes', { targetId: b.id });
  const { body } = await b.client.json<{ conversationId: string }>('POST', '/api/likes', { targetId: a.id });
  return [a, b, body.conversationId];
}

/** A verified date: a uploads the photo and b confirms it. */
async function verifiedDate(verified = true): Promise<[Member, Member, string]> {
  const [a, b, conversationId] = await matched(verified);
  expect(
    (await a.client.upload(`/api/conversations/${conversationId}/date/photo`, photo, 'us.jpg', 'image/jpeg')).status,
  ).toBe(201);
  expect((await b.client.json('POST', `/api/conversations/${conversationId}/date/confirm`)).status).toBe(200);
  return [a, b, conversationId];
}

const rating = (overrides: Record<string, unknown> = {}) => ({
  overall: 5,
  safety: 5,
  respect: 5,
  communication: 4,
  safeForFamily: true,
  safeForHome: false,
  wouldDateAgain: true,
  comment: 'Lovely evening',
  ...overrides,
});
const rate = (m: Member, conversationId: string, body = rating()) =>
  m.client.json<TRatingState & { error?: { message: string } }>(
    'POST',
    `/api/conversations/${conversationId}/rating`,
    body,
  );
const profileOf = async (userId: string) =>
  (
    await db()
      .select()
      .from(profiles)
      .where(sql`${profiles.userId} = ${userId}`)
  )[0]!;

describe(`selfie verification on ${testDatabaseKind}`, () => {
  it('takes a selfie for a fresh server-picked pose, once, and shows it only to its owner and admins', async () => {
    const ada = await member('Ada');
    const { body: challenge } = await ada.client.json<{ id: string; pose: string; instruction: string }>(
      'POST',
      '/api/verification/selfie/challenge',
    );
    expect(challenge.instruction.length).toBeGreaterThan(3);

    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'me.jpg');
    form.append('challengeId', challenge.id);
    const sent = await ada.client.request('POST', '/api/verification/selfie', form);
    expect(sent.status).toBe(201);
    const status = (await sent.json()) as TSelfieStatus;
    expect(status.status).toBe('pending');

    // The same pose cannot be used twice (no replay), and one selfie waits at a time.
    const replay = new FormData();
    replay.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'me.jpg');
    replay.append('challengeId', challenge.id);
    expect((await ada.client.request('POST', '/api/verification/selfie', replay)).status).toBe(400);

    // Owner yes; another member no, even with the exact URL; admin yes.
    expect((await ada.client.get(status.imageUrl!)).status).toBe(200);
    const stranger = await member('Stranger');
    expect((await stranger.client.get(status.imageUrl!)).status).toBe(404);
    const moderator = await admin();
    expect((await moderator.client.get(status.imageUrl!)).status).toBe(200);

    // Admin rights, the sight of selfies included, end 24 hours after the admin signed in.
    await db().execute(
      sql`update session set created_at = now() - interval '25 hours' where user_id = ${moderator.id}`,
    );
    expect((await moderator.client.get(status.imageUrl!)).status).toBe(404);
    await db().execute(sql`update session set created_at = now() where user_id = ${moderator.id}`);

    // Only admins decide; approval sets selfie_verified.
    expect((await ada.client.json('POST', `/api/admin/selfies/${status.submissionId}/approve`)).status).toBe(403);
    const queue = await moderator.client.json<{ selfies: { id: string; instruction: string }[] }>(
      'GET',
      '/api/admin/selfies',
    );
    expect(queue.body.selfies.find((s) => s.id === status.submissionId)?.instruction).toBe(challenge.instruction);
    expect((await moderator.client.json('POST', `/api/admin/selfies/${status.submissionId}/approve`)).status).toBe(200);
    expect((await profileOf(ada.id)).selfieVerified).toBe(true);
    expect((await ada.client.json<TSelfieStatus>('GET', '/api/verification/selfie')).body.status).toBe('approved');
  });

  it('rejects with a reason the member sees', async () => {
    const bo = await member('Bo');
    const { body: challenge } = await bo.client.json<{ id: string }>('POST', '/api/verification/selfie/challenge');
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'me.jpg');
    form.append('challengeId', challenge.id);
    const status = (await (await bo.client.request('POST', '/api/verification/selfie', form)).json()) as TSelfieStatus;
    const moderator = await admin();
    expect(
      (
        await moderator.client.json('POST', `/api/admin/selfies/${status.submissionId}/reject`, {
          reason: 'Face not visible',
        })
      ).status,
    ).toBe(200);
    expect((await bo.client.json<TSelfieStatus>('GET', '/api/verification/selfie')).body).toMatchObject({
      status: 'rejected',
      reason: 'Face not visible',
    });
    expect((await profileOf(bo.id)).selfieVerified).toBe(false);
  });
});

describe(`co-signed dates on ${testDatabaseKind}`, () => {
  it('needs the other participant to confirm; then the date is verified and rating unlocks for both', async () => {
    const [a, b, conversationId] = await matched();
    expect(
      (
        await a.client.upload(
          `/api/conversations/${conversationId}/date/photo`,
          Buffer.from('not an image'),
          'x.jpg',
          'image/jpeg',
        )
      ).status,
    ).toBe(415);
    const uploaded = await a.client.upload(
      `/api/conversations/${conversationId}/date/photo`,
      photo,
      'us.jpg',
      'image/jpeg',
    );
    const state = (await uploaded.json()) as TDateState;
    expect(state).toMatchObject({ status: 'pending', uploadedByMe: true, ratingsUnlocked: false });
    expect((await b.client.json<TDateState>('GET', `/api/conversations/${conversationId}/date`)).body).toMatchObject({
      status: 'pending',
      uploadedByMe: false,
    });
    expect(
      (await a.client.upload(`/api/conversations/${conversationId}/date/photo`, photo, 'again.jpg', 'image/jpeg'))
        .status,
    ).toBe(409);
    // While a photo waits, any other upload is refused before it is even decoded.
    expect(
      (
        await a.client.upload(
          `/api/conversations/${conversationId}/date/photo`,
          Buffer.from('not an image'),
          'x.jpg',
          'image/jpeg',
        )
      ).status,
    ).toBe(409);
    expect((await a.client.json('POST', `/api/conversations/${conversationId}/date/confirm`)).status).toBe(403);

    // The photo: the two participants and admins only.
    expect((await b.client.get(state.photoUrl!)).status).toBe(200);
    expect((await (await member('Stranger')).client.get(state.photoUrl!)).status).toBe(404);
    expect((await (await admin()).client.get(state.photoUrl!)).status).toBe(200);
    expect((await server.client().get(state.photoUrl!)).status).toBe(401);

    const confirmed = await b.client.json<TDateState>('POST', `/api/conversations/${conversationId}/date/confirm`);
    expect(confirmed.body).toMatchObject({ status: 'confirmed', ratingsUnlocked: true });
    const { rows } = await db().execute<{ date_verified: boolean; date_photo_key: string | null }>(
      sql`select date_verified, date_photo_key from conversations where id = ${conversationId}`,
    );
    expect(rows[0]).toMatchObject({ date_verified: true });
    expect(rows[0]!.date_photo_key).toMatch(/^dates\//);
    const access = await db().execute<{ user_id: string }>(
      sql`select user_id from ratings_access where unlocked and user_id in (${a.id}, ${b.id})`,
    );
    expect(access.rows).toHaveLength(2);
    const logs = await db()
      .select()
      .from(systemLogs)
      .where(
        sql`${systemLogs.eventType} = 'date_verified' and ${systemLogs.metadata}->>'conversationId' = ${conversationId}`,
      );
    expect(logs).toHaveLength(1);
  });

  it("opens a moderation case on 'This didn't happen'", async () => {
    const [a, b, conversationId] = await matched();
    await a.client.upload(`/api/conversations/${conversationId}/date/photo`, photo, 'us.jpg', 'image/jpeg');
    expect(
      (await b.client.json<TDateState>('POST', `/api/conversations/${conversationId}/date/dispute`)).body.status,
    ).toBe('disputed');
    const cases = await db()
      .select()
      .from(moderationCases)
      .where(sql`${moderationCases.kind} = 'date_dispute' and ${moderationCases.subjectId} = ${a.id}`);
    expect(cases).toHaveLength(1);
    expect((await rate(a, conversationId)).status).toBe(403);
  });
});

describe(`ratings on ${testDatabaseKind}`, () => {
  it('are refused without a verified date, to non-participants, without selfies, and a second time', async () => {
    const [a, , conversationId] = await matched();
    const early = await rate(a, conversationId);
    expect(early.status).toBe(403);
    expect(early.body.error?.message).toBe('Verification Required');

    const [c, , unverifiedSelfies] = await verifiedDate(false);
    expect((await rate(c, unverifiedSelfies)).body.error?.message).toBe('Verification Required');

    const [d, , dated] = await verifiedDate();
    const outsider = await member('Outsider', true);
    expect((await rate(outsider, dated)).status).toBe(404);
    expect(
      (await outsider.client.json<{ error: { message: string } }>('GET', `/api/conversations/${dated}/rating`)).body
        .error.message,
    ).toBe('Conversation not found');
    expect((await rate(d, dated, rating({ overall: 0 }))).status).toBe(400);
    expect((await rate(d, dated)).status).toBe(201);
    expect((await rate(d, dated)).status).toBe(409);
    const { rows } = await db().execute<{ ratings_submitted: boolean }>(
      sql`select ratings_submitted from conversations where id = ${dated}`,
    );
    expect(rows[0]!.ratings_submitted).toBe(true);
  });

  it('stay hidden until both have rated, then count toward both reputations', async () => {
    const [a, b, conversationId] = await verifiedDate();
    await rate(a, conversationId, rating({ overall: 4, safeForFamily: true, safeForHome: true, wouldDateAgain: true }));
    expect(
      (await b.client.json<TRatingState>('GET', `/api/conversations/${conversationId}/rating`)).body,
    ).toMatchObject({ theirs: null, canRate: true });
    expect((await profileOf(b.id)).reviewCount).toBe(0);

    const second = await rate(
      b,
      conversationId,
      rating({ overall: 2, safety: 3, safeForFamily: false, wouldDateAgain: false, comment: 'Late and rude' }),
    );
    expect(second.body.theirs).toMatchObject({ overall: 4, revealed: true, comment: 'Lovely evening' });
    expect(await profileOf(b.id)).toMatchObject({
      avgRating: 4,
      reviewCount: 1,
      safeForFamilyBadge: true,
      safeForHomeBadge: true,
      dateAgainBadge: true,
    });
    expect(await profileOf(a.id)).toMatchObject({
      avgRating: 2,
      reviewCount: 1,
      safeForFamilyBadge: false,
      dateAgainBadge: false,
    });
    // The private comment reaches the rated member, not the public card.
    const aSees = await a.client.json<TRatingState>('GET', `/api/conversations/${conversationId}/rating`);
    expect(aSees.body.theirs?.comment).toBe('Late and rude');
    const card = await (
      await member('Viewer', true)
    ).client.json<{ profiles: { userId: string }[] }>('GET', '/api/discover?limit=50');
    expect(JSON.stringify(card.body)).not.toContain('Late and rude');
  });

  it('are revealed 14 days after the first rating when the other never rates (injected clock)', async () => {
    const [a, b, conversationId] = await verifiedDate();
    await rate(a, conversationId, rating({ overall: 3, safeForHome: true }));
    const later = (days: number) => new Date(Date.now() + days * DAY);
    await revealDueRatings(db(), later(13));
    expect(
      (await b.client.json<TRatingState>('GET', `/api/conversations/${conversationId}/rating`)).body.theirs,
    ).toBeNull();
    expect(await revealDueRatings(db(), later(14.01))).toBeGreaterThanOrEqual(1);
    expect(
      (await b.client.json<TRatingState>('GET', `/api/conversations/${conversationId}/rating`)).body.theirs,
    ).toMatchObject({ overall: 3 });
    expect(await profileOf(b.id)).toMatchObject({ avgRating: 3, reviewCount: 1, safeForHomeBadge: true });
  });

  it('open a moderation case at once for a Safety score of 2', async () => {
    const [a, b, conversationId] = await verifiedDate();
    await rate(a, conversationId, rating({ safety: 2 }));
    const cases = await db()
      .select()
      .from(moderationCases)
      .where(sql`${moderationCases.kind} = 'safety_rating' and ${moderationCases.subjectId} = ${b.id}`);
    expect(cases).toHaveLength(1);
    expect(cases[0]!.openedBy).toBe(a.id);
  });
});

describe(`date calendar on ${testDatabaseKind}`, () => {
  it('proposes, answers with another time, accepts, and shares a read-only expiring link', async () => {
    const [a, b, conversationId] = await matched();
    const tomorrow = new Date(Date.now() + DAY).toISOString();
    expect(
      (
        await a.client.json('POST', '/api/date-plans', {
          conversationId,
          startsAt: new Date(Date.now() - DAY).toISOString(),
          place: 'Cafe',
        })
      ).status,
    ).toBe(400);
    const proposed = await a.client.json<{ id: string; status: string }>('POST', '/api/date-plans', {
      conversationId,
      startsAt: tomorrow,
      place: 'Blue Bottle Cafe',
    });
    expect(proposed.status).toBe(201);
    expect(
      (await a.client.json('POST', `/api/date-plans/${proposed.body.id}/answer`, { action: 'accept' })).status,
    ).toBe(403);
    const later = new Date(Date.now() + 2 * DAY).toISOString();
    const countered = await b.client.json<{
      plans: { id: string; proposedByMe: boolean; place: string; status: string }[];
    }>('POST', `/api/date-plans/${proposed.body.id}/answer`, {
      action: 'counter',
      startsAt: later,
      place: 'City Park',
    });
    const counter = countered.body.plans.find((p) => p.place === 'City Park')!;
    expect(counter).toMatchObject({ proposedByMe: true, status: 'proposed' });
    const accepted = await a.client.json<{ plans: { id: string; status: string }[] }>(
      'POST',
      `/api/date-plans/${counter.id}/answer`,
      { action: 'accept' },
    );
    expect(accepted.body.plans.map((p) => p.status)).toEqual(['accepted']);

    const shared = await a.client.json<{ path: string }>('POST', `/api/date-plans/${counter.id}/share`);
    const token = shared.body.path.split('/').at(-1)!;
    const friend = server.client();
    const seen = await friend.json<Record<string, unknown>>('GET', `/api/shared-dates/${token}`);
    expect(seen.body).toMatchObject({ firstName: 'Bea', place: 'City Park', startsAt: later });
    expect(Object.keys(seen.body).sort()).toEqual(['expiresAt', 'firstName', 'photoUrl', 'place', 'startsAt']);
    await db().execute(sql`update date_shares set expires_at = now() - interval '1 minute'`);
    expect((await friend.json('GET', `/api/shared-dates/${token}`)).status).toBe(404);
    expect((await (await member('Stranger')).client.json('POST', `/api/date-plans/${counter.id}/share`)).status).toBe(
      404,
    );
  });

  it('invites both, once, to verify an accepted date after its time has passed', async () => {
    const [a, b, conversationId] = await matched();
    const soon = new Date(Date.now() + 3_600_000).toISOString();
    const { body: plan } = await a.client.json<{ id: string }>('POST', '/api/date-plans', {
      conversationId,
      startsAt: soon,
      place: 'Museum',
    });
    await b.client.json('POST', `/api/date-plans/${plan.id}/answer`, { action: 'accept' });
    const invitations = async (m: Member) =>
      (
        await m.client.json<{ notifications: { title: string; link: string }[] }>('GET', '/api/notifications')
      ).body.notifications.filter((n) => n.title === 'How did your date go?');
    await inviteToVerifyPastDates(db(), new Date(Date.now() + 2 * 3_600_000));
    expect(await invitations(a)).toEqual([]);
    await inviteToVerifyPastDates(db(), new Date(Date.now() + 4 * 3_600_000));
    await inviteToVerifyPastDates(db(), new Date(Date.now() + 5 * 3_600_000));
    for (const m of [a, b])
      expect(await invitations(m)).toEqual([
        expect.objectContaining({ link: `/messages?conversation=${conversationId}&verify=1` }),
      ]);
  });
});
