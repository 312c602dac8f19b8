import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { prng } from '../lib/random';
import { drawPortrait } from '../modules/seed/portraits';
import { comparePrints, isSamePicture, matchScore, SAME_PICTURE } from './compare-prints';
import { photoPrint, type PhotoPrint } from './photo-print';
import { processImage } from './process-image';
import { mirroredCopy, screenshotCopy } from '../../test/images';

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

/** The ways a picture is changed before it is uploaded again; `seed` varies the side or direction. */
async function variants(image: Buffer, seed: number): Promise<Record<string, Buffer>> {
  const { width, height } = await sharp(image).metadata();
  const [w, h] = [Math.round(width * 0.9), Math.round(height * 0.9)];
  const jpeg = (picture: ReturnType<typeof sharp>) => picture.jpeg({ quality: 85 }).toBuffer();
  const crop = (left: number, top: number, cropWidth = w, cropHeight = h) =>
    jpeg(sharp(image).extract({ left, top, width: cropWidth, height: cropHeight }));
  const frame = Math.round(width * 0.15);
  const letterboxed = Math.round((width * 16) / 9);
  const [cutWidth, cutHeight] = [Math.round(width * 0.8), Math.round(height * 0.8)];
  const oneSide = [
    { left: 0, top: 0, width: cutWidth, height },
    { left: width - cutWidth, top: 0, width: cutWidth, height },
    { left: 0, top: 0, width, height: cutHeight },
    { left: 0, top: height - cutHeight, width, height: cutHeight },
  ][seed % 4]!;
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
    mirrored: await mirroredCopy(image),
    greyscale: await jpeg(sharp(image).greyscale()),
    'warm tint': await jpeg(
      sharp(image).recomb([
        [1.12, 0.04, 0],
        [0.02, 1.02, 0],
        [0, 0, 0.82],
      ]),
    ),
    'brightness +15%': await jpeg(sharp(image).modulate({ brightness: 1.15 })),
    'hue turned 60°': await jpeg(sharp(image).modulate({ hue: 60 })),
    'in a 15% frame': await jpeg(
      sharp(image).extend({ top: frame, bottom: frame, left: frame, right: frame, background: '#f4efe6' }),
    ),
    'screenshot (status and navigation bars)': await screenshotCopy(image),
    'letterboxed to 9:16 (bars top and bottom)': await jpeg(
      sharp(image).resize(width, letterboxed, { fit: 'contain', background: '#000000' }),
    ),
    'letterboxed to a square (bars left and right)': await jpeg(
      sharp(image).resize(height, height, { fit: 'contain', background: '#000000' }),
    ),
    'turned 6° (corners filled)': await jpeg(sharp(image).rotate(seed % 2 ? 6 : -6, { background: '#ffffff' })),
    'cropped by 20% from one side': await jpeg(sharp(image).extract(oneSide)),
    'turned a quarter (90° or 270°)': await jpeg(sharp(image).rotate(seed % 2 ? 90 : 270)),
    'upside down (180°)': await jpeg(sharp(image).rotate(180)),
    'turned a quarter and mirrored': await jpeg(
      sharp(image)
        .rotate(seed % 2 ? 270 : 90)
        .flop(),
    ),
  };
}

describe('recognising a picture uploaded again', () => {
  it(`finds a picture re-encoded, resized, recompressed, cropped, mirrored, recoloured, framed, screenshotted, letterboxed, turned a little or a quarter round, and matches none of 200 different portraits (limits: ${SAME_PICTURE.shapeBits} bits and grey pattern ${SAME_PICTURE.maxShape}, or ${SAME_PICTURE.maxBits} bits and ΔE ${SAME_PICTURE.maxColour})`, async () => {
    const prints: PhotoPrint[] = [];
    for (let seed = 0; seed < 200; seed++) prints.push(await printOf(await storedPortrait(seed)));

    let closestDifferent = { score: Infinity };
    for (let i = 0; i < prints.length; i++) {
      for (let j = 0; j < prints.length; j++) {
        if (i === j) continue; // both ways round: the newer print's side is the one mirrored
        const found = comparePrints(prints[i]!, prints[j]!);
        expect(isSamePicture(found), `portraits ${i} and ${j}: ${JSON.stringify(found)}`).toBe(false);
        if (matchScore(found) < closestDifferent.score) closestDifferent = { ...found, score: matchScore(found) };
      }
    }

    const farthestSame: Record<string, { found: number; bits: number; colour: number; shape: number; score: number }> =
      {};
    const missed: string[] = [];
    for (let seed = 0; seed < 12; seed++) {
      for (const [change, image] of Object.entries(await variants(await storedPortrait(seed), seed))) {
        // Compared as the server stores the upload: re-encoded first.
        const found = comparePrints(await printOf((await processImage(image)).large), prints[seed]!);
        if (!isSamePicture(found)) missed.push(`portrait ${seed} ${change}: ${JSON.stringify(found)}`);
        const worst = farthestSame[change] ?? { found: 0, bits: 0, colour: 0, shape: 0, score: 0 };
        farthestSame[change] = {
          found: worst.found + (isSamePicture(found) ? 1 : 0),
          bits: Math.max(worst.bits, found.bits),
          colour: Math.max(worst.colour, found.colour),
          shape: Math.max(worst.shape, found.shape),
          score: Math.max(worst.score, Math.round(matchScore(found) * 100) / 100),
        };
      }
    }
    // The measurements behind the limits (docs/decisions/017-reused-photos-and-banned-mailboxes.md).
    console.info('closest different portraits:', closestDifferent);
    console.table(farthestSame);
    expect(missed).toEqual([]);
  }, 300_000);

  it('does not print a nearly flat picture, which every other flat picture would match', async () => {
    const plain = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    expect(await photoPrint(plain)).toBeNull();
  });
});
