import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TErrorBody } from '../../../../contracts/errors';
import type { TRatingInput } from '../../../../contracts/trust';
import { adminUsers, moderationCases, profiles, systemLogs } from '../../db/schema';
import { PASSWORD } from '../../../test/accounts';
import { jpegWithGps } from '../../../test/images';
import { startTestServer, testDatabaseKind, type TestServer } from '../../../test/test-server';
import { factoryMember, type SignedInMember } from '../../../test/members';
import { ok } from '../../../test/test-client';
import { hashForFactories, WARM_RATING } from '../seed/factories';
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
  await ok(a.client.api.likes.$post({ json: { targetId: b.id } }));
  const { conversationId } = await ok(b.client.api.likes.$post({ json: { targetId: a.id } }));
  return [a, b, conversationId!];
}

/** A file as a browser's file input gives it. */
const jpeg = (bytes: Buffer, name: string) => new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' });
const uploadDatePhoto = (m: Member, conversationId: string, file: File) =>
  m.client.api.conversations[':conversationId'].date.photo.$post({ param: { conversationId }, form: { file } });
const confirmDate = (m: Member, conversationId: string) =>
  m.client.api.conversations[':conversationId'].date.confirm.$post({ param: { conversationId } });
const ratingState = (m: Member, conversationId: string) =>
  m.client.api.conversations[':conversationId'].rating.$get({ param: { conversationId } });
const sendSelfie = (m: Member, challengeId: string) =>
  m.client.api.verification.selfie.$post({ form: { file: jpeg(photo, 'me.jpg'), challengeId } });

/** A verified date: a uploads the photo and b confirms it. */
async function verifiedDate(verified = true): Promise<[Member, Member, string]> {
  const [a, b, conversationId] = await matched(verified);
  expect((await uploadDatePhoto(a, conversationId, jpeg(photo, 'us.jpg'))).status).toBe(201);
  expect((await confirmDate(b, conversationId)).status).toBe(200);
  return [a, b, conversationId];
}

const rating = (overrides: Partial<TRatingInput> = {}): TRatingInput => ({
  ...WARM_RATING,
  comment: 'Lovely evening',
  ...overrides,
});
const rate = (m: Member, conversationId: string, json = rating()) =>
  m.client.api.conversations[':conversationId'].rating.$post({ param: { conversationId }, json });
const errorOf = async (response: { json(): Promise<unknown> }) => ((await response.json()) as TErrorBody).error;
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
    const challenge = await ok(ada.client.api.verification.selfie.challenge.$post());
    expect(challenge.instruction.length).toBeGreaterThan(3);

    const sent = sendSelfie(ada, challenge.id);
    const status = await ok(sent);
    expect((await sent).status).toBe(201);
    expect(status.status).toBe('pending');

    // The same pose cannot be used twice (no replay), and one selfie waits at a time.
    expect((await sendSelfie(ada, challenge.id)).status).toBe(400);

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
    const approve = (m: Member) =>
      m.client.api.admin.selfies[':submissionId'].approve.$post({ param: { submissionId: status.submissionId! } });
    expect((await approve(ada)).status).toBe(403);
    const queue = await ok(moderator.client.api.admin.selfies.$get({ query: {} }));
    expect(queue.selfies.find((s) => s.id === status.submissionId)?.instruction).toBe(challenge.instruction);
    expect((await approve(moderator)).status).toBe(200);
    expect((await profileOf(ada.id)).selfieVerified).toBe(true);
    expect((await ok(ada.client.api.verification.selfie.$get())).status).toBe('approved');
  });

  it('rejects with a reason the member sees', async () => {
    const bo = await member('Bo');
    const challenge = await ok(bo.client.api.verification.selfie.challenge.$post());
    const status = await ok(sendSelfie(bo, challenge.id));
    const moderator = await admin();
    expect(
      (
        await moderator.client.api.admin.selfies[':submissionId'].reject.$post({
          param: { submissionId: status.submissionId! },
          json: { reason: 'Face not visible' },
        })
      ).status,
    ).toBe(200);
    expect(await ok(bo.client.api.verification.selfie.$get())).toMatchObject({
      status: 'rejected',
      reason: 'Face not visible',
    });
    expect((await profileOf(bo.id)).selfieVerified).toBe(false);
  });
});

describe(`co-signed dates on ${testDatabaseKind}`, () => {
  it('needs the other participant to confirm; then the date is verified and rating unlocks for both', async () => {
    const [a, b, conversationId] = await matched();
    const notAnImage = jpeg(Buffer.from('not an image'), 'x.jpg');
    expect((await uploadDatePhoto(a, conversationId, notAnImage)).status).toBe(415);
    const uploaded = uploadDatePhoto(a, conversationId, jpeg(photo, 'us.jpg'));
    const state = await ok(uploaded);
    expect((await uploaded).status).toBe(201);
    expect(state).toMatchObject({ status: 'pending', uploadedByMe: true, ratingsUnlocked: false });
    expect(
      await ok(b.client.api.conversations[':conversationId'].date.$get({ param: { conversationId } })),
    ).toMatchObject({
      status: 'pending',
      uploadedByMe: false,
    });
    expect((await uploadDatePhoto(a, conversationId, jpeg(photo, 'again.jpg'))).status).toBe(409);
    // While a photo waits, any other upload is refused before it is even decoded.
    expect((await uploadDatePhoto(a, conversationId, notAnImage)).status).toBe(409);
    expect((await confirmDate(a, conversationId)).status).toBe(403);

    // The photo: the two participants and admins only.
    expect((await b.client.get(state.photoUrl!)).status).toBe(200);
    expect((await (await member('Stranger')).client.get(state.photoUrl!)).status).toBe(404);
    expect((await (await admin()).client.get(state.photoUrl!)).status).toBe(200);
    expect((await server.client().get(state.photoUrl!)).status).toBe(401);

    const confirmed = await ok(confirmDate(b, conversationId));
    expect(confirmed).toMatchObject({ status: 'confirmed', ratingsUnlocked: true });
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
    await ok(uploadDatePhoto(a, conversationId, jpeg(photo, 'us.jpg')));
    expect(
      (await ok(b.client.api.conversations[':conversationId'].date.dispute.$post({ param: { conversationId } })))
        .status,
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
    expect((await errorOf(early)).message).toBe('Verification Required');

    const [c, , unverifiedSelfies] = await verifiedDate(false);
    expect((await errorOf(await rate(c, unverifiedSelfies))).message).toBe('Verification Required');

    const [d, , dated] = await verifiedDate();
    const outsider = await member('Outsider', true);
    expect((await rate(outsider, dated)).status).toBe(404);
    expect((await errorOf(await ratingState(outsider, dated))).message).toBe('Conversation not found');
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
    await ok(
      rate(a, conversationId, rating({ overall: 4, safeForFamily: true, safeForHome: true, wouldDateAgain: true })),
    );
    expect(await ok(ratingState(b, conversationId))).toMatchObject({ theirs: null, canRate: true });
    expect((await profileOf(b.id)).reviewCount).toBe(0);

    const second = await ok(
      rate(
        b,
        conversationId,
        rating({ overall: 2, safety: 3, safeForFamily: false, wouldDateAgain: false, comment: 'Late and rude' }),
      ),
    );
    expect(second.theirs).toMatchObject({ overall: 4, revealed: true, comment: 'Lovely evening' });
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
    const aSees = await ok(ratingState(a, conversationId));
    expect(aSees.theirs?.comment).toBe('Late and rude');
    const card = await ok((await member('Viewer', true)).client.api.discover.$get({ query: { limit: '50' } }));
    expect(JSON.stringify(card)).not.toContain('Late and rude');
  });

  it('are revealed 14 days after the first rating when the other never rates (injected clock)', async () => {
    const [a, b, conversationId] = await verifiedDate();
    await ok(rate(a, conversationId, rating({ overall: 3, safeForHome: true })));
    const later = (days: number) => new Date(Date.now() + days * DAY);
    await revealDueRatings(db(), later(13));
    expect((await ok(ratingState(b, conversationId))).theirs).toBeNull();
    expect(await revealDueRatings(db(), later(14.01))).toBeGreaterThanOrEqual(1);
    expect((await ok(ratingState(b, conversationId))).theirs).toMatchObject({ overall: 3 });
    expect(await profileOf(b.id)).toMatchObject({ avgRating: 3, reviewCount: 1, safeForHomeBadge: true });
  });

  it('open a moderation case at once for a Safety score of 2', async () => {
    const [a, b, conversationId] = await verifiedDate();
    await ok(rate(a, conversationId, rating({ safety: 2 })));
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
        await a.client.api['date-plans'].$post({
          json: { conversationId, startsAt: new Date(Date.now() - DAY).toISOString(), place: 'Cafe' },
        })
      ).status,
    ).toBe(400);
    const proposing = a.client.api['date-plans'].$post({
      json: { conversationId, startsAt: tomorrow, place: 'Blue Bottle Cafe' },
    });
    const proposed = await ok(proposing);
    expect((await proposing).status).toBe(201);
    expect(
      (
        await a.client.api['date-plans'][':planId'].answer.$post({
          param: { planId: proposed.id },
          json: { action: 'accept' },
        })
      ).status,
    ).toBe(403);
    const later = new Date(Date.now() + 2 * DAY).toISOString();
    const countered = await ok(
      b.client.api['date-plans'][':planId'].answer.$post({
        param: { planId: proposed.id },
        json: { action: 'counter', startsAt: later, place: 'City Park' },
      }),
    );
    const counter = countered.plans.find((p) => p.place === 'City Park')!;
    expect(counter).toMatchObject({ proposedByMe: true, status: 'proposed' });
    const accepted = await ok(
      a.client.api['date-plans'][':planId'].answer.$post({ param: { planId: counter.id }, json: { action: 'accept' } }),
    );
    expect(accepted.plans.map((p) => p.status)).toEqual(['accepted']);

    const shared = await ok(a.client.api['date-plans'][':planId'].share.$post({ param: { planId: counter.id } }));
    const token = shared.path.split('/').at(-1)!;
    const friend = server.client();
    const seen = await ok(friend.api['shared-dates'][':token'].$get({ param: { token } }));
    expect(seen).toMatchObject({ firstName: 'Bea', place: 'City Park', startsAt: later });
    expect(Object.keys(seen).sort()).toEqual(['expiresAt', 'firstName', 'photoUrl', 'place', 'startsAt']);
    await db().execute(sql`update date_shares set expires_at = now() - interval '1 minute'`);
    expect((await friend.api['shared-dates'][':token'].$get({ param: { token } })).status).toBe(404);
    expect(
      (
        await (
          await member('Stranger')
        ).client.api['date-plans'][':planId'].share.$post({
          param: { planId: counter.id },
        })
      ).status,
    ).toBe(404);
  });

  it('invites both, once, to verify an accepted date after its time has passed', async () => {
    const [a, b, conversationId] = await matched();
    const soon = new Date(Date.now() + 3_600_000).toISOString();
    const plan = await ok(
      a.client.api['date-plans'].$post({ json: { conversationId, startsAt: soon, place: 'Museum' } }),
    );
    await ok(
      b.client.api['date-plans'][':planId'].answer.$post({ param: { planId: plan.id }, json: { action: 'accept' } }),
    );
    const invitations = async (m: Member) =>
      (await ok(m.client.api.notifications.$get())).notifications.filter((n) => n.title === 'How did your date go?');
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
