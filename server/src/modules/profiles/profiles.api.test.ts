import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import type { TErrorBody } from '../../../../contracts/errors';
import { signedInMember } from '../../../test/accounts';
import { jpegWithGps, pngImage } from '../../../test/images';
import { ok, type TestClient } from '../../../test/test-client';
import { startTestServer, testDatabaseKind, type TestServer } from '../../../test/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

/** A photo upload as a browser's file input sends it. */
const upload = (client: TestClient, bytes: Buffer, name = 'photo.jpg', type = 'image/jpeg') =>
  client.api.profile.photos.$post({ form: { file: new File([new Uint8Array(bytes)], name, { type }) } });
/** The photos after an upload, which must be answered 201 Created. */
async function uploaded(call: ReturnType<typeof upload>) {
  const body = await ok(call);
  expect((await call).status).toBe(201);
  return body;
}
const errorOf = async (response: { json(): Promise<unknown> }) => ((await response.json()) as TErrorBody).error;

describe(`profiles on ${testDatabaseKind}`, () => {
  it('has no profile until the editor saves one, then stores the cleaned fields', async () => {
    const client = server.client();
    await signedInMember(client);
    expect((await client.api.profile.$get()).status).toBe(404);

    const missingName = await client.api.profile.$put({ json: { name: '  ', interests: [] } });
    expect(missingName.status).toBe(400);
    expect((await errorOf(missingName)).fields?.name).toBe('Name is required');
    const badAge = await client.api.profile.$put({ json: { name: 'Amy', age: 17, interests: [] } });
    expect((await errorOf(badAge)).message).toBe('Please enter a valid age between 18 and 120');

    // Raw on purpose: the body carries fields the member may not write, which the typed client refuses to send.
    const saved = await client.json<Record<string, unknown>>('PUT', '/api/profile', {
      name: ' Amy ',
      age: 29,
      gender: 'non-binary',
      location: '',
      bio: '   ',
      interests: [' hiking ', '', 'jazz'],
      selfieVerified: true,
      userId: 'someone-else',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      name: 'Amy',
      age: 29,
      gender: 'non-binary',
      location: null,
      bio: null,
      interests: ['hiking', 'jazz'],
    });
    expect(saved.body.selfieVerified).toBe(false); // not writable by the member
    expect(saved.body).not.toHaveProperty('latitude');
    expect(saved.body).not.toHaveProperty('longitude');
    expect((await client.api.profile.$get()).status).toBe(200);
  });

  it('re-encodes a JPEG with GPS EXIF into an image with no metadata at all', async () => {
    const client = server.client();
    await signedInMember(client);
    const original = await jpegWithGps();
    expect((await sharp(original).metadata()).exif).toBeDefined();

    const photo = (await uploaded(upload(client, original))).photos[0]!;
    for (const url of [photo.url, photo.thumbUrl]) {
      const response = await client.get(url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/webp');
      expect(response.headers.get('cache-control')).toMatch(/^private/);
      const bytes = Buffer.from(await response.arrayBuffer());
      const metadata = await sharp(bytes).metadata();
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.icc).toBeUndefined();
      expect(bytes.includes(Buffer.from('canary-exif-owner'))).toBe(false);
      expect(bytes.includes(Buffer.from('CanaryPhone'))).toBe(false);
    }
  });

  it('refuses photos to anyone without a session', async () => {
    const client = server.client();
    await signedInMember(client);
    const body = await uploaded(upload(client, await pngImage(), 'me.png', 'image/png'));
    const anonymous = server.client();
    for (const url of [body.photos[0]!.url, body.photos[0]!.thumbUrl]) {
      const response = await anonymous.get(url);
      expect(response.status).toBe(401);
      expect(response.headers.get('content-type')).toMatch(/json/);
    }
  });

  it("hides a member's photos from anyone they blocked, and from anyone who blocked them", async () => {
    const owner = server.client();
    const ownerEmail = (await signedInMember(owner)).email;
    const body = await uploaded(upload(owner, await pngImage(), 'me.png', 'image/png'));
    const url = body.photos[0]!.url;
    const blocked = server.client();
    const blockedEmail = (await signedInMember(blocked)).email;
    expect((await blocked.get(url)).status).toBe(200);

    const db = server.deps.database.db;
    await db.execute(sql`insert into blocks (blocker_id, blocked_id)
      select o.id, b.id from "user" o, "user" b where o.email = ${ownerEmail} and b.email = ${blockedEmail}`);
    expect((await blocked.get(url)).status).toBe(404);
    expect((await owner.get(url)).status).toBe(200); // the owner still sees their own photo
    await db.execute(sql`update blocks set blocker_id = blocked_id, blocked_id = blocker_id
      where blocker_id = (select id from "user" where email = ${ownerEmail})`);
    expect((await blocked.get(url)).status).toBe(404); // and the other way round
  });

  it('refuses a PHP file renamed .jpg, an 11 MB file and a 7th photo with the messages members are shown', async () => {
    const client = server.client();
    await signedInMember(client);
    const php = Buffer.from('<?php system($_GET["cmd"]); ?>\n');
    const disguised = await upload(client, php, 'avatar.jpg', 'image/jpeg');
    expect(disguised.status).toBe(415);
    expect(await errorOf(disguised)).toEqual({ code: 'INVALID_FILE_TYPE', message: 'Please upload an image file' });

    const huge = Buffer.concat([await jpegWithGps(), Buffer.alloc(11 * 1024 * 1024, 1)]);
    const tooLarge = await upload(client, huge);
    expect(tooLarge.status).toBe(413);
    expect(await errorOf(tooLarge)).toEqual({ code: 'FILE_TOO_LARGE', message: 'Maximum file size is 10MB' });

    const png = await pngImage();
    for (let i = 0; i < 6; i++) expect((await upload(client, png, `p${i}.png`, 'image/png')).status).toBe(201);
    const seventh = await upload(client, png, 'p7.png', 'image/png');
    expect(seventh.status).toBe(409);
    expect(await errorOf(seventh)).toEqual({ code: 'MAX_PHOTOS', message: 'You can only have up to 6 photos.' });
  });

  it('never lets parallel uploads pass the limit of six', async () => {
    const client = server.client();
    await signedInMember(client);
    const png = await pngImage(200, 200);
    const results = await Promise.all(
      Array.from({ length: 9 }, (_, i) => upload(client, png, `p${i}.png`, 'image/png')),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(6);
    expect(results.filter((r) => r.status === 409)).toHaveLength(3);
    const profileless = await client.api.profile.photos.order.$put({ json: { ids: [] } });
    expect(profileless.status).toBe(409); // an order must name every photo
  });

  it("sets a photo as main, removes one, and keeps members out of each other's photos", async () => {
    const client = server.client();
    await signedInMember(client);
    const png = await pngImage(200, 200);
    let ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids = (await uploaded(upload(client, png, `p${i}.png`, 'image/png'))).photos.map((p) => p.id);
    }
    const [first, second, third] = ids as [string, string, string];
    const order = (m: TestClient, ids: string[]) => m.api.profile.photos.order.$put({ json: { ids } });
    const remove = (m: TestClient, photoId: string) => m.api.profile.photos[':photoId'].$delete({ param: { photoId } });

    const reordered = await ok(order(client, [second, first, third]));
    expect(reordered.photos.map((p) => p.id)).toEqual([second, first, third]);

    const other = server.client();
    await signedInMember(other);
    expect((await remove(other, second)).status).toBe(404);
    expect((await order(other, [second, first, third])).status).toBe(409);

    const afterDelete = await ok(remove(client, second));
    expect(afterDelete.photos.map((p) => p.id)).toEqual([first, third]);
    expect((await client.api.files[':photoId'].$get({ param: { photoId: second }, query: {} })).status).toBe(404);
  });
});
