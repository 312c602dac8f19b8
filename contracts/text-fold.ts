import confusablesData from 'unhomoglyph/data.json';

/**
 * Text as a word filter reads it, so that a word cannot slip past by the way it is written. Hidden
 * words (hidden-words.ts) fold both the member's list and each message with this; the 'Are you
 * sure?' lexicon (nudges.ts) folds each message with it. docs/decisions/020-hidden-words.md
 * explains each step.
 *
 * - Every character is case-folded and decomposed (NFKD: fullwidth, mathematical, circled and
 *   ligature forms become plain letters), then loses what a reader does not see: default-ignorable
 *   code points (zero-width space and joiners, soft hyphen, word joiner, BOM, tag characters,
 *   variation selectors, fillers), emoji skin tones, and combining marks of no script of their own
 *   (accents, stacked 'zalgo' marks).
 * - A letter outside ASCII that looks like another takes its TS #39 skeleton (Unicode's
 *   confusables.txt, as the unhomoglyph package ships it): Cyrillic і, о, а, е, с, р, Greek ο, α,
 *   dotless ı all read as the Latin letter. A letter and its capital read alike, so where only the
 *   capital looks Latin (Cyrillic Н, Greek Τ) the small letter reads that way too. ASCII is left
 *   as typed: confusables.txt would read 'm' as 'rn' and so 'burn' as 'bum'.
 * - Case and look-alikes together make I, l and i one letter (capital I looks like l), so l reads i.
 * - Whitespace runs become one space.
 *
 * That is the plain reading. The decoded reading also undoes the disguises that cost a reader a
 * moment: single letters spaced, dotted or dashed apart are joined ('s e n d', 'n.u.d.e.s'), and
 * digits and signs next to a letter read as the letters they imitate ('n00dz', '$end', '@ss').
 * Only next to a letter: 'I'm 25' and '455 km' keep their numbers. A match in either reading
 * counts, so '@maya' still holds the word 'maya' and 'ass!' the word 'ass'.
 *
 * The work and the result are bounded and linear: at most FOLD_INPUT_MAX characters are read, and
 * each becomes at most FOLD_CHARACTER_MAX, at most FOLD_CHARACTER_LETTERS_MAX of them outside ASCII
 * (NFKD alone turns U+FDFA into 18). Each character folds on its own, so a list word and a message
 * that use the same character read it the same way.
 */
export type FoldedText = { plain: string; decoded: string };

/** The longest text read: the longest message (MESSAGE_MAX_LENGTH; a hidden word is shorter). */
export const FOLD_INPUT_MAX = 2000;
/** The most one character may become: every Latin ligature and compatibility form fits. */
export const FOLD_CHARACTER_MAX = 4;
/**
 * Of those, the most outside ASCII, marks aside. Only Arabic ligatures of whole words (U+FDFA
 * spells a phrase of 15 letters), squared Japanese words and a few symbols have more; they are cut.
 */
export const FOLD_CHARACTER_LETTERS_MAX = 2;
const MARK = /\p{M}/u;

/** Lower case, with l as i (see above). */
const letters = (text: string) => text.toLowerCase().replaceAll('l', 'i');

/**
 * What a reader does not see, or reads past: ignorable code points, skin tones, enclosing marks,
 * and the marks that only decorate a letter (accents and 'zalgo' stacks, which are Inherited,
 * Latin, Greek or Cyrillic; Hebrew and Arabic vowel points). The vowel signs of Indic and other
 * scripts spell their words and stay.
 */
const UNSEEN =
  /[\p{Default_Ignorable_Code_Point}\p{Emoji_Modifier}\p{Me}]|(?=\p{M})[\p{sc=Zinh}\p{sc=Zyyy}\p{sc=Latn}\p{sc=Grek}\p{sc=Cyrl}\p{sc=Hebr}\p{sc=Arab}]/u;
const UNSEEN_ALL = new RegExp(UNSEEN.source, 'gu');

/**
 * The skeleton of each character outside ASCII that has one, keyed by its small letter. A
 * confusables.txt target is folded like text (its own marks gone, lower case), and 'rn' stands for
 * the 'm' it imitates. Where the small letter and the capital differ, a Latin target wins.
 */
const HANGUL = /\p{sc=Hangul}/u;
function buildSkeletons(data: Record<string, string>): Map<string, string> {
  const target = (source: string) => {
    const mapped = data[source];
    return mapped === undefined
      ? undefined
      : letters(mapped.normalize('NFKD').replace(UNSEEN_ALL, '')).replaceAll('rn', 'm');
  };
  const isAscii = (text: string | undefined) => text !== undefined && /^[\x20-\x7e]+$/.test(text);
  const isOneCharacter = (text: string) => /^.$/su.test(text);
  const skeletons = new Map<string, string>();
  for (const source of Object.keys(data)) {
    // Korean letters are left whole: confusables.txt takes jamo apart into strokes (ㅡ as
    // Katakana ー), which would turn each syllable into four or five characters of three scripts.
    if (source.codePointAt(0)! < 0x80 || HANGUL.test(source)) continue;
    const small = source.toLowerCase();
    if (!isOneCharacter(small) || skeletons.has(small)) continue;
    const capital = small.toUpperCase();
    const own = target(small);
    const other = isOneCharacter(capital) ? target(capital) : undefined;
    const chosen = isAscii(own) ? own : isAscii(other) ? other : (own ?? other);
    if (chosen !== undefined) skeletons.set(small, chosen);
  }
  return skeletons;
}

const SKELETONS = throughToAscii(
  buildSkeletons(confusablesData as Record<string, string>),
  confusablesData as Record<string, string>,
);

/**
 * Look-alikes confusables.txt leaves short of ASCII, taken the rest of the way: a skeleton that is
 * not ASCII read once more through the map, and a letter that is only ever a target (kra ĸ, which
 * Cyrillic к maps to) read as the ASCII its sources read as.
 */
function throughToAscii(skeletons: Map<string, string>, data: Record<string, string>): Map<string, string> {
  const isAscii = (text: string | undefined) => text !== undefined && /^[\x20-\x7e]+$/.test(text);
  for (const [source, target] of skeletons) {
    if (isAscii(target)) continue;
    const again = target.replace(/[^\x20-\x7e]/gu, (part) => skeletons.get(part) ?? part);
    if (isAscii(again)) skeletons.set(source, again);
  }
  for (const [source, target] of Object.entries(data)) {
    const small = target.toLowerCase();
    const isOneLetterOutsideAscii =
      small.codePointAt(0)! >= 0x80 && String.fromCodePoint(small.codePointAt(0)!) === small;
    if (!isOneLetterOutsideAscii || skeletons.has(small)) continue;
    const read = skeletons.get(source.toLowerCase());
    if (read !== undefined && isAscii(read)) skeletons.set(small, read);
  }
  return skeletons;
}

/** ASCII, by code: lower case, l as i. */
const ASCII = Array.from({ length: 0x80 }, (_, code) => letters(String.fromCharCode(code)));

/**
 * Symbols that are letters to a reader and to no Unicode decomposition: regional indicators (🇸),
 * negative squared and circled letters (🆂, 🅢), and small capitals (ꜱᴇx).
 */
const LETTER_BLOCKS: [first: number, last: number][] = [
  [0x1f1e6, 0x1f1ff],
  [0x1f170, 0x1f189],
  [0x1f150, 0x1f169],
];
const SMALL_CAPITALS: Record<string, string> = Object.fromEntries(
  'ᴀʙᴄᴅᴇꜰɢʜɪᴊᴋʟᴍɴᴏᴘꞯʀꜱᴛᴜᴠᴡxʏᴢ'
    // Each is one UTF-16 unit: splitting by unit is splitting by character.
    .split('')
    .map((capital, index) => [capital, letters(String.fromCharCode(97 + index))]),
);
/** Letters that read as a Latin one to the eye but to no decomposition or confusables.txt entry. */
const LOOK_ALIKES: Record<string, string> = {
  ø: 'o',
  þ: 'p',
  ц: 'u',
  ꞩ: 's',
  '€': 'e',
  є: 'e',
  ω: 'w',
  п: 'n',
  и: 'n',
};
function letterSymbol(character: string): string | undefined {
  const code = character.codePointAt(0)!;
  for (const [first, last] of LETTER_BLOCKS)
    if (code >= first && code <= last) return letters(String.fromCharCode(97 + code - first));
  return SMALL_CAPITALS[character] ?? LOOK_ALIKES[character.toLowerCase()];
}

/** One character outside ASCII, folded; remembered, since a conversation uses few distinct ones. */
const folds = new Map<string, string>();
const FOLDS_REMEMBERED = 20_000;
function foldCharacter(character: string): string {
  let folded = folds.get(character);
  if (folded !== undefined) return folded;
  folded = letterSymbol(character) ?? '';
  if (folded) {
    if (folds.size < FOLDS_REMEMBERED) folds.set(character, folded);
    return folded;
  }
  // Upper then lower case folds what lower case alone keeps apart: final ς and σ, ß and ss.
  for (const part of character.toUpperCase().toLowerCase().normalize('NFKD')) {
    if (UNSEEN.test(part)) continue;
    const code = part.charCodeAt(0);
    folded += code < 0x80 ? ASCII[code] : (SKELETONS.get(part.toLowerCase()) ?? letters(part));
  }
  // A parenthesised letter or number (⒱, ⑴) is the letter to a reader, not a bracket: ( reads c.
  if (/^\(.+\)$/.test(folded)) folded = folded.slice(1, -1);
  folded = bounded(folded.normalize('NFC'));
  if (folds.size < FOLDS_REMEMBERED) folds.set(character, folded);
  return folded;
}

/**
 * A character's folded form cut to FOLD_CHARACTER_MAX code points, of which at most
 * FOLD_CHARACTER_LETTERS_MAX outside ASCII, marks aside: the matcher reads those a grapheme at a
 * time, about a microsecond each, so they bound a message's cost. Marks on a kept letter stay.
 */
function bounded(folded: string): string {
  let kept = '';
  let count = 0;
  let outside = 0;
  for (const part of folded) {
    const outsideAscii = part.charCodeAt(0) >= 0x80 && !MARK.test(part);
    if (count === FOLD_CHARACTER_MAX || (outsideAscii && outside === FOLD_CHARACTER_LETTERS_MAX)) break;
    kept += part;
    count += 1;
    if (outsideAscii) outside += 1;
  }
  return kept;
}

function plainReading(text: string): string {
  let out = '';
  let read = 0;
  // Counted in characters, as a message's length is: 1,990 emoji take 3,980 UTF-16 units.
  for (const character of text) {
    if (read++ === FOLD_INPUT_MAX) break;
    const code = character.charCodeAt(0);
    // A mark of any script on a letter that reads as ASCII decorates it: a Thai tone mark on the
    // e of 'se่x' is seen as an accent, not read. (The vowel signs of Indic scripts sit on their
    // own letters, which are not ASCII, and stay.)
    if (code >= 0x80 && out.charCodeAt(out.length - 1) < 0x80 && /[a-z0-9]$/.test(out) && MARK.test(character))
      continue;
    out += code < 0x80 ? ASCII[code] : foldCharacter(character);
  }
  // Each character was recomposed (NFC) after folding, so a Korean syllable that NFKD took apart
  // is one character again; recomposing the whole text joins Korean letters typed one by one.
  return out.replace(/\s+/g, ' ').trim().normalize('NFC');
}

/** Digits and signs that stand for letters (l is already i). */
const LEET: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '2': 'z',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '6': 'g',
  '7': 't',
  '8': 'b',
  '9': 'g',
  '@': 'a',
  $: 's',
  '!': 'i',
  '|': 'i',
  '+': 't',
};
const LEET_CHARACTERS = Object.keys(LEET).join('');
/** What spaces single letters apart: anything that is not a letter, a digit or a leet sign. */
const LEET_CLASS = LEET_CHARACTERS.replace(/[|$+]/g, '\\$&');
const SEPARATORS = `[^\\p{L}\\p{N}${LEET_CLASS}]+`;
/** Three or more single letters (or letter-like digits and signs) apart: 's e n d', 'n.u.d.3.s'. */
const SPACED = new RegExp(
  `(?<![\\p{L}\\p{N}_])[\\p{L}${LEET_CLASS}](?:${SEPARATORS}[\\p{L}${LEET_CLASS}](?![\\p{L}\\p{N}_])){2,}`,
  'gu',
);
const SEPARATOR_RUNS = new RegExp(SEPARATORS, 'gu');
/** Digits and signs touching a letter: inside a word, not a number standing alone. */
const LEET_IN_WORD = new RegExp(`(?<=\\p{L})[${LEET_CLASS}]+|[${LEET_CLASS}]+(?=\\p{L})`, 'gu');
/** A word of signs alone, with at least one that is not a digit ('@$$', '4$$'; not '455'). */
const LEET_ALONE = new RegExp(
  `(?<![\\p{L}\\p{N}])(?=[${LEET_CLASS}]*[@$!|])[${LEET_CLASS}]{2,}(?![\\p{L}\\p{N}])`,
  'gu',
);
/** A letter typed three times or more: 'nuuudes', 'fuuuck' (letters as typed, not leet). */
const STRETCHED = /(\p{L})\1{2,}/gu;
const leet = (run: string) => run.replace(/./g, (character) => LEET[character] ?? character);

function decodedReading(plain: string): string {
  return (
    plain
      .replace(SPACED, (run) => run.replace(SEPARATOR_RUNS, ''))
      // Letters typed as letters, before leet: 'word111x' must not read as 'word1x'.
      .replace(STRETCHED, '$1')
      .replace(LEET_IN_WORD, leet)
      .replace(LEET_ALONE, leet)
      // vv for w, and v for u ('fvck'): both sides read every v as u, so 'venmo' still matches 'venmo'.
      .replaceAll('vv', 'w')
      .replaceAll('v', 'u')
      // Words joined by signs read as a phrase: 'send-pics', 'send_pics', 'send.pics'.
      .replace(/[^\p{L}\p{N}\s]+/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** The plain and decoded readings of a text (see above); the same string when nothing was decoded. */
export function foldForMatching(text: string): FoldedText {
  const plain = plainReading(text);
  return { plain, decoded: decodedReading(plain) };
}
