/**
 * A tiny seeded random generator (mulberry32): the same seed gives the same sequence, so demo
 * data and benchmark parameters come out the same every time.
 */
export function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One element of the list, chosen by the generator. */
export const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
