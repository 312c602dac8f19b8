/** Free text typed by someone (a moderator's reason) as one sentence: capitalised, one final stop. */
export function asSentence(text: string): string {
  const said = text.trim().replace(/\s+/g, ' ');
  if (!said) return '';
  return `${said[0]!.toUpperCase()}${said.slice(1)}${/[.!?]$/.test(said) ? '' : '.'}`;
}

/**
 * The dots a reader takes for one in an address: full stop, fullwidth, halfwidth, ideographic, the
 * one-dot leader, the hyphenation point, the small full stop, the word separator middle dot, a
 * middle dot (except the Catalan l·l of 'Gal·la'), and a dot in brackets ('evil[.]com', 'evil(dot)com').
 */
const DOT = '(?:[.\\uFF0E\\uFF61\\u3002\\u2024\\u2027\\uFE52\\u2E31]|(?<!l)\\u00B7|\\u00B7(?!l)|[[(](?:\\.|dot)[\\])])';

/**
 * A web or mail address inside a text: a scheme (https://), www., an @ between words, an IP
 * address, or a domain (letters, a dot, a top-level name). What a phishing name or note would
 * carry. Read without invisible characters, which a mail client would skip.
 */
const ADDRESS = new RegExp(
  [
    '[a-z][a-z0-9+.-]*:\\/\\/\\S*',
    `\\bwww${DOT}`,
    '\\S@\\S',
    `\\b\\d{1,3}(?:${DOT}\\d{1,3}){3}\\b`,
    `(?:[\\p{L}\\p{N}-]+${DOT})+\\p{L}{2,}(?![\\p{L}\\p{N}])`,
  ].join('|'),
  'iu',
);
/** As a reader sees it: invisible characters gone, font and width forms (𝟎, ０) as the plain ones. */
const visible = (text: string) => text.normalize('NFKC').replace(/\p{Default_Ignorable_Code_Point}/gu, '');

export const NAME_TEXT = {
  noLinks: 'A name cannot contain a web or email address, or a phone number.',
} as const;

/** A phone number: six or more digits, spaced, dotted, dashed or bracketed as people write them. */
const PHONE = /\+?\d(?:[\s().-]*\d){5,}/u;

/** Whether a text carries a web or mail address. */
export const hasAddress = (text: string) => ADDRESS.test(visible(text));

/**
 * The text with every address in it broken, so that no mail client turns it into a link: the
 * dots become one-dot leaders (U+2024) and the @ a full-width one. It still reads the same.
 */
export const unlinked = (text: string) =>
  visible(text).replace(new RegExp(ADDRESS.source, 'giu'), (found) =>
    found.replace(new RegExp(DOT, 'gu'), '\u2024').replace(/@/g, '\uFF20').replace(/:\/\//g, '\u2236//'),
  );

/** A person's name as someone types it (their own, a contact's): no address or number may ride in it. */
export const personName = (name: string) => !hasAddress(name) && !PHONE.test(visible(name));
