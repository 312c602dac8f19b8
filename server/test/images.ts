import sharp from 'sharp';
import { prng } from '../src/lib/random';
import { drawPortrait } from '../src/modules/seed/portraits';

/** A JPEG photo drawn here, carrying camera and GPS EXIF like a phone picture. */
export function jpegWithGps(width = 800, height = 600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 90, b: 120 } } })
    .withExif({
      IFD0: { Make: 'CanaryPhone', Model: 'Canary 1', Copyright: 'canary-exif-owner' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 2400/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 21/1 300/100',
      },
    })
    .jpeg({ quality: 90 })
    .toBuffer();
}

export function pngImage(width = 400, height = 400): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 30, g: 120, b: 200, alpha: 1 } } })
    .png()
    .toBuffer();
}

/**
 * A picture with structure (a grid of blocks of random brightness from a seed), as different from
 * another seed's as two photos are: flat test images all look alike to a perceptual hash.
 */
export function patternImage(seed: number, size = 400): Promise<Buffer> {
  let state = seed * 2654435761 + 1;
  const next = () => ((state = (state * 1103515245 + 12345) >>> 0) >>> 16) & 0xff;
  const blocks = 12;
  const raw = Buffer.alloc(blocks * blocks * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = next();
  return sharp(raw, { raw: { width: blocks, height: blocks, channels: 3 } })
    .resize(size, size, { kernel: 'nearest' })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** A portrait drawn by the seed's generator: as different from another seed's as two photos of two people. */
export async function portraitImage(seed: number): Promise<Buffer> {
  const random = prng(seed * 7919 + 13);
  return drawPortrait(random, random() < 0.5);
}

/** A picture as someone reposting it would change it: cropped by a tenth, shrunk and recompressed. */
export async function croppedCopy(image: Buffer): Promise<Buffer> {
  const { width, height } = await sharp(image).metadata();
  const [w, h] = [Math.round(width * 0.9), Math.round(height * 0.9)];
  return sharp(image)
    .extract({ left: Math.round((width - w) / 3), top: height - h, width: w, height: h })
    .resize(Math.round(w / 2))
    .jpeg({ quality: 40 })
    .toBuffer();
}

/** A copy mirrored left to right, as a selfie camera or an editor's "flip" makes it. */
export const mirroredCopy = (image: Buffer) => sharp(image).flop().jpeg({ quality: 85 }).toBuffer();

/**
 * A phone screenshot of the picture shown full width: the picture on a tall black screen, under
 * a status bar (with its clock and battery) and above a navigation bar.
 */
export async function screenshotCopy(image: Buffer): Promise<Buffer> {
  const width = 720;
  const height = Math.round((width * 19.5) / 9);
  const picture = await sharp(image).resize(width).toBuffer({ resolveWithObject: true });
  const [statusBar, navigationBar] = [Math.round(height * 0.035), Math.round(height * 0.045)];
  const top = Math.round((height - picture.info.height) / 2);
  const chrome = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="${width}" height="${statusBar}" fill="#1c1c1e"/>
    <g fill="#ffffff"><rect x="28" y="${statusBar * 0.3}" width="54" height="${statusBar * 0.4}" rx="4"/>
      <rect x="${width - 110}" y="${statusBar * 0.3}" width="26" height="${statusBar * 0.4}" rx="3"/>
      <rect x="${width - 70}" y="${statusBar * 0.3}" width="44" height="${statusBar * 0.4}" rx="6"/></g>
    <rect y="${height - navigationBar}" width="${width}" height="${navigationBar}" fill="#26262a"/>
    <rect x="${width / 2 - 70}" y="${height - navigationBar / 2 - 3}" width="140" height="6" rx="3" fill="#d4d4d8"/>
  </svg>`;
  return sharp({ create: { width, height, channels: 3, background: '#000000' } })
    .composite([
      { input: picture.data, top, left: 0 },
      { input: Buffer.from(chrome), top: 0, left: 0 },
    ])
    .png()
    .toBuffer();
}
