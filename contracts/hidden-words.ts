import { z } from './zod';
import { ZInstant } from './common';

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

/** A word as it is stored and compared: one form for every way of typing it (case, spacing, width). */
export const normalizeHiddenWord = (text: string) => text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

const WORD_EDGE = /[\p{L}\p{N}_]/u;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether a message contains one of the words. A word that starts or ends with a letter or digit
 * matches as a whole word there ("ass" is not in "class"); an emoji or a sign matches anywhere.
 */
export function containsHiddenWord(content: string, words: readonly string[]): boolean {
  if (!words.length) return false;
  const text = normalizeHiddenWord(content);
  const alternatives = words.map((word) => {
    const start = WORD_EDGE.test(word[0] ?? '') ? '(?<![\\p{L}\\p{N}_])' : '';
    const end = WORD_EDGE.test(word.at(-1) ?? '') ? '(?![\\p{L}\\p{N}_])' : '';
    return `${start}${escapeRegExp(word)}${end}`;
  });
  return new RegExp(alternatives.join('|'), 'u').test(text);
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
