import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PASSWORD } from '../../test/accounts';
import { croppedCopy, mirroredCopy, portraitImage, screenshotCopy } from '../../test/images';
import { factoryAdmin, factoryMember } from '../../test/members';
import { serverSuite } from '../../test/suite';
import { testDatabaseKind } from '../../test/test-server';
import { ok, type TestClient } from '../../test/test-client';

/**
 * A catfish wearing someone else's pictures: the same picture on two accounts opens a "reused
 * photo" case with both pictures, whichever way it is sent (photo or selfie), changed as a
 * reposter changes it, or sent many times at once; a picture its owner deleted is forgotten.
 */
const suite = serverSuite();

/** The "reused photo" cases about a member: the open ones, or all of them. */
const reusedCases = async (admin: TestClient, subjectId: string, which: 'open' | 'all' = 'open') => {
  await suite.server.deps.jobs.runDue(); // the comparison runs as a job once the upload has answered
  const status = which === 'open' ? which : undefined;
  const { cases } = await ok(admin.api.admin.cases.$get({ query: { kind: 'reused_photo', status } }));
  return cases.filter((c) => c.subject.userId === subjectId);
};

async function memberWith(picture?: Buffer, name = 'Member') {
  const member = await factoryMember(suite.server, suite.passwordHash, { profile: { name } });
  if (picture)
    expect((await member.client.upload('/api/profile/photos', picture, 'me.jpg', 'image/jpeg')).status).toBe(201);
  return member;
}

const printsOf = async (userId: string) =>
  (
    await suite.server.deps.database.db.execute(
      sql`select kept_because from image_prints where uploaded_by = ${userId}`,
    )
  ).rows;

describe(`reused photos on ${testDatabaseKind}`, () => {
  it("shows the moderator both accounts and both pictures when one member's photo appears on another account", async () => {
    const admin = await factoryAdmin(suite.server);
    const original = await portraitImage(101);
    const owner = await memberWith(original);
    const copier = await memberWith(await croppedCopy(original));
    const bystander = await memberWith(await portraitImage(102));

    const [reused] = await reusedCases(admin.client, copier.id);
    expect(reused).toMatchObject({ kind: 'reused_photo', reporter: null });
    expect(reused!.photoMatch!.matched).toMatchObject({ userId: owner.id, standing: 'active' });
    expect(reused!.photoMatch!.closeness.bits).toBeLessThanOrEqual(14);
    // Both pictures are there for the moderator to compare, and only for them.
    for (const url of [reused!.photoMatch!.subjectImageUrl!, reused!.photoMatch!.matchedImageUrl!]) {
      const seen = await admin.client.request('GET', url);
      expect(seen.status, url).toBe(200);
      expect(seen.headers.get('content-type')).toMatch(/^image\//);
    }
    expect((await copier.client.request('GET', '/api/admin/cases?kind=reused_photo')).status).toBe(403);
    // A different picture opens nothing, and the owner is not the subject of a case.
    expect(await reusedCases(admin.client, bystander.id)).toHaveLength(0);
    expect(await reusedCases(admin.client, owner.id)).toHaveLength(0);
    // The security log records that the case was opened.
    const logged = await suite.server.deps.database.db.execute(
      sql`select 1 from security_logs where event_type = 'reused_photo_flagged' and details->>'subjectId' = ${copier.id}`,
    );
    expect(logged.rows).toHaveLength(1);
  });

  it('opens one case for the same picture sent many times at once', async () => {
    const admin = await factoryAdmin(suite.server);
    const original = await portraitImage(111);
    const owner = await memberWith(original);
    const copier = await memberWith();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => copier.client.upload('/api/profile/photos', original, 'me.jpg', 'image/jpeg')),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(201));
    const cases = await reusedCases(admin.client, copier.id);
    expect(cases).toHaveLength(1);
    expect(cases[0]!.photoMatch!.matched.userId).toBe(owner.id);
  });

  it("finds another member's photo sent as a selfie", async () => {
    const admin = await factoryAdmin(suite.server);
    const original = await portraitImage(121);
    const owner = await memberWith(original);
    const impostor = await memberWith();
    const { body: challenge } = await impostor.client.json<{ id: string }>(
      'POST',
      '/api/verification/selfie/challenge',
    );
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(original)], { type: 'image/jpeg' }), 'selfie.jpg');
    form.append('challengeId', challenge.id);
    expect((await impostor.client.request('POST', '/api/verification/selfie', form)).status).toBe(201);

    const [reused] = await reusedCases(admin.client, impostor.id);
    expect(reused!.details).toMatch(/^A selfie matches/);
    expect(reused!.photoMatch!.subjectImageUrl).toMatch(/^\/api\/verification\/selfies\/.+\/image$/);
    expect(reused!.photoMatch!.matched.userId).toBe(owner.id);
    expect((await admin.client.request('GET', reused!.photoMatch!.subjectImageUrl!)).status).toBe(200);
  });

  it('forgets a picture its owner deleted, and an account deleted in good standing; keeps one an administrator removed', async () => {
    const admin = await factoryAdmin(suite.server);

    // Deleted by its owner: the print goes with it, and the same picture elsewhere is no match.
    const deletedPicture = await portraitImage(131);
    const tidy = await memberWith(deletedPicture);
    const { body: own } = await tidy.client.json<{ photos: { id: string }[] }>('GET', '/api/profile');
    expect((await tidy.client.request('DELETE', `/api/profile/photos/${own.photos[0]!.id}`)).status).toBe(200);
    expect(await printsOf(tidy.id)).toHaveLength(0);
    expect(await reusedCases(admin.client, (await memberWith(deletedPicture)).id)).toHaveLength(0);

    // An account deleted with no ban and no case: nothing of it stays.
    const leaverPicture = await portraitImage(132);
    const leaver = await memberWith(leaverPicture);
    expect((await leaver.client.json('POST', '/api/account/delete', { password: PASSWORD })).status).toBe(200);
    expect(await printsOf(leaver.id)).toHaveLength(0);
    expect(await reusedCases(admin.client, (await memberWith(leaverPicture)).id)).toHaveLength(0);

    // Removed by an administrator: the print stays, and the picture coming back is a case.
    const removedPicture = await portraitImage(133);
    const offender = await memberWith(removedPicture);
    expect((await admin.client.json('DELETE', `/api/admin/users/${offender.id}/photos`)).status).toBe(200);
    expect(await printsOf(offender.id)).toEqual([{ kept_because: 'removed' }]);
    const [reused] = await reusedCases(admin.client, (await memberWith(removedPicture)).id);
    expect(reused!.photoMatch).toMatchObject({ matched: { userId: offender.id }, matchedImageUrl: null });
    expect(reused!.details).toContain('a photo an administrator removed');
  });

  it("finds a banned member's photo back on a new account, mirrored, as a phone screenshot or on its side", async () => {
    const admin = await factoryAdmin(suite.server);
    const picture = await portraitImage(141);
    const banned = await memberWith(picture, 'Bruno');
    await ok(
      admin.client.api.admin.users[':userId'].blocked.$put({
        param: { userId: banned.id },
        json: { blocked: true, reason: 'Catfish' },
      }),
    );

    const onItsSide = await sharp(picture).rotate(90).jpeg({ quality: 85 }).toBuffer();
    for (const copy of [await mirroredCopy(picture), await screenshotCopy(picture), onItsSide]) {
      const newcomer = await memberWith(copy, 'Newcomer');
      const [reused] = await reusedCases(admin.client, newcomer.id);
      expect(reused?.photoMatch?.matched).toMatchObject({ userId: banned.id, name: 'Bruno', standing: 'banned' });
      expect(reused!.details).toContain('a banned account');
    }
  });

  it("names who had a picture first, and never takes its owner's own picture back for a banned member's return", async () => {
    const admin = await factoryAdmin(suite.server);
    const picture = await portraitImage(151);
    const owner = await memberWith(picture, 'Olive');
    const copycat = await memberWith(picture, 'Cato');

    const [copied] = await reusedCases(admin.client, copycat.id);
    expect(copied?.photoMatch?.firstSeen).toMatchObject({ userId: owner.id, name: 'Olive' });
    const firstUploaded = copied!.photoMatch!.firstSeen.uploadedAt;
    expect(firstUploaded).not.toBeNull();
    // The moderator bans the copycat on that case.
    await ok(
      admin.client.api.admin.cases[':caseId'].decision.$post({
        param: { caseId: copied!.id },
        json: { decision: 'ban', note: 'Took her photo' },
      }),
    );

    // The owner uploads her picture again beside the first, then deletes both and uploads it once
    // more: the banned copycat had it, but after her, so no case is about her.
    expect((await owner.client.upload('/api/profile/photos', picture, 'again.jpg', 'image/jpeg')).status).toBe(201);
    expect(await reusedCases(admin.client, owner.id, 'all')).toEqual([]);
    const { photos } = await ok(owner.client.api.profile.$get());
    for (const photo of photos)
      await ok(owner.client.api.profile.photos[':photoId'].$delete({ param: { photoId: photo.id } }));
    expect((await owner.client.upload('/api/profile/photos', picture, 'back.jpg', 'image/jpeg')).status).toBe(201);
    expect(await reusedCases(admin.client, owner.id, 'all')).toEqual([]);

    // The copycat's case still names her first, with the time of her first upload.
    const [decided] = await reusedCases(admin.client, copycat.id, 'all');
    expect(decided!.photoMatch!.firstSeen).toEqual({ userId: owner.id, name: 'Olive', uploadedAt: firstUploaded });
    // Someone else with the picture now matches the banned copycat's copy, and is told it was hers first.
    const third = await memberWith(await mirroredCopy(picture), 'Newcomer');
    const [reused] = await reusedCases(admin.client, third.id);
    expect(reused!.photoMatch).toMatchObject({
      matched: { userId: copycat.id, standing: 'banned' },
      firstSeen: { userId: owner.id, name: 'Olive', uploadedAt: firstUploaded },
    });
  });
});
