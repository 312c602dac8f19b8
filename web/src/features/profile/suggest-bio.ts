/**
 * 'AI Suggest': a bio drafted locally from the member's own details. No text leaves the
 * browser; the short pause (1.5 s) is there so the button's busy state is visible.
 */
const OPENERS = [
  'Curious, kind and always up for a good conversation.',
  'Looking for someone who laughs easily and listens well.',
  'Happiest with good coffee, good people and a plan for the weekend.',
  'Believer in honest conversations and unhurried first dates.',
];

export function draftBio(details: { name?: string; interests?: string[]; seed?: number }): string {
  const seed = details.seed ?? Math.floor(Math.random() * OPENERS.length);
  const opener = OPENERS[seed % OPENERS.length]!;
  const interests = (details.interests ?? []).slice(0, 3);
  const intro = details.name?.trim() ? `Hi, I'm ${details.name.trim()}. ` : '';
  const likes =
    interests.length === 0
      ? ''
      : ` You'll often find me into ${interests.length === 1 ? interests[0] : `${interests.slice(0, -1).join(', ')} and ${interests.at(-1)}`}.`;
  return `${intro}${opener}${likes} Let's meet somewhere public and see if we click.`;
}

export function suggestBio(details: { name?: string; interests?: string[] }, delayMs: number): Promise<string> {
  return new Promise((resolve) => setTimeout(() => resolve(draftBio(details)), delayMs));
}
