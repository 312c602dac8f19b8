import sharp from 'sharp';
import phash from 'sharp-phash';

/**
 * A photo's print: what is kept to recognise the same picture uploaded again, by another
 * account or after a ban, without keeping the picture.
 *
 * - `hash`: the 64-bit perceptual hash (DCT of the grey picture, sharp-phash) of the whole
 *   picture, as 64 '0'/'1' characters (PostgreSQL's bit(64) text). Re-encoding, resizing and
 *   recompressing move a few bits; a different picture differs in about half.
 * - `crops`: the same hash of fifteen views of the picture with a tenth cut away (at each corner,
 *   edge and the centre, and from one side only). A picture cropped by 10% is close to one of
 *   the original's views, and the original is close to one of the crop's.
 * - `colours`: the mean colour of a 4×4 grid over each of those sixteen views, in CIELAB, one byte
 *   a channel. The grey hash alone sees only shapes: it is the colours that tell apart two
 *   pictures of the same composition, such as two head-and-shoulders portraits.
 *
 * Neither can be turned back into the picture: sixteen blurred colours and 64 signs of its
 * coarsest frequencies.
 */
export type PhotoPrint = { hash: string; crops: string[]; colours: Buffer };

/** Two prints are the same picture when one pair of their views is this close in both ways. */
export const SAME_PICTURE = { maxBits: 14, maxColour: 8 } as const;

const GRID = 4;
const CHANNELS = 3;
/** Bytes of colour per view. */
export const COLOUR_BYTES = GRID * GRID * CHANNELS;

/** The views of a picture, as fractions: left, top, width, height. The whole picture first. */
const VIEWS: readonly (readonly [number, number, number, number])[] = [
  [0, 0, 1, 1],
  ...[0, 0.05, 0.1].flatMap((left) => [0, 0.05, 0.1].map((top) => [left, top, 0.9, 0.9] as const)),
  ...[0, 0.05, 0.1].map((left) => [left, 0, 0.9, 1] as const),
  ...[0, 0.05, 0.1].map((top) => [0, top, 1, 0.9] as const),
];

/** Work on a copy small enough to be quick and large enough that a tenth is many pixels. */
const WORKING_SIZE = 256;

/**
 * The print of a stored (already re-encoded) picture, or null when the picture is nearly flat (a
 * plain colour, a blank wall): such a picture says too little to compare, and would match
 * every other flat picture.
 */
export async function photoPrint(image: Buffer): Promise<PhotoPrint | null> {
  const { data, info } = await sharp(image)
    .flatten({ background: '#ffffff' })
    .resize(WORKING_SIZE, WORKING_SIZE, { fit: 'inside' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: CHANNELS } as const;
  const stats = await sharp(data, { raw }).greyscale().stats();
  if ((stats.channels[0]?.stdev ?? 0) < 6) return null;

  const hashes: string[] = [];
  const colours = Buffer.alloc(VIEWS.length * COLOUR_BYTES);
  for (const [index, [left, top, width, height]] of VIEWS.entries()) {
    const box = {
      left: Math.round(left * raw.width),
      top: Math.round(top * raw.height),
      width: Math.floor(width * raw.width),
      height: Math.floor(height * raw.height),
    };
    const view = await sharp(data, { raw }).extract(box).raw().toBuffer();
    const viewRaw = { raw: { width: box.width, height: box.height, channels: CHANNELS } } as const;
    hashes.push(await phash(view, viewRaw));
    const grid = await sharp(view, viewRaw).resize(GRID, GRID, { fit: 'fill', kernel: 'linear' }).raw().toBuffer();
    for (let cell = 0; cell < GRID * GRID; cell++) {
      const [l, a, b] = toLab(grid[cell * 3]!, grid[cell * 3 + 1]!, grid[cell * 3 + 2]!);
      colours.set([toByte(l * 2.55), toByte(a + 128), toByte(b + 128)], index * COLOUR_BYTES + cell * CHANNELS);
    }
  }
  return { hash: hashes[0]!, crops: hashes.slice(1), colours };
}

export const bitDistance = (a: string, b: string) => {
  let differing = 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) differing++;
  return differing;
};

/** The mean CIELAB distance (ΔE*ab) between two views' colour grids. */
function colourDistance(a: Buffer, aView: number, b: Buffer, bView: number): number {
  let sum = 0;
  for (let cell = 0; cell < GRID * GRID; cell++) {
    const at = (view: number) => view * COLOUR_BYTES + cell * CHANNELS;
    const [i, j] = [at(aView), at(bView)];
    sum += Math.hypot((a[i]! - b[j]!) / 2.55, a[i + 1]! - b[j + 1]!, a[i + 2]! - b[j + 2]!);
  }
  return sum / (GRID * GRID);
}

export type PrintComparison = { bits: number; colour: number };

/**
 * How close two pictures are: the closest pair of views where one side is a whole picture
 * (the newer picture whole against the older one's views, and the other way round), scored by
 * how far past the limits each measure is, so the pair nearest to matching is reported.
 */
export function comparePrints(a: PhotoPrint, b: PhotoPrint): PrintComparison {
  const views = (print: PhotoPrint) => [print.hash, ...print.crops];
  let best: PrintComparison = { bits: Infinity, colour: Infinity };
  let bestScore = Infinity;
  const consider = (aView: number, bView: number) => {
    const bits = bitDistance(views(a)[aView]!, views(b)[bView]!);
    const colour = colourDistance(a.colours, aView, b.colours, bView);
    const score = Math.max(bits / SAME_PICTURE.maxBits, colour / SAME_PICTURE.maxColour);
    if (score < bestScore) [best, bestScore] = [{ bits, colour: Math.round(colour * 10) / 10 }, score];
  };
  for (let view = 0; view < VIEWS.length; view++) {
    consider(0, view);
    if (view > 0) consider(view, 0);
  }
  return best;
}

export const isSamePicture = (found: PrintComparison) =>
  found.bits <= SAME_PICTURE.maxBits && found.colour <= SAME_PICTURE.maxColour;

const toByte = (value: number) => Math.max(0, Math.min(255, Math.round(value)));

/** sRGB (0–255) to CIELAB under D65. */
function toLab(red: number, green: number, blue: number): [number, number, number] {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const [r, g, b] = [linear(red), linear(green), linear(blue)];
  const x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
  const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}
