import sharp from 'sharp';
import { fileTypeFromBuffer } from 'file-type';
import { PHOTO_LIMITS, PHOTO_MAX_MEGAPIXELS, PROFILE_TEXT } from '../../../contracts/profile';
import { AppError } from '../lib/errors';

export type ProcessedImage = { large: Buffer; thumb: Buffer; width: number; height: number };

const MAX_INPUT_PIXELS = PHOTO_MAX_MEGAPIXELS * 1_000_000;

/**
 * Checks an upload by its bytes (never its name or declared type), then re-encodes it.
 * Re-encoding drops every piece of metadata (EXIF, GPS, XMP, ICC), fixes the orientation,
 * and leaves nothing of the original file, so a polyglot cannot survive.
 *
 * What a decode will cost is known from the header: a photo over the pixel limit is refused
 * before any pixel is decoded (a 40-megapixel JPEG cost seconds of CPU). The picture is then
 * decoded once; the thumbnail is made from the large copy.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  if (input.length > PHOTO_LIMITS.maxBytes) throw new AppError('FILE_TOO_LARGE', PROFILE_TEXT.fileTooLarge.description);
  const detected = await fileTypeFromBuffer(input);
  if (!detected || !(PHOTO_LIMITS.acceptedTypes as readonly string[]).includes(detected.mime)) {
    throw new AppError('INVALID_FILE_TYPE', PROFILE_TEXT.invalidFileType.description);
  }
  const header = await sharp(input)
    .metadata()
    .catch(() => null);
  if (!header?.width || !header.height)
    throw new AppError('INVALID_FILE_TYPE', PROFILE_TEXT.invalidFileType.description);
  if (header.width * header.height > MAX_INPUT_PIXELS)
    throw new AppError('FILE_TOO_LARGE', PROFILE_TEXT.tooManyPixels.description);
  try {
    const large = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, animated: false, failOn: 'error' })
      .rotate()
      .resize({ width: 1280, height: 1280, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    const thumb = await sharp(large.data)
      .resize({ width: 360, height: 360, fit: 'cover' })
      .webp({ quality: 78 })
      .toBuffer();
    return { large: large.data, thumb, width: large.info.width, height: large.info.height };
  } catch {
    throw new AppError('INVALID_FILE_TYPE', PROFILE_TEXT.invalidFileType.description);
  }
}
