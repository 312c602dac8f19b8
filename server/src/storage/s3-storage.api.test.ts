import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import S3rver from 's3rver';
import sharp from 'sharp';
import { signedInMember } from '../../test/accounts';
import { pngImage } from '../../test/images';
import { freePort, startTestServer, type TestServer } from '../../test/test-server';

/** Every file under a folder, relative to it. */
const filesUnder = (dir: string): string[] =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => path.join(e.parentPath, e.name))
    : [];

describe('photos on S3-compatible storage', () => {
  const s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vouch-s3-'));
  let s3: S3rver;
  let server: TestServer;

  beforeAll(async () => {
    const port = await freePort();
    s3 = new S3rver({
      port,
      address: '127.0.0.1',
      directory: s3Dir,
      silent: true,
      configureBuckets: [{ name: 'vouch-photos' }],
    });
    await s3.run();
    server = await startTestServer({
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: 'vouch-photos',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    });
  });
  afterAll(async () => {
    await server?.stop();
    await s3?.close();
    fs.rmSync(s3Dir, { recursive: true, force: true });
  });

  it('stores re-encoded photos in the bucket, serves them to members, and deletes them', async () => {
    const client = server.client();
    await signedInMember(client);
    const upload = await client.upload('/api/profile/photos', await pngImage(), 'me.png', 'image/png');
    expect(upload.status).toBe(201);
    const { photos } = (await upload.json()) as { photos: { id: string; url: string }[] };

    expect(filesUnder(path.join(server.deps.env.DATA_DIR, 'uploads'))).toEqual([]);
    const stored = filesUnder(s3Dir).filter((file) => file.includes(photos[0]!.id));
    expect(stored.length).toBeGreaterThan(0);

    const served = await client.get(photos[0]!.url);
    expect(served.status).toBe(200);
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).format).toBe('webp');

    expect((await client.request('DELETE', `/api/profile/photos/${photos[0]!.id}`)).status).toBe(200);
    expect(
      filesUnder(s3Dir).filter((file) => file.includes(photos[0]!.id) && !file.endsWith('._S3rver_metadata.json')),
    ).toEqual([]);
  });

  it('refuses half an S3 configuration', async () => {
    const { parseEnv } = await import('../env');
    expect(() => parseEnv({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/S3 storage needs/);
  });
});
