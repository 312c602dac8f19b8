import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { STORAGE_FULL_MESSAGE } from '../../contracts/errors';
import { waitForHealth } from '../test/processes';
import { TEST_DEV_KEY } from '../test/test-client';
import { createTestDatabase, freePort, testDatabaseKind } from '../test/test-server';
import { matchedPair } from './helpers';

const root = path.resolve(import.meta.dirname, '../..');
/** A private mount namespace needs root (CI and these machines run as root). */
const canMount = process.getuid?.() === 0 && spawnSync('unshare', ['-m', 'true']).status === 0;
const UPLOADS_MB = 2;

/** A photo of pure noise: it barely compresses, so a few of them fill the small disk. */
const noisePhoto = (seed: number) => {
  const pixels = Buffer.alloc(1200 * 1200 * 3);
  for (let i = 0, x = seed * 7919; i < pixels.length; i++) pixels[i] = (x = (x * 1103515245 + 12345) >>> 0) >>> 24;
  return sharp(pixels, { raw: { width: 1200, height: 1200, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
};

describe.skipIf(!canMount)(`disk full on ${testDatabaseKind}`, () => {
  it(
    'refuses an upload to a full disk with 507 and a clear message, leaving no partial file and no row',
    { timeout: 300_000 },
    async () => {
      const database = await createTestDatabase();
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const uploads = path.join(database.dataDir, 'uploads');
      fs.mkdirSync(uploads, { recursive: true });
      // The server runs in a mount namespace of its own where DATA_DIR/uploads is a 2 MB tmpfs.
      const env = {
        ...process.env,
        DATA_DIR: database.dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        BASE_URL: url,
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        RATE_LIMIT_IP_MAX: '1000',
        DEV_TOOLS_KEY: TEST_DEV_KEY,
      };
      if (database.databaseUrl) Object.assign(env, { DATABASE_URL: database.databaseUrl });
      delete (env as Record<string, string | undefined>).VITEST;
      const script = `mount -t tmpfs -o size=${UPLOADS_MB}m tmpfs "$0" && exec "$1" --import tsx server/src/index.ts`;
      const server = spawn(
        'unshare',
        ['-m', '--propagation', 'private', 'sh', '-c', script, uploads, process.execPath],
        { cwd: root, env, stdio: 'ignore' },
      );
      const filesOnDisk = () =>
        execFileSync('nsenter', ['-t', String(server.pid), '-m', '--', 'find', uploads, '-type', 'f'], {
          encoding: 'utf8',
        })
          .split('\n')
          .filter(Boolean);
      try {
        await waitForHealth(url);
        const { a } = await matchedPair(url);
        const statuses: number[] = [];
        let refusal: { status: number; body: { error: { code: string; message: string } } } | null = null;
        for (let i = 0; i < 12 && !refusal; i++) {
          const response = await a.upload('/api/profile/photos', await noisePhoto(i), `noise-${i}.jpg`, 'image/jpeg');
          statuses.push(response.status);
          if (response.status !== 201) refusal = { status: response.status, body: (await response.json()) as never };
          else await response.body?.cancel();
        }
        const stored = statuses.filter((s) => s === 201).length;
        console.log(`uploads until the ${UPLOADS_MB} MB disk was full: ${statuses.join(', ')}`);
        expect(refusal?.status).toBe(507);
        expect(refusal?.body.error).toEqual({ code: 'STORAGE_FULL', message: STORAGE_FULL_MESSAGE });

        // No row for the refused photo, and on disk exactly the stored photos' two files each.
        const { body } = await a.json<{ photos: { id: string }[] }>('GET', '/api/profile/photos');
        expect(body.photos).toHaveLength(stored);
        const files = filesOnDisk();
        expect(files.filter((f) => f.endsWith('.tmp'))).toEqual([]);
        expect(files).toHaveLength(stored * 2);

        // The server keeps serving, and once there is room again uploads succeed.
        expect((await a.get('/api/health')).status).toBe(200);
        for (const photo of body.photos)
          expect((await a.request('DELETE', `/api/profile/photos/${photo.id}`)).status).toBeLessThan(300);
        expect(filesOnDisk()).toEqual([]);
        const again = await a.upload('/api/profile/photos', await noisePhoto(99), 'again.jpg', 'image/jpeg');
        expect(again.status).toBe(201);
      } finally {
        server.kill('SIGTERM');
        await new Promise((resolve) => server.once('exit', resolve));
        await database.drop();
      }
    },
  );
});
