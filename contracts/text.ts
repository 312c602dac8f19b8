/** Free text typed by someone (a moderator's reason) as one sentence: capitalised, one final stop. */
export function asSentence(text: string): string {
  const said = text.trim().replace(/\s+/g, ' ');
  if (!said) return '';
  return `${said[0]!.toUpperCase()}${said.slice(1)}${/[.!?]$/.test(said) ? '' : '.'}`;
}

/**
 * A web or mail address inside a text: a scheme (https://), www., an @ between words, or a
 * domain (letters, a dot, a top-level name). What a phishing name or note would carry.
 */
const ADDRESS = /[a-z][a-z0-9+.-]*:\/\/\S*|\bwww\.|\S@\S|(?:[\p{L}\p{N}-]+\.)+\p{L}{2,}(?![\p{L}\p{N}])/iu;

export const NAME_TEXT = {
  noLinks: 'A name cannot contain a web or email address.',
} as const;

/** Whether a text carries a web or mail address. */
export const hasAddress = (text: string) => ADDRESS.test(text);

/**
 * The text with every address in it broken, so that no mail client turns it into a link: the
 * dots become one-dot leaders (U+2024) and the @ a full-width one. It still reads the same.
 */
export const unlinked = (text: string) =>
  text.replace(new RegExp(ADDRESS.source, 'giu'), (found) =>
    found.replace(/\./g, '\u2024').replace(/@/g, '\uFF20').replace(/:\/\//g, '\u2236//'),
  );

/** A person's name as someone types it (their own, a contact's): no address may ride in it. */
export const personName = (name: string) => !hasAddress(name);
