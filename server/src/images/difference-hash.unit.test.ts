import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { patternImage } from '../../test/images';
import { canonicalEmail } from '../modules/safety/returning';
import { differenceHash, isTelling, SAME_PICTURE_MAX_DISTANCE } from './process-image';

const distance = (a: string, b: string) => a.split('').filter((bit, i) => bit !== b[i]).length;

describe('recognising a returning member', () => {
  it('finds the same picture re-encoded, resized or lightly brightened, and tells different pictures apart', async () => {
    const original = await patternImage(5, 600);
    const hash = await differenceHash(original);
    expect(hash).toMatch(/^[01]{64}$/);
    expect(isTelling(hash)).toBe(true);
    const variants = [
      await sharp(original).webp({ quality: 60 }).toBuffer(),
      await sharp(original).resize(240, 240).jpeg({ quality: 50 }).toBuffer(),
      await sharp(original).modulate({ brightness: 1.08 }).png().toBuffer(),
    ];
    for (const variant of variants)
      expect(distance(hash, await differenceHash(variant))).toBeLessThanOrEqual(SAME_PICTURE_MAX_DISTANCE);
    for (let seed = 6; seed < 26; seed++)
      expect(distance(hash, await differenceHash(await patternImage(seed, 600)))).toBeGreaterThan(
        SAME_PICTURE_MAX_DISTANCE,
      );
  });

  it('does not compare a plain picture, which every other plain picture would match', async () => {
    const plain = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    expect(isTelling(await differenceHash(plain))).toBe(false);
  });

  it('reads the usual spellings of one mailbox as one', () => {
    expect(canonicalEmail(' Ann.Lee+dating@Gmail.com ')).toBe('annlee@gmail.com');
    expect(canonicalEmail('ann.lee@googlemail.com')).toBe('annlee@gmail.com');
    expect(canonicalEmail('Ann.Lee+x@example.com')).toBe('ann.lee@example.com');
  });
});
