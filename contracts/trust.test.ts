import { describe, expect, it } from 'vitest';
import { reputationOf } from './trust';

const r = (overall: number, family = false, home = false, again = false) => ({
  overall,
  safeForFamily: family,
  safeForHome: home,
  wouldDateAgain: again,
});

describe('reputation from revealed ratings', () => {
  it.each([
    {
      name: 'no ratings',
      ratings: [],
      expected: { avgRating: null, reviewCount: 0, safeForFamily: false, safeForHome: false, dateAgain: false },
    },
    {
      name: 'one rating with every badge',
      ratings: [r(5, true, true, true)],
      expected: { avgRating: 5, reviewCount: 1, safeForFamily: true, safeForHome: true, dateAgain: true },
    },
    {
      name: 'exactly half award a badge',
      ratings: [r(4, true), r(2)],
      expected: { avgRating: 3, reviewCount: 2, safeForFamily: true, safeForHome: false, dateAgain: false },
    },
    {
      name: 'a minority does not',
      ratings: [r(5, true), r(4), r(3)],
      expected: { avgRating: 4, reviewCount: 3, safeForFamily: false, safeForHome: false, dateAgain: false },
    },
    {
      name: 'averages round to two decimals',
      ratings: [r(5), r(4), r(4)],
      expected: { avgRating: 4.33, reviewCount: 3, safeForFamily: false, safeForHome: false, dateAgain: false },
    },
    {
      name: 'majorities per badge',
      ratings: [r(1, false, true, true), r(2, true, true, false), r(3, true, false, true)],
      expected: { avgRating: 2, reviewCount: 3, safeForFamily: true, safeForHome: true, dateAgain: true },
    },
  ])('$name', ({ ratings, expected }) => {
    expect(reputationOf(ratings)).toEqual(expected);
  });
});
