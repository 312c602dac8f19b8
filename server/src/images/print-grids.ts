import sharp, { type CreateRaw } from 'sharp';

/** The coarse grids of a print's views (photo-print.ts), and how far apart two of them are. */

const GRID = 4;
const CHANNELS = 3;
/** Bytes of colour per view: a 4×4 grid of CIELAB colours, one byte a channel. */
export const COLOUR_BYTES = GRID * GRID * CHANNELS;

/** The mean CIELAB colour of a 4×4 grid over a view. */
export async function colourGrid(pixels: Buffer, raw: CreateRaw): Promise<Buffer> {
  const grid = await sharp(pixels, { raw }).resize(GRID, GRID, { fit: 'fill', kernel: 'linear' }).raw().toBuffer();
  const colours = Buffer.alloc(COLOUR_BYTES);
  for (let cell = 0; cell < GRID * GRID; cell++) {
    const [l, a, b] = toLab(grid[cell * 3]!, grid[cell * 3 + 1]!, grid[cell * 3 + 2]!);
    colours.set([toByte(l * 2.55), toByte(a + 128), toByte(b + 128)], cell * CHANNELS);
  }
  return colours;
}

/** The mean CIELAB distance (ΔE*ab) between two colour grids. */
export function colourDistance(a: Uint8Array, b: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < COLOUR_BYTES; i += CHANNELS)
    sum += Math.hypot((a[i]! - b[i]!) / 2.55, a[i + 1]! - b[i + 1]!, a[i + 2]! - b[i + 2]!);
  return sum / (GRID * GRID);
}

/**
 * A grey grid's pattern of light and dark: each cell in standard deviations from the grid's mean,
 * so a brighter, paler, tinted, recoloured or greyscale copy keeps its pattern. (A floor under
 * the deviation keeps a nearly flat view's noise from counting as a pattern.)
 */
export function greyPattern(cells: Uint8Array): Float64Array {
  const mean = cells.reduce((a, b) => a + b, 0) / cells.length;
  const deviation = Math.sqrt(cells.reduce((sum, cell) => sum + (cell - mean) ** 2, 0) / cells.length);
  return Float64Array.from(cells, (cell) => (cell - mean) / Math.max(deviation, 4));
}

/** How far apart two patterns are: the mean difference of their cells, in standard deviations. */
export function patternDistance(a: Float64Array, b: Float64Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

/** A grid of `side`×`side` cells of `channels` bytes, mirrored left to right. */
export function flipGrid(grid: Uint8Array, side: number, channels: number): Uint8Array {
  const flipped = new Uint8Array(grid.length);
  for (let row = 0; row < side; row++)
    for (let column = 0; column < side; column++)
      flipped.set(
        grid.subarray((row * side + column) * channels, (row * side + column + 1) * channels),
        (row * side + side - 1 - column) * channels,
      );
  return flipped;
}

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
