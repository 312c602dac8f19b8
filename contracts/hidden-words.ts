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
/**
 * What a list may cost to compile, in the characters its forms give the matcher (a character
 * outside printable ASCII counts three, as it is written; see compileHiddenWords). 1,000 words of
 * 20 letters cost about 50,000; a list at the limit compiles in about 15 ms here. Without it, 1,000
 * words of characters that fold into several took half a second, on every change.
 */
export const HIDDEN_WORDS_COST_MAX = 120_000;
/** How often a member may change the list (an add or a removal), per hour: each change is compiled again. */
export const HIDDEN_WORD_CHANGES_PER_HOUR = 60;

export const HIDDEN_WORDS_TEXT = {
  wordEmpty: 'Enter a word, a phrase or an emoji.',
  wordTooLong: `Keep each word or phrase under ${HIDDEN_WORD_MAX_LENGTH} characters.`,
  tooMany: `You can hide up to ${HIDDEN_WORDS_MAX} words and phrases. Remove some to add others.`,
  tooLong: 'Your hidden words are too long in all. Remove or shorten some to add others.',
  tooManyChanges: 'You have changed your hidden words many times this hour. Try again a little later.',
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

/**
 * What a form of a list word needs of a place in a message: whole-word edges where the form
 * starts or ends with a word character, and a span at least as long as the word it stands for (a
 * form with doubled letters folded, 'as' for 'ass', matches only a stretch that had them).
 */
type FormData = { start: boolean; end: boolean; length: number };
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
 * A reading of a message scanned for forms: a folded text itself, or one made from it with
 * characters left out, whose `origin` gives, for each UTF-16 unit, its index in the folded text
 * (edges and spans are judged there, where the left-out characters still stand).
 */
type Reading = {
  text: string;
  base: string;
  origin?: number[];
  /** Joined across separators: for each unit, the word (run of word characters) of the base it came from. */
  runs?: { of: number[]; single: boolean[] };
  /** With doubled letters once: only forms of COLLAPSED_FORM_MIN letters or more are read in it. */
  collapsed?: true;
};

const WORD_RUNS = /[\p{L}\p{N}\p{M}_]+/gu;
const DOUBLED_LETTERS = /(\p{L})\1+/gu;
/** Marks that glue the part after them to the word before ("it's", "ex-wife"): a joined match starts or ends at none. */
const JOINERS = new Set(["'", '\u2019', '\u02BC', '-', '\u2010']);

/**
 * The text joined across what separates its words where a reader would join them: a separator
 * without a space ('se-x', 's|e|x', '**se**x'), or any separator next to a single letter ('se x',
 * 's e x'). Words a space sets apart ('an Al', 'me th') stay apart.
 */
function joined(base: string): Reading {
  let text = '';
  const origin: number[] = [];
  const of: number[] = [];
  const single: boolean[] = [];
  let previous: { end: number; single: boolean } | null = null;
  for (const match of base.matchAll(WORD_RUNS)) {
    const isSingle = String.fromCodePoint(match[0].codePointAt(0)!) === match[0];
    if (previous) {
      const between = base.slice(previous.end, match.index);
      if (/\s/.test(between) && !previous.single && !isSingle) {
        text += ' ';
        origin.push(previous.end);
        of.push(-1);
      }
    }
    const run = single.length;
    single.push(isSingle);
    text += match[0];
    for (let unit = 0; unit < match[0].length; unit++) {
      origin.push(match.index + unit);
      of.push(run);
    }
    previous = { end: match.index + match[0].length, single: isSingle };
  }
  return { text, base, origin, runs: { of, single } };
}

/** The text with each doubled letter once: 'nuudes'. */
function collapsed(base: string): Reading {
  let text = '';
  const origin: number[] = [];
  let last = 0;
  const keep = (from: number, to: number) => {
    text += base.slice(from, to);
    for (let index = from; index < to; index++) origin.push(index);
  };
  for (const match of base.matchAll(DOUBLED_LETTERS)) {
    keep(last, match.index + match[1]!.length);
    last = match.index + match[0].length;
  }
  keep(last, base.length);
  return { text, base, origin, collapsed: true };
}
/** Doubled letters are common in words ('good', 'cool'): only longer forms are read with them once. */
const COLLAPSED_FORM_MIN = 5;

/**
 * A mask inside a word (any sign between letters but an apostrophe) written as '*', in the list's
 * forms and in the message alike: 'f#ck', 'f-ck' and 'f**k' read as 'f*ck' and 'f**k'.
 */
const MASKS = /(?<=\p{L}[^\p{L}\p{N}\s]*)[^\p{L}\p{N}\s'\u2019\u02BC](?=[^\p{L}\p{N}\s]*\p{L})/gu;
const masked = (text: string) => text.replace(MASKS, '*');

const withoutSeparators = (form: string) => form.replace(/[^\p{L}\p{N}\p{M}_]+/gu, '');
const withoutDoubles = (form: string) => form.replace(DOUBLED_LETTERS, '$1');

/**
 * Whether a match of the joined reading is not a whole word there: it starts or ends inside a
 * run of single letters ('c l a s s' is 'class', not 'ass'), or at a joiner ("it's ex" is not 'sex').
 */
function notWholeWhenJoined(reading: Reading, from: number, to: number, first: number, last: number): boolean {
  const { base, runs } = reading;
  if (JOINERS.has(base[first - 1] ?? '') || JOINERS.has(base[last] ?? '')) return true;
  if (!runs) return false;
  const [firstRun, lastRun] = [runs.of[from]!, runs.of[to - 1]!];
  const joinedTo = (run: number, step: -1 | 1) => {
    const neighbour = run + step;
    return neighbour >= 0 && neighbour < runs.single.length && runs.single[run]! && runs.single[neighbour]!;
  };
  return joinedTo(firstRun, -1) || joinedTo(lastRun, 1);
}

/**
 * Candidate matches looked at for one message, at most. An ordinary message against a list of
 * words gives a few; only overlapping forms and text made to repeat them give thousands, and such
 * a message is hidden rather than read on (each look costs a little).
 */
const HITS_PER_MESSAGE = 5_000;

/**
 * A short word (3 to 6 letters) as people mask it: one vowel starred ('f*ck', 'sh*t'), or all
 * but its ends ('f**k'). Read in the plain reading, where any mask inside a word is a star.
 */
const MASKED_LENGTHS = { min: 3, max: 6 };
function starred(form: string): string[] {
  if (form.length < MASKED_LENGTHS.min || form.length > MASKED_LENGTHS.max || !/^[a-z]+$/.test(form)) return [];
  const vowels = form
    .split('')
    .flatMap((letter, index) => ('aeiou'.includes(letter) ? [`${form.slice(0, index)}*${form.slice(index + 1)}`] : []));
  return form.length > 3 ? [...vowels, `${form[0]}${'*'.repeat(form.length - 2)}${form.at(-1)}`] : vowels;
}

/** A word's forms with the length of what each stands for; remembered, since lists change a word at a time. */
type WordForm = readonly [form: string, length: number];
const formsOfWords = new Map<string, readonly WordForm[]>();
const WORDS_REMEMBERED = 50_000;

function formsOf(word: string): readonly WordForm[] {
  const known = formsOfWords.get(word);
  if (known) return known;
  const forms: WordForm[] = [];
  const { plain, decoded } = foldForMatching(word);
  // Decoding can shorten a word (stretched letters once: 'ill', folded 'iii', decodes to 'i'): its
  // decoded forms stand for as many letters as the plain one has, or 'i' would match every 'I'.
  const shortened = Math.max(0, withoutSeparators(plain).length - withoutSeparators(decoded).length);
  for (const [form, extra] of [
    [masked(plain), 0],
    [decoded, shortened],
  ] as const) {
    const whole = withoutSeparators(form);
    forms.push(
      [form, form.length + extra],
      [whole, whole.length + extra],
      [withoutDoubles(whole), whole.length + extra],
    );
    for (const star of starred(whole)) forms.push([star, star.length]);
  }
  const kept = forms.filter(([form]) => form !== '');
  if (formsOfWords.size >= WORDS_REMEMBERED) formsOfWords.clear();
  formsOfWords.set(word, kept);
  return kept;
}

/**
 * The library reads printable ASCII quickly and anything else a grapheme at a time through
 * Intl.Segmenter, ten times slower. So forms and the text scanned reach it in ASCII: each other
 * character of the forms is written as a lead (U+0001) and as many base-30 digits (U+0002 to
 * U+001F) as the list needs, all codes of one list the same width. Those are not printable: no
 * character of a message is written with them, so a code can only be read whole, from its lead.
 */
const LEAD = '\x01';
const DIGIT_BASE = 30;
function codeFor(index: number, width: number): string {
  let code = '';
  for (let digit = 0, rest = index; digit < width; digit++, rest = Math.floor(rest / DIGIT_BASE))
    code = String.fromCharCode(2 + (rest % DIGIT_BASE)) + code;
  return LEAD + code;
}
const isPrintableAscii = (code: number) => code >= 0x20 && code < 0x7f;

/** What these stored words cost to compile (HIDDEN_WORDS_COST_MAX). */
export function hiddenWordsCost(words: Iterable<string>): number {
  let cost = 0;
  for (const word of words)
    for (const [form] of formsOf(word))
      for (const character of form) cost += isPrintableAscii(character.codePointAt(0)!) ? 1 : 3;
  return cost;
}

/**
 * The matcher for a list of stored words: one Aho–Corasick automaton over each word's forms (the
 * folded readings of text-fold.ts, plain and decoded; without spaces or other separators; with
 * doubled letters once; a short word with a vowel starred). A message is folded the same way and
 * each of its readings (the folded ones, joined across separators, with doubled letters once)
 * scanned once, in time linear in its length. A form that starts or ends with a letter or digit
 * matches as a whole word there ("ass" is not in "class"); an emoji or a sign matches anywhere.
 */
export function compileHiddenWords(words: readonly string[]): HiddenWordMatcher {
  const forms = new Map<string, FormData>();
  for (const word of words) {
    for (const [form, length] of formsOf(word)) {
      const known = forms.get(form);
      if (known && known.length <= length) continue;
      forms.set(form, {
        start: isWordCharacter(characterAt(form, 0)),
        end: isWordCharacter(characterBefore(form, form.length)),
        length,
      });
    }
  }
  if (forms.size === 0) return { matches: () => false };
  // The forms' characters, each as the library is given it. A character that is in no form ends
  // any match, so only the runs between such characters are scanned: a list of Latin words skips
  // a Cyrillic or Arabic message.
  const alphabet = new Map<number, string>();
  for (const form of forms.keys()) for (const character of form) alphabet.set(character.codePointAt(0)!, character);
  const others = [...alphabet.keys()].filter((code) => !isPrintableAscii(code));
  let width = 1;
  while (DIGIT_BASE ** width < others.length) width++;
  others.forEach((code, index) => alphabet.set(code, codeFor(index, width)));
  const encode = (text: string) => {
    let out = '';
    for (const character of text) out += alphabet.get(character.codePointAt(0)!)!;
    return out;
  };
  const automaton = new AhoCorasick<FormData>([...forms].map(([form, data]) => ({ pattern: encode(form), data })));

  /**
   * Whether reading.text[from, to) holds a form, whole and long enough where it stands in the
   * base. `budget.hits`: the candidate matches left to look at for this message; a message made to
   * give more (a list of overlapping forms and text that repeats them) is taken as holding one.
   */
  const foundIn = (reading: Reading, from: number, to: number, budget: { hits: number }) => {
    const { text, base, origin } = reading;
    let encoded = '';
    const at: number[] = []; // for each unit of `encoded`, where its character starts in text
    for (let index = from; index < to;) {
      const code = text.codePointAt(index)!;
      const written = alphabet.get(code)!;
      encoded += written;
      for (let unit = 0; unit < written.length; unit++) at.push(index);
      index += code > 0xffff ? 2 : 1;
    }
    at.push(to);
    for (const hit of automaton.iterate(encoded)) {
      if (--budget.hits < 0) return true;
      const { start, end, length } = hit.data!;
      if (reading.collapsed && length < COLLAPSED_FORM_MIN) continue;
      const [readFrom, readTo] = [at[hit.start]!, at[hit.end]!];
      const first = origin ? origin[readFrom]! : readFrom;
      const last = origin ? origin[readTo - 1]! + 1 : readTo;
      if (last - first < length) continue;
      if (start && isWordCharacter(characterBefore(base, first))) continue;
      if (end && isWordCharacter(characterAt(base, last))) continue;
      if (reading.runs && notWholeWhenJoined(reading, readFrom, readTo, first, last)) continue;
      return true;
    }
    return false;
  };
  const found = (reading: Reading, budget: { hits: number }) => {
    const { text } = reading;
    let runStart = -1;
    for (let index = 0; index <= text.length;) {
      const code = index < text.length ? text.codePointAt(index)! : -1;
      if (alphabet.has(code)) {
        if (runStart < 0) runStart = index;
      } else if (runStart >= 0) {
        if (foundIn(reading, runStart, index, budget)) return true;
        runStart = -1;
      }
      index += code > 0xffff ? 2 : 1;
    }
    return false;
  };
  return {
    matches(content) {
      const { plain, decoded } = foldForMatching(content);
      const budget = { hits: HITS_PER_MESSAGE };
      const base = masked(plain);
      if (found({ text: base, base }, budget)) return true;
      if (decoded !== plain && found({ text: decoded, base: decoded }, budget)) return true;
      // Joined from the plain reading, where the apostrophe of "it's" still stands.
      const whole = joined(base);
      if (whole.text !== base && found(whole, budget)) return true;
      const once = collapsed(decoded);
      return once.text !== decoded && found(once, budget);
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
