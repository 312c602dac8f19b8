import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TAdminReport } from '../../../contracts/safety';
import { profiles } from '../db/schema';
import { PASSWORD, uniqueEmail } from '../../test/accounts';
import { patternImage } from '../../test/images';
import { factoryAdmin, factoryMember, type SignedInMember } from '../../test/members';
import { serverSuite } from '../../test/suite';
import { testDatabaseKind } from '../../test/test-server';
import type { TestClient } from '../../test/test-client';

/**
 * Getting away from what one did: deleting the account to erase the reports against it, coming
 * back under the same email or face, or keeping "Selfie verified" while swapping the photos.
 */
const suite = serverSuite();

const casesOf = async (admin: TestClient, kind: string) =>
  (await admin.json<{ cases: TAdminReport[] }>('GET', `/api/admin/cases?kind=${kind}&status=open`)).body.cases;

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

/** A member with one profile photo (a pattern drawn from `seed`), and their mailbox. */
async function memberWithPhoto(prefix: string, name: string, seed: number) {
  const email = uniqueEmail(prefix);
  const member = await factoryMember(suite.server, suite.passwordHash, { email, profile: { name } });
  expect(
    (await member.client.upload('/api/profile/photos', await patternImage(seed), 'me.jpg', 'image/jpeg')).status,
  ).toBe(201);
  return { email, member };
}

describe(`evasion on ${testDatabaseKind}`, () => {
  it('keeps reports and their sealed evidence when the reported member deletes their account, and flags them coming back', async () => {
    const admin = await factoryAdmin(suite.server);
    const { email, member: subject } = await memberWithPhoto('evader', 'Evan', 7);
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

    // Back under another email with the same photo: flagged too; a different photo is not.
    const face = await factoryMember(suite.server, suite.passwordHash, { profile: { name: 'Evo' } });
    expect(
      (await face.client.upload('/api/profile/photos', await patternImage(8), 'other.jpg', 'image/jpeg')).status,
    ).toBe(201);
    expect((await casesOf(admin.client, 'returning_member')).filter((c) => c.subject.userId === face.id)).toHaveLength(
      0,
    );
    expect(
      (await face.client.upload('/api/profile/photos', await patternImage(7), 'same.jpg', 'image/jpeg')).status,
    ).toBe(201);
    const byPhoto = (await casesOf(admin.client, 'returning_member')).filter((c) => c.subject.userId === face.id);
    expect(byPhoto.map((c) => c.reason)).toEqual(['returning_photo']);

    // A case about a deleted account can still be decided.
    expect(
      (
        await admin.client.json('POST', `/api/admin/cases/${kept!.id}/decision`, {
          decision: 'ban',
          note: 'Scam confirmed',
        })
      ).status,
    ).toBe(200);
  });

  it('flags a banned member opening another account, by another spelling of their mailbox or by their photo', async () => {
    const admin = await factoryAdmin(suite.server);
    const { email, member: banned } = await memberWithPhoto('banned', 'Bo', 31);
    expect(
      (await admin.client.json('PUT', `/api/admin/users/${banned.id}/blocked`, { blocked: true, reason: 'Harassment' }))
        .status,
    ).toBe(200);

    const [local, domain] = email.split('@');
    const signUp = await suite.server.client().json('POST', '/api/auth/sign-up/email', {
      email: `${local}+again@${domain}`,
      password: PASSWORD,
      name: 'Bo Two',
    });
    expect(signUp.status).toBe(200);
    expect(
      (await casesOf(admin.client, 'returning_member')).filter(
        (c) => c.reason === 'returning_email' && c.details.includes(banned.id),
      ),
    ).toHaveLength(1);

    const other = await factoryMember(suite.server, suite.passwordHash, { profile: { name: 'Bea' } });
    expect(
      (await other.client.upload('/api/profile/photos', await patternImage(31), 'same.jpg', 'image/jpeg')).status,
    ).toBe(201);
    const flagged = (await casesOf(admin.client, 'returning_member')).filter((c) => c.subject.userId === other.id);
    expect(flagged.map((c) => c.reason)).toEqual(['returning_photo']);
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
