import sharp from 'sharp';
import { fileTypeFromBuffer } from 'file-type';
import { PHOTO_LIMITS, PROFILE_TEXT } from '../../../contracts/profile';
import { AppError } from '../lib/errors';

export type ProcessedImage = { large: Buffer; thumb: Buffer; width: number; height: number };

// Refuse pixel floods long before decoding: 40 megapixels covers any real phone photo.
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * Checks an upload by its bytes (never its name or declared type), then re-encodes it.
 * Re-encoding drops every piece of metadata (EXIF, GPS, XMP, ICC), fixes the orientation,
 * and leaves nothing of the original file, so a polyglot cannot survive.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  if (input.length > PHOTO_LIMITS.maxBytes) throw new AppError('FILE_TOO_LARGE', PROFILE_TEXT.fileTooLarge.description);
  const detected = await fileTypeFromBuffer(input);
  if (!detected || !(PHOTO_LIMITS.acceptedTypes as readonly string[]).includes(detected.mime)) {
    throw new AppError('INVALID_FILE_TYPE', PROFILE_TEXT.invalidFileType.description);
  }
  try {
    const source = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, animated: false, failOn: 'error' }).rotate();
    const large = await source
      .clone()
      .resize({ width: 1280, height: 1280, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    const thumb = await source
      .clone()
      .resize({ width: 360, height: 360, fit: 'cover' })
      .webp({ quality: 78 })
      .toBuffer();
    return { large: large.data, thumb, width: large.info.width, height: large.info.height };
  } catch {
    throw new AppError('INVALID_FILE_TYPE', PROFILE_TEXT.invalidFileType.description);
  }
}

/**
 * A 64-bit difference hash of a picture, as 64 '0'/'1' characters (PostgreSQL's bit(64) text):
 * the picture shrunk to 9×8 grey pixels, each bit saying whether a pixel is brighter than its
 * right-hand neighbour. The same photo uploaded again, re-encoded, resized or lightly edited,
 * differs in a few bits at most; different photos differ in about half.
 */
export async function differenceHash(image: Buffer): Promise<string> {
  const { data, info } = await sharp(image, { limitInputPixels: MAX_INPUT_PIXELS })
    .flatten({ background: '#ffffff' })
    .greyscale()
    .resize(9, 8, { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const grey = (row: number, column: number) => data[(row * 9 + column) * info.channels]!;
  let bits = '';
  for (let row = 0; row < 8; row++) {
    for (let column = 0; column < 8; column++) bits += grey(row, column) > grey(row, column + 1) ? '1' : '0';
  }
  return bits;
}

/** How many bits two difference hashes may differ in and still be the same picture. */
export const SAME_PICTURE_MAX_DISTANCE = 8;

/**
 * Whether a hash says enough to compare: a nearly flat picture (a plain colour, a blank wall)
 * has almost no bits set either way, and would match every other flat picture.
 */
export function isTelling(hash: string): boolean {
  const ones = hash.split('').filter((bit) => bit === '1').length;
  return ones >= 8 && ones <= 56;
}
