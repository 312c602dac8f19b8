import sharp from 'sharp';
import phash from 'sharp-phash';
import { describe, expect, it } from 'vitest';
import { portraitImage } from '../../test/images';
import { viewHashes } from './perceptual-hash';

/** How many of two bit strings' places differ. */
const differing = (a: string, b: string) => {
  let count = 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) count++;
  return count;
};

describe('the perceptual hash of a view', () => {
  it("is sharp-phash's bit for bit, and its mirror is the mirrored picture's within a bit or two", async () => {
    for (const seed of [1, 2, 3]) {
      const { data, info } = await sharp(await portraitImage(seed))
        .resize(192)
        .raw()
        .toBuffer({ resolveWithObject: true });
      const raw = { width: info.width, height: info.height, channels: 3 } as const;
      const mine = await viewHashes(data, raw);
      expect(mine.hash).toBe(await phash(data, { raw }));
      const flopped = await sharp(data, { raw }).flop().raw().toBuffer();
      expect(differing(mine.mirrored, await phash(flopped, { raw }))).toBeLessThanOrEqual(2);
      expect(mine.grey).toHaveLength(64);
    }
  });
});
