/**
 * Where a picture is inside the bars and frames added around it: letterbox bars, a frame, a
 * phone's status and navigation bars with the black screen between them. A reposted copy
 * compared with its bars around it looks like a smaller picture in a different shape; without
 * them it is the picture again.
 *
 * A border is a run of lines (rows from the top or bottom, columns from the sides) that are each
 * mostly one colour, the same colour all along the run, and that ends in a step: the next line is
 * suddenly far from that colour. Up to four runs are taken from each edge (a status bar, then the
 * black screen). What this leaves out, on purpose: a backdrop that fades line by line (no step),
 * a sky that is flat only in grey (a greyscale copy would lose it where the colour original
 * keeps it), and a flat area on one side only (bars and frames come in pairs).
 */

/** Channel difference (0–255) within which a pixel is the border's colour. */
const NEAR = 12;
/** Share of a line in the border's colour to start a border; lower to go on (icons on a bar). */
const [STARTS, CONTINUES] = [0.8, 0.6];
/** How far the border's colour may drift along it: a solid bar does not drift, a gradient does. */
const DRIFT = 4;
/** The jump in the share of far pixels that makes a step. */
const STEP = 0.3;

type Box = { left: number; top: number; width: number; height: number };
type Colour = readonly [number, number, number];

export function contentBox(pixels: Buffer, width: number, height: number): Box {
  const line = (horizontal: boolean, at: number): Colour[] =>
    Array.from({ length: horizontal ? width : height }, (_, i) => {
      const offset = (horizontal ? at * width + i : i * width + at) * 3;
      return [pixels[offset]!, pixels[offset + 1]!, pixels[offset + 2]!];
    });
  const within = (a: Colour, b: Colour, limit: number) =>
    Math.abs(a[0] - b[0]) <= limit && Math.abs(a[1] - b[1]) <= limit && Math.abs(a[2] - b[2]) <= limit;
  const shareNear = (pixels: Colour[], colour: Colour, limit = NEAR) =>
    pixels.filter((p) => within(p, colour, limit)).length / pixels.length;
  const median = (pixels: Colour[]): Colour => {
    const channel = (c: 0 | 1 | 2) => pixels.map((p) => p[c]).sort((a, b) => a - b)[pixels.length >> 1]!;
    return [channel(0), channel(1), channel(2)];
  };

  /** The first line inside the borders along one edge, walking `step` from `from`. */
  const inner = (horizontal: boolean, from: number, step: 1 | -1, size: number): number => {
    // No more than 60% of a side is border: past that, it is the picture that is flat.
    const inside = (at: number) => Math.abs(at - from) < size * 0.6;
    let at = from;
    for (let run = 0; run < 4; run++) {
      const first = line(horizontal, at);
      const colour = median(first);
      if (shareNear(first, colour) < STARTS) break;
      let last = at;
      while (inside(last + 2 * step)) {
        const next = line(horizontal, last + step);
        if (shareNear(next, colour) < CONTINUES || !within(median(next), colour, DRIFT)) break;
        last += step;
      }
      if (!inside(last + 2 * step)) return from;
      // A resampled edge can blend the border into the picture for one line: look one further.
      const far = (at: number) => 1 - shareNear(line(horizontal, at), colour, 2 * NEAR);
      const before = far(last);
      if (far(last + step) - before >= STEP) at = last + step;
      else if (far(last + 2 * step) - before >= STEP) at = last + 2 * step;
      else break;
    }
    return at;
  };

  const [top, bottom] = [inner(true, 0, 1, height), inner(true, height - 1, -1, height)];
  const [left, right] = [inner(false, 0, 1, width), inner(false, width - 1, -1, width)];
  // Bars and frames come in pairs (a few lines of difference are the resampling's), and leave
  // a picture between them.
  const kept = (start: number, end: number, size: number) =>
    end - start + 1 >= size * 0.3 &&
    (Math.max(start, size - 1 - end) <= size * 0.02 ||
      Math.min(start, size - 1 - end) >= Math.max(start, size - 1 - end) * 0.5);
  const [y0, y1] = kept(top, bottom, height) ? [top, bottom] : [0, height - 1];
  const [x0, x1] = kept(left, right, width) ? [left, right] : [0, width - 1];
  return { left: x0, top: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
}
