import sharp, { type CreateRaw } from 'sharp';

/** The side of the grey sample the hash is taken from, as in sharp-phash. */
const SAMPLE = 32;
/** The coarsest frequencies kept: 8×8 coefficients, the first row and column (the mean) left out. */
const LOW = 8;
/** The side of the grey grid kept beside the hash (blocks of the sample). */
export const GREY_GRID = 8;

const COSINES = Array.from({ length: LOW + 1 }, (_, frequency) =>
  Float64Array.from({ length: SAMPLE }, (_, x) => Math.cos(((2 * x + 1) * frequency * Math.PI) / (2 * SAMPLE))),
);

export type ViewHashes = {
  /** sharp-phash's 64-bit hash, bit for bit, as '0'/'1' characters. */
  hash: string;
  /** The hash of the same view mirrored left to right. */
  mirrored: string;
  /** The mean grey of an 8×8 grid over the view (0–255). */
  grey: Uint8Array;
};

/**
 * The perceptual hash of sharp-phash (the signs of a 32×32 grey sample's DCT against their mean),
 * with the hash of the mirrored picture and a coarse grey grid, from one sample. sharp-phash
 * computes the DCT in O(n⁴); this does it by rows then columns, and mirroring a picture only
 * turns the sign of the coefficients that are odd across it, so the mirrored hash costs nothing.
 */
export async function viewHashes(pixels: Buffer, raw: CreateRaw): Promise<ViewHashes> {
  const sample = await sharp(pixels, { raw }).greyscale().resize(SAMPLE, SAMPLE, { fit: 'fill' }).raw().toBuffer();
  // byRow[u][y]: row y's coefficient at horizontal frequency u.
  const byRow = COSINES.map((cosine) =>
    Float64Array.from({ length: SAMPLE }, (_, y) => {
      let sum = 0;
      for (let x = 0; x < SAMPLE; x++) sum += cosine[x]! * sample[y * SAMPLE + x]!;
      return sum;
    }),
  );
  const coefficients: { value: number; horizontal: number }[] = [];
  for (let u = 1; u <= LOW; u++)
    for (let v = 1; v <= LOW; v++) {
      let sum = 0;
      for (let y = 0; y < SAMPLE; y++) sum += COSINES[v]![y]! * byRow[u]![y]!;
      coefficients.push({ value: sum, horizontal: u });
    }
  const bits = (mirror: boolean) => {
    const values = coefficients.map(({ value, horizontal }) => (mirror && horizontal % 2 ? -value : value));
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    return values.map((value) => (value > mean ? '1' : '0')).join('');
  };
  const grey = new Uint8Array(GREY_GRID * GREY_GRID);
  const block = SAMPLE / GREY_GRID;
  for (let cell = 0; cell < grey.length; cell++) {
    const [row, column] = [Math.floor(cell / GREY_GRID), cell % GREY_GRID];
    let sum = 0;
    for (let y = 0; y < block; y++)
      for (let x = 0; x < block; x++) sum += sample[(row * block + y) * SAMPLE + column * block + x]!;
    grey[cell] = Math.round(sum / (block * block));
  }
  return { hash: bits(false), mirrored: bits(true), grey };
}
