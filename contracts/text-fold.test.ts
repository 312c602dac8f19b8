import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MESSAGE_MAX_LENGTH } from './messages-api';
import { FOLD_CHARACTER_LETTERS_MAX, FOLD_CHARACTER_MAX, FOLD_INPUT_MAX, foldForMatching } from './text-fold';

const codePoints = (text: string) => text.match(/./gsu)?.length ?? 0;
/** What the matcher reads one grapheme at a time: characters outside ASCII that are not marks. */
const slowCharacters = (text: string) => text.match(/(?!\p{M})[^\p{ASCII}]/gu)?.length ?? 0;

describe('foldForMatching', () => {
  it('reads a whole message', () => {
    expect(FOLD_INPUT_MAX).toBeGreaterThanOrEqual(MESSAGE_MAX_LENGTH);
  });

  it('bounds what a text folds to, however it grows under NFKD (U+FDFA spells 18 characters)', () => {
    const { plain, decoded } = foldForMatching('\uFDFA'.repeat(10 * FOLD_INPUT_MAX));
    expect(slowCharacters(plain)).toBe(FOLD_INPUT_MAX * FOLD_CHARACTER_LETTERS_MAX);
    expect(decoded).toBe(plain);
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 3 * FOLD_INPUT_MAX }), (text) => {
        for (const reading of Object.values(foldForMatching(text))) {
          expect(codePoints(reading)).toBeLessThanOrEqual(FOLD_INPUT_MAX * FOLD_CHARACTER_MAX);
          expect(slowCharacters(reading)).toBeLessThanOrEqual(FOLD_INPUT_MAX * FOLD_CHARACTER_LETTERS_MAX);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('reads look-alikes, invisible characters and marks as the plain letters, in both readings', () => {
    expect(foldForMatching('S\u200Bе\u0301ND ｎ\u00ADυdеs').plain).toBe('send nudes');
    expect(foldForMatching('ДУРАК').plain).toBe(foldForMatching('дурак').plain);
    expect(foldForMatching('Kill').plain).toBe(foldForMatching('kiII').plain);
  });

  it('decodes leetspeak and spaced letters next to letters only, and keeps the plain reading as well', () => {
    expect(foldForMatching('5end n00dz').decoded).toBe('send noodz');
    expect(foldForMatching('s . e . n . d it').decoded).toBe('send it');
    // Numbers standing alone keep their digits; signs between words read as spaces.
    expect(foldForMatching("I'm 25, 455 km away").decoded).toBe('i m 25 455 km away');
    expect(foldForMatching('send-pics, s*e*x').decoded).toBe('send pics sex');
    expect(foldForMatching('@maya!')).toEqual({ plain: '@maya!', decoded: 'amayai' });
  });
});
