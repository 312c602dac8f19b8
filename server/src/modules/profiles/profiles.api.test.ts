import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { signedInMember } from '../../../test/accounts';
import { jpegWithGps, pngImage } from '../../../test/images';
import { startTestServer, testDatabaseKind, type TestServer } from '../../../test/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

type Photos = { photos: { id: string; url: string; thumbUrl: string }[] };
type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

async function uploadJson(
  client: ReturnType<TestServer['client']>,
  bytes: Buffer,
  name = 'photo.jpg',
  type = 'image/jpeg',
) {
  const response = await client.upload('/api/profile/photos', bytes, name, type);
  return { status: response.status, body: (await response.json()) as Photos & ErrorBody };
}

describe(`profiles on ${testDatabaseKind}`, () => {
  it('has no profile until the editor saves one, then stores the cleaned fields', async () => {
    const client = server.client();
    await signedInMember(client);
    expect((await client.get('/api/profile')).status).toBe(404);

    const missingName = await client.json<ErrorBody>('PUT', '/api/profile', { name: '  ', interests: [] });
    expect(missingName.status).toBe(400);
    expect(missingName.body.error.fields?.name).toBe('Name is required');
    const badAge = await client.json<ErrorBody>('PUT', '/api/profile', { name: 'Amy', age: 17, interests: [] });
    expect(badAge.body.error.message).toBe('Please enter a valid age between 18 and 120');

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
    expect((await client.get('/api/profile')).status).toBe(200);
  });

  it('re-encodes a JPEG with GPS EXIF into an image with no metadata at all', async () => {
    const client = server.client();
    await signedInMember(client);
    const original = await jpegWithGps();
    expect((await sharp(original).metadata()).exif).toBeDefined();

    const uploaded = await uploadJson(client, original);
    expect(uploaded.status).toBe(201);
    const photo = uploaded.body.photos[0]!;
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
    const { body } = await uploadJson(client, await pngImage(), 'me.png', 'image/png');
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
    const { body } = await uploadJson(owner, await pngImage(), 'me.png', 'image/png');
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
    const disguised = await uploadJson(client, php, 'avatar.jpg', 'image/jpeg');
    expect(disguised.status).toBe(415);
    expect(disguised.body.error).toEqual({ code: 'INVALID_FILE_TYPE', message: 'Please upload an image file' });

    const huge = Buffer.concat([await jpegWithGps(), Buffer.alloc(11 * 1024 * 1024, 1)]);
    const tooLarge = await uploadJson(client, huge);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.error).toEqual({ code: 'FILE_TOO_LARGE', message: 'Maximum file size is 10MB' });

    const png = await pngImage();
    for (let i = 0; i < 6; i++) expect((await uploadJson(client, png, `p${i}.png`, 'image/png')).status).toBe(201);
    const seventh = await uploadJson(client, png, 'p7.png', 'image/png');
    expect(seventh.status).toBe(409);
    expect(seventh.body.error).toEqual({ code: 'MAX_PHOTOS', message: 'You can only have up to 6 photos.' });
  });

  it('never lets parallel uploads pass the limit of six', async () => {
    const client = server.client();
    await signedInMember(client);
    const png = await pngImage(200, 200);
    const results = await Promise.all(
      Array.from({ length: 9 }, (_, i) => uploadJson(client, png, `p${i}.png`, 'image/png')),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(6);
    expect(results.filter((r) => r.status === 409)).toHaveLength(3);
    const profileless = await client.json<Photos>('PUT', '/api/profile/photos/order', { ids: [] });
    expect(profileless.status).toBe(409); // an order must name every photo
  });

  it("sets a photo as main, removes one, and keeps members out of each other's photos", async () => {
    const client = server.client();
    await signedInMember(client);
    const png = await pngImage(200, 200);
    let photos: Photos['photos'] = [];
    for (let i = 0; i < 3; i++) photos = (await uploadJson(client, png, `p${i}.png`, 'image/png')).body.photos;
    const [first, second, third] = photos.map((p) => p.id);

    const reordered = await client.json<Photos>('PUT', '/api/profile/photos/order', { ids: [second, first, third] });
    expect(reordered.body.photos.map((p) => p.id)).toEqual([second, first, third]);

    const other = server.client();
    await signedInMember(other);
    expect((await other.request('DELETE', `/api/profile/photos/${second}`)).status).toBe(404);
    expect((await other.json('PUT', '/api/profile/photos/order', { ids: [second, first, third] })).status).toBe(409);

    const afterDelete = await client.json<Photos>('DELETE', `/api/profile/photos/${second}`);
    expect(afterDelete.body.photos.map((p) => p.id)).toEqual([first, third]);
    expect((await client.get(`/api/files/${second}`)).status).toBe(404);
  });
});
