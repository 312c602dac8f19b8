/** Free text typed by someone (a moderator's reason) as one sentence: capitalised, one final stop. */
export function asSentence(text: string): string {
  const said = text.trim().replace(/\s+/g, ' ');
  if (!said) return '';
  return `${said[0]!.toUpperCase()}${said.slice(1)}${/[.!?]$/.test(said) ? '' : '.'}`;
}
