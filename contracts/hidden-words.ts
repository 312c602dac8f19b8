import { z } from './zod';
import AhoCorasick from 'modern-ahocorasick';
import { ZInstant } from './common';
import { foldForMatching } from './text-fold';

/**
 * Hidden words: words, phrases or emoji a member never wants to be surprised by. An incoming
 * message that contains one goes to the Hidden folder, raising no toast, no notification and no
 * mail; the member opens it there when they choose.
 */
export const HIDDEN_WORDS_MAX = 1000;
export const HIDDEN_WORD_MAX_LENGTH = 100;

export const HIDDEN_WORDS_TEXT = {
  wordEmpty: 'Enter a word, a phrase or an emoji.',
  wordTooLong: `Keep each word or phrase under ${HIDDEN_WORD_MAX_LENGTH} characters.`,
  tooMany: `You can hide up to ${HIDDEN_WORDS_MAX} words and phrases. Remove some to add others.`,
} as const;

/**
 * A word as it is stored and listed: one form for every way of typing it (case, spacing, width),
 * without the invisible characters that would make two entries look alike.
 */
export const normalizeHiddenWord = (text: string) =>
  text
    .normalize('NFKC')
    .replace(/\p{Default_Ignorable_Code_Point}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

/** Whether a message holds one of a member's words; compiled once per version of the list. */
export type HiddenWordMatcher = { matches(content: string): boolean };

type Edges = { start: boolean; end: boolean };
const WORD_CHARACTER = /[\p{L}\p{N}\p{M}_]/u;
const isWordCharacter = (character: string | undefined) => character !== undefined && WORD_CHARACTER.test(character);

/** The character that ends just before index, whole even when it is a surrogate pair. */
function characterBefore(text: string, index: number): string | undefined {
  if (index <= 0) return undefined;
  const low = text.charCodeAt(index - 1);
  const start = low >= 0xdc00 && low <= 0xdfff && index >= 2 ? index - 2 : index - 1;
  return String.fromCodePoint(text.codePointAt(start)!);
}
const characterAt = (text: string, index: number) =>
  index < text.length ? String.fromCodePoint(text.codePointAt(index)!) : undefined;

/**
 * The matcher for a list of stored words: one Aho–Corasick automaton over the words' folded
 * forms (text-fold.ts), plain and decoded, and a phrase also without its spaces (spaced-apart
 * letters are joined into one run). A message is folded the same way, and each reading scanned
 * once, in time linear in its length. A form that starts or ends with a letter or digit matches as
 * a whole word there ("ass" is not in "class"); an emoji or a sign matches anywhere.
 */
export function compileHiddenWords(words: readonly string[]): HiddenWordMatcher {
  const forms = new Set<string>();
  for (const word of words) {
    const { plain, decoded } = foldForMatching(word);
    for (const form of [plain, decoded, plain.replaceAll(' ', ''), decoded.replaceAll(' ', '')])
      if (form) forms.add(form);
  }
  if (forms.size === 0) return { matches: () => false };
  const automaton = new AhoCorasick<Edges>(
    [...forms].map((form) => ({
      pattern: form,
      data: { start: isWordCharacter(characterAt(form, 0)), end: isWordCharacter(characterBefore(form, form.length)) },
    })),
  );
  /** Whether text[from, to) holds a form, whole where the form's edges are word characters. */
  const foundIn = (text: string, from: number, to: number) => {
    for (const hit of automaton.iterate(text.slice(from, to))) {
      const { start, end } = hit.data!;
      if (start && isWordCharacter(characterBefore(text, from + hit.start))) continue;
      if (end && isWordCharacter(characterAt(text, from + hit.end))) continue;
      return true;
    }
    return false;
  };
  // A character that is in no form ends any match, so only the runs between such characters are
  // scanned. The library reads ASCII quickly and anything else a grapheme at a time through
  // Intl.Segmenter (about a microsecond each), so a list of Latin words skips a Cyrillic or
  // Arabic message instead of segmenting it.
  const alphabet = new Set<number>();
  for (const form of forms) for (const character of form) alphabet.add(character.codePointAt(0)!);
  const found = (text: string) => {
    let runStart = -1;
    for (let index = 0; index <= text.length;) {
      const code = index < text.length ? text.codePointAt(index)! : -1;
      if (alphabet.has(code)) {
        if (runStart < 0) runStart = index;
      } else if (runStart >= 0) {
        if (foundIn(text, runStart, index)) return true;
        runStart = -1;
      }
      index += code > 0xffff ? 2 : 1;
    }
    return false;
  };
  return {
    matches(content) {
      const { plain, decoded } = foldForMatching(content);
      return found(plain) || (decoded !== plain && found(decoded));
    },
  };
}

const ZHiddenWord = z
  .string()
  .transform(normalizeHiddenWord)
  .pipe(z.string().min(1, HIDDEN_WORDS_TEXT.wordEmpty).max(HIDDEN_WORD_MAX_LENGTH, HIDDEN_WORDS_TEXT.wordTooLong));

export const ZHiddenWordsInput = z.object({
  words: z.array(ZHiddenWord).min(1, HIDDEN_WORDS_TEXT.wordEmpty).max(HIDDEN_WORDS_MAX, HIDDEN_WORDS_TEXT.tooMany),
});
export const ZHiddenWordQuery = z.object({ word: ZHiddenWord });
export const ZHiddenWords = z.object({
  words: z.array(z.object({ word: z.string(), createdAt: ZInstant })),
  max: z.number(),
});
export type THiddenWords = z.infer<typeof ZHiddenWords>;
