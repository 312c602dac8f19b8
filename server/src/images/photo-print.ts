import sharp from 'sharp';
import { contentBox } from './picture-borders';
import { viewHashes } from './perceptual-hash';
import { colourGrid } from './print-grids';

/**
 * A photo's print: what is kept to recognise the same picture uploaded again, by another
 * account or after a ban, without keeping the picture. It is taken of the picture inside any bars
 * or frame (picture-borders.ts), in 26 views: the whole, fifteen with a tenth cut away (at each
 * corner, edge and the centre, and from one side only), four with a fifth cut from one side, the
 * picture turned 6° each way (the upright rectangle inside it), the upright rectangle inside
 * the picture if it is itself a picture turned 6° with its corners filled, and the whole turned
 * a quarter, a half and three quarters round. For each view:
 *
 * - the 64-bit perceptual hash of sharp-phash (the DCT of the grey picture), and the hash of the
 *   view mirrored. Re-encoding, resizing and recompressing move a few bits; a different picture
 *   differs in about half, but two portraits of one composition can be 5 bits apart;
 * - the mean grey of an 8×8 grid: its pattern of light and dark (normalised, so brightness,
 *   contrast, a tint, a hue or greyscale do not change it) tells two such portraits apart;
 * - the mean CIELAB colour of a 4×4 grid, which tells them apart too while the colours are kept.
 *
 * Stored in image_prints' columns: `hash` is the whole picture's hash; `crops` the hashes of the
 * other views, then the mirrored hashes of all views; `colours` the colour grids, then the grey
 * grids. None of it can be turned back into the picture: a blur of 64 greys, 16 colours and 64
 * signs of its coarsest frequencies per view.
 */
export type PhotoPrint = { hash: string; crops: string[]; colours: Buffer };

/** How far a reposted copy is turned, at most, for the turned views to find it. */
const TURN_DEGREES = 6;

type Fractions = readonly [left: number, top: number, width: number, height: number];
const UPRIGHT: readonly Fractions[] = [
  [0, 0, 1, 1],
  ...[0, 0.05, 0.1].flatMap((left) => [0, 0.05, 0.1].map((top) => [left, top, 0.9, 0.9] as const)),
  ...[0, 0.05, 0.1].map((left) => [left, 0, 0.9, 1] as const),
  ...[0, 0.05, 0.1].map((top) => [0, top, 1, 0.9] as const),
  [0, 0, 0.8, 1],
  [0.2, 0, 0.8, 1],
  [0, 0, 1, 0.8],
  [0, 0.2, 1, 0.8],
];
const QUARTER_TURNS = [90, 180, 270] as const;
/** Where each view is in a print (`crops` and `colours` follow this order; compare-prints.ts). */
export const PRINT_VIEWS = {
  count: UPRIGHT.length + 3 + QUARTER_TURNS.length,
  turned: [UPRIGHT.length, UPRIGHT.length + 1],
  unturned: UPRIGHT.length + 2,
} as const;

/** Work on a copy small enough to be quick and large enough that a tenth is many pixels. */
const WORKING_SIZE = 256;

/**
 * The print of a stored (already re-encoded) picture, or null when the picture is nearly flat (a
 * plain colour, a blank wall): such a picture says too little to compare, and would match
 * every other flat picture.
 */
export async function photoPrint(image: Buffer): Promise<PhotoPrint | null> {
  const working = await sharp(image)
    .flatten({ background: '#ffffff' })
    .resize(WORKING_SIZE, WORKING_SIZE, { fit: 'inside' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const box = contentBox(working.data, working.info.width, working.info.height);
  const picture = sharp(working.data, { raw: { width: working.info.width, height: working.info.height, channels: 3 } });
  const data = await picture.extract(box).raw().toBuffer();
  const raw = { width: box.width, height: box.height, channels: 3 } as const;
  const stats = await sharp(data, { raw }).greyscale().stats();
  if ((stats.channels[0]?.stdev ?? 0) < 6) return null;

  const views = [];
  for (const [left, top, width, height] of UPRIGHT) {
    const view = {
      left: Math.round(left * raw.width),
      top: Math.round(top * raw.height),
      width: Math.floor(width * raw.width),
      height: Math.floor(height * raw.height),
    };
    views.push(await printView(await sharp(data, { raw }).extract(view).raw().toBuffer(), view));
  }
  const turn = (TURN_DEGREES * Math.PI) / 180;
  for (const direction of [1, -1]) {
    const turned = await sharp(data, { raw })
      .rotate(direction * TURN_DEGREES, { background: '#808080' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const box = centred(turned.info.width, turned.info.height, uprightInside(raw.width, raw.height, turn));
    const view = await sharp(turned.data, { raw: { ...raw, width: turned.info.width, height: turned.info.height } })
      .extract(box)
      .raw()
      .toBuffer();
    views.push(await printView(view, box));
  }
  // If this picture is one turned by 6° inside its bounding box (corners filled): the size the
  // original had, and the upright rectangle of it that this picture still shows whole.
  const [cos, sin] = [Math.cos(turn), Math.sin(turn)];
  const original = {
    width: (raw.width * cos - raw.height * sin) / (cos * cos - sin * sin),
    height: (raw.height * cos - raw.width * sin) / (cos * cos - sin * sin),
  };
  const unturned = centred(
    raw.width,
    raw.height,
    original.width > 0 && original.height > 0 ? uprightInside(original.width, original.height, turn) : raw,
  );
  views.push(await printView(await sharp(data, { raw }).extract(unturned).raw().toBuffer(), unturned));
  // The whole picture a quarter, a half and three quarters round: a copy posted on its side or
  // upside down is the same picture to the eye, not to a hash.
  for (const angle of QUARTER_TURNS) {
    const turned = await sharp(data, { raw }).rotate(angle).raw().toBuffer({ resolveWithObject: true });
    views.push(await printView(turned.data, turned.info));
  }

  return {
    hash: views[0]!.hash,
    crops: [...views.slice(1).map((view) => view.hash), ...views.map((view) => view.mirrored)],
    colours: Buffer.concat([...views.map((view) => view.colours), ...views.map((view) => view.grey)]),
  };
}

async function printView(pixels: Buffer, size: { width: number; height: number }) {
  const raw = { width: size.width, height: size.height, channels: 3 } as const;
  return { ...(await viewHashes(pixels, raw)), colours: await colourGrid(pixels, raw) };
}

/** The largest upright rectangle of a w×h picture's shape inside that picture turned by `turn`. */
function uprightInside(width: number, height: number, turn: number) {
  const [cos, sin] = [Math.cos(turn), Math.sin(turn)];
  const scale = Math.min(width / (width * cos + height * sin), height / (width * sin + height * cos));
  return { width: Math.max(1, Math.floor(width * scale)), height: Math.max(1, Math.floor(height * scale)) };
}

const centred = (width: number, height: number, inside: { width: number; height: number }) => ({
  left: Math.max(0, Math.round((width - inside.width) / 2)),
  top: Math.max(0, Math.round((height - inside.height) / 2)),
  width: Math.min(width, inside.width),
  height: Math.min(height, inside.height),
});
