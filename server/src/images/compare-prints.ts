import { GREY_GRID } from './perceptual-hash';
import { PRINT_VIEWS, type PhotoPrint } from './photo-print';
import { colourDistance, COLOUR_BYTES, flipGrid, greyPattern, patternDistance } from './print-grids';

/** Whether two prints (photo-print.ts) are of the same picture, and which to look at in SQL. */

/**
 * Two prints are the same picture when one pair of their views is this close: in shape (bits
 * and grey pattern, whatever the colours) or in bits and colours (docs/decisions/017).
 */
export const SAME_PICTURE = { maxBits: 14, maxColour: 8, shapeBits: 12, maxShape: 0.12 } as const;

const { count: VIEWS, turned: TURNED, unturned: UNTURNED } = PRINT_VIEWS;
const GREY_BYTES = GREY_GRID * GREY_GRID;

/**
 * The pairs of views compared: [the new print's view, the older print's view]. The new one's
 * view may be mirrored. The whole of one against every view of the other finds crops, bars and
 * frames; a turned view against an unturned one finds a picture turned inside its filled corners.
 */
const COMPARED_VIEWS: readonly (readonly [number, number])[] = [
  ...Array.from({ length: VIEWS }, (_, view) => [0, view] as const),
  ...Array.from({ length: VIEWS - 1 }, (_, view) => [view + 1, 0] as const),
  ...TURNED.flatMap((turned) => [[UNTURNED, turned] as const, [turned, UNTURNED] as const]),
];

/**
 * The newer print's hashes each of an older print's views is compared with (COMPARED_VIEWS, with
 * the mirrored hashes), to find candidates in SQL by bits before comparePrints decides: its
 * whole's against every view, every view's against the whole, and the turned pairs. View k of a
 * stored print is its `hash` for k = 0, then `crops[k]` (SQL counts from 1): `views` of them.
 */
export function searchedHashes(print: PhotoPrint) {
  const both = (view: number) =>
    [view === 0 ? print.hash : print.crops[view - 1], print.crops[VIEWS - 1 + view]].filter(
      (hash) => hash !== undefined,
    );
  const crossed = COMPARED_VIEWS.filter(([mine, theirs]) => mine !== 0 && theirs !== 0);
  return {
    views: VIEWS,
    againstEveryView: both(0),
    againstWhole: COMPARED_VIEWS.filter(([, theirs]) => theirs === 0).flatMap(([mine]) => both(mine)),
    againstView: [...new Set(crossed.map(([, theirs]) => theirs))].map((view) => ({
      view,
      hashes: crossed.filter(([, theirs]) => theirs === view).flatMap(([mine]) => both(mine)),
    })),
  };
}

type Hash = readonly [number, number];
const toHash = (bits: string): Hash => [parseInt(bits.slice(0, 32), 2) | 0, parseInt(bits.slice(32), 2) | 0];
const ones = (word: number) => {
  let x = word - ((word >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
};
const bitDistance = (a: Hash, b: Hash) => ones(a[0] ^ b[0]) + ones(a[1] ^ b[1]);

type ReadView = {
  hash: Hash;
  colours: Uint8Array;
  pattern?: Float64Array;
  /** The view mirrored: absent from prints taken before mirrors were. */
  mirrored?: { hash: Hash; colours: Uint8Array; pattern: Float64Array };
};

/** Prints already read, for comparing one print with many (a test compares 200 with each other). */
const read = new WeakMap<PhotoPrint, ReadView[]>();

/**
 * A stored print's views. Prints taken before the views were added (fifteen crops, colours only)
 * still compare: their views have no mirror and no grey grid, and the pairs they lack are skipped.
 */
function viewsOf(print: PhotoPrint): ReadView[] {
  const known = read.get(print);
  if (known) return known;
  // A print with mirrors and grey grids has 2n - 1 crops for its n views (23 before quarter turns, now 26).
  const count = (print.crops.length + 1) / 2;
  const current =
    Number.isInteger(count) && count <= VIEWS && print.colours.length === count * (COLOUR_BYTES + GREY_BYTES);
  const hashes = [print.hash, ...print.crops.slice(0, current ? count - 1 : undefined)];
  const views = hashes.map((hash, view): ReadView => {
    const colours = print.colours.subarray(view * COLOUR_BYTES, (view + 1) * COLOUR_BYTES);
    if (!current) return { hash: toHash(hash), colours };
    const grey = print.colours.subarray(count * COLOUR_BYTES + view * GREY_BYTES).subarray(0, GREY_BYTES);
    return {
      hash: toHash(hash),
      colours,
      pattern: greyPattern(grey),
      mirrored: {
        hash: toHash(print.crops[count - 1 + view]!),
        colours: flipGrid(colours, 4, 3),
        pattern: greyPattern(flipGrid(grey, GREY_GRID, 1)),
      },
    };
  });
  read.set(print, views);
  return views;
}

/** Bits apart, colours apart (ΔE), grey pattern apart, for the closest pair of views; and whether it was mirrored. */
export type PrintComparison = { bits: number; colour: number; shape: number; mirrored: boolean };

/** How far past the limits a comparison is: 1 or less is the same picture. */
export const matchScore = ({ bits, colour, shape }: PrintComparison) =>
  Math.min(
    Math.max(bits / SAME_PICTURE.maxBits, colour / SAME_PICTURE.maxColour),
    Math.max(bits / SAME_PICTURE.shapeBits, shape / SAME_PICTURE.maxShape),
  );

export const isSamePicture = (found: PrintComparison) => matchScore(found) <= 1;

/**
 * How close two pictures are: the pair of views (COMPARED_VIEWS, the newer picture's side also
 * mirrored) nearest to matching.
 */
export function comparePrints(newer: PhotoPrint, older: PhotoPrint): PrintComparison {
  const [a, b] = [viewsOf(newer), viewsOf(older)];
  let best: PrintComparison = { bits: 64, colour: Infinity, shape: Infinity, mirrored: false };
  let bestScore = Infinity;
  for (const [aView, bView] of COMPARED_VIEWS) {
    const [upright, theirs] = [a[aView], b[bView]];
    if (!upright || !theirs) continue;
    for (const mine of [upright, upright.mirrored]) {
      if (!mine) continue;
      const found = {
        bits: bitDistance(mine.hash, theirs.hash),
        colour: colourDistance(mine.colours, theirs.colours),
        shape: mine.pattern && theirs.pattern ? patternDistance(mine.pattern, theirs.pattern) : Infinity,
        mirrored: mine !== upright,
      };
      const score = matchScore(found);
      if (score < bestScore) [best, bestScore] = [found, score];
    }
  }
  return { ...best, colour: Math.round(best.colour * 10) / 10, shape: Math.round(best.shape * 1000) / 1000 };
}
