import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { TAdminReport } from '../../../contracts/safety';
import { profiles } from '../db/schema';
import { latestMail, mailCount, PASSWORD, signIn, uniqueEmail } from '../../test/accounts';
import { croppedCopy, patternImage, portraitImage } from '../../test/images';
import { factoryAdmin, factoryMember, type SignedInMember } from '../../test/members';
import { serverSuite } from '../../test/suite';
import { testDatabaseKind } from '../../test/test-server';
import type { TestClient } from '../../test/test-client';

/**
 * Getting away from what one did: deleting the account to erase the reports against it, coming
 * back under the same email or pictures, or keeping "Selfie verified" while swapping the photos.
 */
const suite = serverSuite();

const casesOf = async (admin: TestClient, kind: string) => {
  await suite.server.deps.jobs.runDue(); // a picture is compared by a job once its upload has answered
  return (await admin.json<{ cases: TAdminReport[] }>('GET', `/api/admin/cases?kind=${kind}&status=open`)).body.cases;
};

async function verifiedMember(admin: TestClient, photoSeed: number): Promise<SignedInMember> {
  const member = await factoryMember(suite.server, suite.passwordHash, { profile: { name: 'Vera' } });
  expect(
    (await member.client.upload('/api/profile/photos', await patternImage(photoSeed), 'me.jpg', 'image/jpeg')).status,
  ).toBe(201);
  const { body: challenge } = await member.client.json<{ id: string }>('POST', '/api/verification/selfie/challenge');
  const form = new FormData();
  form.append(
    'file',
    new Blob([new Uint8Array(await patternImage(photoSeed + 1000))], { type: 'image/jpeg' }),
    'selfie.jpg',
  );
  form.append('challengeId', challenge.id);
  expect((await member.client.request('POST', '/api/verification/selfie', form)).status).toBe(201);
  const { body: queue } = await admin.json<{ selfies: { id: string; userId: string }[] }>('GET', '/api/admin/selfies');
  const mine = queue.selfies.find((s) => s.userId === member.id)!;
  expect((await admin.json('POST', `/api/admin/selfies/${mine.id}/approve`, {})).status).toBe(200);
  return member;
}

const isVerified = async (userId: string) =>
  (
    await suite.server.deps.database.db
      .select({ v: profiles.selfieVerified })
      .from(profiles)
      .where(eq(profiles.userId, userId))
  )[0]!.v;

/** A member with one profile photo (a portrait drawn from `seed`), and their mailbox. */
async function memberWithPhoto(prefix: string, name: string, seed: number) {
  const email = uniqueEmail(prefix);
  const member = await factoryMember(suite.server, suite.passwordHash, { email, profile: { name } });
  expect(
    (await member.client.upload('/api/profile/photos', await portraitImage(seed), 'me.jpg', 'image/jpeg')).status,
  ).toBe(201);
  return { email, member };
}

/** Another account uploading a picture; the "reused photo" cases opened about it. */
async function uploadOnNewAccount(admin: TestClient, picture: Buffer) {
  const member = await factoryMember(suite.server, suite.passwordHash, { profile: { name: 'Newcomer' } });
  expect((await member.client.upload('/api/profile/photos', picture, 'me.jpg', 'image/jpeg')).status).toBe(201);
  return (await casesOf(admin, 'reused_photo')).filter((c) => c.subject.userId === member.id);
}

const signUp = (email: string) =>
  suite.server.client().json('POST', '/api/auth/sign-up/email', { email, password: PASSWORD, name: 'Someone' });

/**
 * A sign-up from a banned member's mailbox: answered as any sign-up (nobody learns who is banned),
 * but no account is made, the mailbox is told why instead of getting a confirmation link, and
 * the moderators see the attempt.
 */
async function expectRefusedSignUp(email: string) {
  const client = suite.server.client();
  expect((await signUp(email)).status, email).toBe(200);
  const made = await suite.server.deps.database.db.execute(
    sql`select 1 from "user" where email = ${email.toLowerCase()}`,
  );
  expect(made.rows, email).toHaveLength(0);
  expect(await mailCount(client, email.toLowerCase(), 'Confirm your email')).toBe(0);
  const told = await latestMail(client, email.toLowerCase(), 'Your Vouch sign-up');
  expect(told.text).toContain('cannot be used to open another one');
}

const refusedMailboxLog = (formerUserId: string) =>
  suite.server.deps.database.db.execute(
    sql`select 1 from security_logs where event_type = 'banned_mailbox_refused' and details->>'formerUserId' = ${formerUserId}`,
  );

describe(`evasion on ${testDatabaseKind}`, () => {
  it('keeps reports and their sealed evidence when the reported member deletes their account, and flags them coming back', async () => {
    const admin = await factoryAdmin(suite.server);
    const { email, member: subject } = await memberWithPhoto('evader', 'Evan', 7);
    const picture = await portraitImage(7);
    const reporter = await factoryMember(suite.server, suite.passwordHash, { profile: { name: 'Rita' } });
    await reporter.client.json('POST', '/api/likes', { targetId: subject.id });
    const match = await subject.client.json<{ conversationId: string }>('POST', '/api/likes', {
      targetId: reporter.id,
    });
    await subject.client.json('POST', `/api/conversations/${match.body.conversationId}/messages`, {
      content: 'send me money',
      clientKey: crypto.randomUUID(),
    });
    const filed = await reporter.client.json('POST', '/api/reports', {
      subjectId: subject.id,
      reason: 'scam',
      details: 'Asked for money',
      conversationId: match.body.conversationId,
      source: 'chat',
      clientKey: crypto.randomUUID(),
    });
    expect(filed.status).toBe(201);

    expect((await subject.client.json('POST', '/api/account/delete', { password: PASSWORD })).status).toBe(200);

    // The case is still in the queue, with its subject's former name and the sealed messages.
    const [kept] = (await casesOf(admin.client, 'report')).filter((c) => c.subject.userId === subject.id);
    expect(kept).toMatchObject({ subject: { name: 'Evan', deleted: true }, evidenceIntact: true });
    expect(kept!.evidence.map((m) => m.content)).toContain('send me money');
    // The reporter still sees their report.
    const mine = await reporter.client.json<{ reports: { subject: { name: string } }[] }>('GET', '/api/reports/mine');
    expect(mine.body.reports.map((r) => r.subject.name)).toContain('Evan');

    // Back under the same mailbox, written differently: flagged to the moderators.
    const [local, domain] = email.split('@');
    const again = suite.server.client();
    expect(
      (
        await again.json('POST', '/api/auth/sign-up/email', {
          email: `${local!.toUpperCase()}+new@${domain}`,
          password: PASSWORD,
          name: 'Evan Again',
        })
      ).status,
    ).toBe(200);
    const byEmail = (await casesOf(admin.client, 'returning_member')).filter(
      (c) => c.reason === 'returning_email' && c.details.includes(subject.id),
    );
    expect(byEmail).toHaveLength(1);

    // Back under another email with the same picture, cropped and recompressed: a "reused photo"
    // case, with only the print left of the deleted account's picture; a different picture is not.
    expect(await uploadOnNewAccount(admin.client, await portraitImage(8))).toHaveLength(0);
    const [reused] = await uploadOnNewAccount(admin.client, await croppedCopy(picture));
    expect(reused!.photoMatch).toMatchObject({
      matched: { userId: subject.id, name: 'Evan', standing: 'deleted' },
      matchedImageUrl: null,
    });
    expect(reused!.photoMatch!.subjectImageUrl).toMatch(/^\/api\/files\//);

    // A case about a deleted account can still be decided; banned now, their mailbox is refused.
    expect(
      (
        await admin.client.json('POST', `/api/admin/cases/${kept!.id}/decision`, {
          decision: 'ban',
          note: 'Scam confirmed',
        })
      ).status,
    ).toBe(200);
    await expectRefusedSignUp(`${local}+third@${domain}`);
    expect((await refusedMailboxLog(subject.id)).rows).toHaveLength(1);
    // And the same picture again is now a banned member's.
    const [again2] = await uploadOnNewAccount(admin.client, picture);
    expect(again2!.photoMatch!.matched.standing).toBe('banned');
  });

  it("refuses a banned member's mailbox in any spelling, logs the attempt, and flags their picture on another account", async () => {
    const admin = await factoryAdmin(suite.server);
    const { email, member: banned } = await memberWithPhoto('banned', 'Bo', 31);
    expect(
      (await admin.client.json('PUT', `/api/admin/users/${banned.id}/blocked`, { blocked: true, reason: 'Harassment' }))
        .status,
    ).toBe(200);

    const [local, domain] = email.split('@');
    // (The address itself is the banned account's own: signing up with it again opens nothing either.)
    for (const spelling of [`${local}+again@${domain}`, `${local!.toUpperCase()}+x@${domain!.toUpperCase()}`])
      await expectRefusedSignUp(spelling);
    expect((await refusedMailboxLog(banned.id)).rows).toHaveLength(2);
    // Another mailbox is welcome.
    expect((await signUp(uniqueEmail('fresh'))).status).toBe(200);

    const [reused] = await uploadOnNewAccount(admin.client, await croppedCopy(await portraitImage(31)));
    expect(reused!.photoMatch).toMatchObject({ matched: { userId: banned.id, standing: 'banned' } });
    expect(reused!.photoMatch!.matchedImageUrl).toMatch(/^\/api\/files\//);
  });

  it('takes a member whose suspension has ended for no banned member, before the sweep clears it as after', async () => {
    const admin = await factoryAdmin(suite.server);
    const { email, member } = await memberWithPhoto('suspended', 'Sid', 33);
    expect(
      (
        await admin.client.json('PUT', `/api/admin/users/${member.id}/blocked`, {
          blocked: true,
          reason: 'Cooling off',
          days: 1,
        })
      ).status,
    ).toBe(200);
    const [local, domain] = email.split('@');
    await expectRefusedSignUp(`${local}+during@${domain}`);
    // The day passes (the sweep that clears the columns has not run yet).
    await suite.server.deps.database.db.execute(
      sql`update "user" set ban_expires = now() - interval '1 minute' where id = ${member.id}`,
    );
    const after = `${local}+after@${domain}`;
    expect((await signUp(after)).status).toBe(200);
    expect(await mailCount(suite.server.client(), after, 'Confirm your email')).toBe(1);
    expect((await signIn(suite.server.client(), email, PASSWORD)).status).toBe(200);
  });

  it('lifts "Selfie verified" when the photos it vouched for are replaced, until a moderator compares again', async () => {
    const admin = await factoryAdmin(suite.server);
    const member = await verifiedMember(admin.client, 21);
    expect(await isVerified(member.id)).toBe(true);

    // Every photo deleted and a different face uploaded.
    const { body: own } = await member.client.json<{ photos: { id: string }[] }>('GET', '/api/profile');
    for (const photo of own.photos)
      expect((await member.client.request('DELETE', `/api/profile/photos/${photo.id}`)).status).toBe(200);
    expect(
      (await member.client.upload('/api/profile/photos', await patternImage(22), 'new.jpg', 'image/jpeg')).status,
    ).toBe(201);

    expect(await isVerified(member.id)).toBe(false);
    const { body: status } = await member.client.json<{ status: string }>('GET', '/api/verification/selfie');
    expect(status.status).toBe('pending');
    const { body: queue } = await admin.client.json<{
      selfies: { id: string; userId: string; photosChanged: boolean }[];
    }>('GET', '/api/admin/selfies');
    const recheck = queue.selfies.find((s) => s.userId === member.id)!;
    expect(recheck.photosChanged).toBe(true);
    expect((await admin.client.json('POST', `/api/admin/selfies/${recheck.id}/approve`, {})).status).toBe(200);
    expect(await isVerified(member.id)).toBe(true);
  });
});
