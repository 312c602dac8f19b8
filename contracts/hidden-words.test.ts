import { describe, expect, it } from 'vitest';
import { containsHiddenWord, normalizeHiddenWord } from './hidden-words';

describe('hidden words', () => {
  it('finds whole words in any case or width, phrases across spaces, and emoji anywhere', () => {
    const words = ['ass', 'send nudes', '🍆', 'café', 'c#'].map(normalizeHiddenWord);
    expect(containsHiddenWord('What an ASS', words)).toBe(true);
    expect(containsHiddenWord('Second class ticket', words)).toBe(false);
    expect(containsHiddenWord('pls  SEND   nudes', words)).toBe(true);
    expect(containsHiddenWord('ｓｅｎｄ ｎｕｄｅｓ', words)).toBe(true);
    expect(containsHiddenWord('look🍆', words)).toBe(true);
    expect(containsHiddenWord('Meet at the CAFÉ?', words)).toBe(true);
    expect(containsHiddenWord('cafés are nice', words)).toBe(false);
    expect(containsHiddenWord('I write C# for work', words)).toBe(true);
    expect(containsHiddenWord('a (regex) [test] *.+?', words)).toBe(false);
    expect(containsHiddenWord('anything', [])).toBe(false);
  });
});
