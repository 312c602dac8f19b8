import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { prng } from '../lib/random';
import { drawPortrait } from '../modules/seed/portraits';
import { comparePrints, isSamePicture, photoPrint, SAME_PICTURE, type PhotoPrint } from './photo-print';
import { processImage } from './process-image';

/** A picture as the server stores it: drawn by the seed's generator, then re-encoded on upload. */
const storedPortrait = async (seed: number) => {
  const random = prng(seed * 7919 + 13);
  return (await processImage(await drawPortrait(random, random() < 0.5))).large;
};

const printOf = async (image: Buffer): Promise<PhotoPrint> => {
  const print = await photoPrint(image);
  if (!print) throw new Error('a portrait was taken for a flat picture');
  return print;
};

/** The ways a picture is changed before it is uploaded again. */
async function variants(image: Buffer): Promise<Record<string, Buffer>> {
  const { width, height } = await sharp(image).metadata();
  const [w, h] = [Math.round(width * 0.9), Math.round(height * 0.9)];
  const crop = (left: number, top: number, cropWidth = w, cropHeight = h) =>
    sharp(image).extract({ left, top, width: cropWidth, height: cropHeight }).jpeg({ quality: 85 }).toBuffer();
  return {
    're-encoded': await sharp(image).png().toBuffer(),
    'resized to a third': await sharp(image)
      .resize(Math.round(width / 3))
      .jpeg({ quality: 80 })
      .toBuffer(),
    'recompressed (JPEG quality 20)': await sharp(image).jpeg({ quality: 20 }).toBuffer(),
    'cropped by 10% around the centre': await crop(Math.round((width - w) / 2), Math.round((height - h) / 2)),
    'cropped by 10% at a corner': await crop(width - w, 0),
    'cropped by 10% on one side': await crop(0, 0, w, height),
    'cropped by 10% off the grid': await crop(Math.round((width - w) * 0.3), Math.round((height - h) * 0.7)),
  };
}

describe('recognising a picture uploaded again', () => {
  it(`finds a picture re-encoded, resized, recompressed or cropped by 10%, and matches none of 200 different portraits (limits: ${SAME_PICTURE.maxBits} bits and ΔE ${SAME_PICTURE.maxColour})`, async () => {
    const prints: PhotoPrint[] = [];
    for (let seed = 0; seed < 200; seed++) prints.push(await printOf(await storedPortrait(seed)));

    let closestDifferent = { bits: 64, colour: Infinity, score: Infinity };
    for (let i = 0; i < prints.length; i++) {
      for (let j = i + 1; j < prints.length; j++) {
        const found = comparePrints(prints[i]!, prints[j]!);
        expect(isSamePicture(found), `portraits ${i} and ${j}: ${JSON.stringify(found)}`).toBe(false);
        const score = Math.max(found.bits / SAME_PICTURE.maxBits, found.colour / SAME_PICTURE.maxColour);
        if (score < closestDifferent.score) closestDifferent = { ...found, score };
      }
    }

    const farthestSame: Record<string, { bits: number; colour: number }> = {};
    for (let seed = 0; seed < 12; seed++) {
      for (const [change, image] of Object.entries(await variants(await storedPortrait(seed)))) {
        const found = comparePrints(await printOf(image), prints[seed]!);
        expect(isSamePicture(found), `portrait ${seed} ${change}: ${JSON.stringify(found)}`).toBe(true);
        const worst = farthestSame[change];
        farthestSame[change] = {
          bits: Math.max(worst?.bits ?? 0, found.bits),
          colour: Math.max(worst?.colour ?? 0, found.colour),
        };
      }
    }
    // The measurements behind the limits (docs/decisions/017-reused-photos.md).
    console.info('closest different portraits:', closestDifferent);
    console.info('farthest same picture, by change:', farthestSame);
  }, 120_000);

  it('does not print a nearly flat picture, which every other flat picture would match', async () => {
    const plain = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    expect(await photoPrint(plain)).toBeNull();
  });
});
