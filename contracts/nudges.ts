/**
 * Safety nudges, in one place: the patterns for insults, sexual solicitation, payment requests
 * and moving the conversation off Vouch. A match asks the sender 'Are you sure?' and the
 * recipient 'Does this bother you?'. The same function runs in the browser (before sending) and
 * on the server (to flag the message); nudges.test.ts lists what each kind must catch and the
 * innocent near-misses it must leave alone.
 *
 * Text is read as hidden words read it (text-fold.ts): folded plain (case, width, accents,
 * invisible characters and look-alike letters undone), decoded (leetspeak such as 1d10t and n00dz,
 * letters spaced or dotted apart such as i d i o t and w.h.a.t.s.a.p.p), and, for this lexicon
 * alone, decoded with stretched letters shortened (fuuuck). Masked letters (f*** you, f*ck off)
 * are matched by the patterns themselves.
 */
import { NUDGE_KINDS, type NudgeKind } from './nudge-kinds';
import { foldForMatching } from './text-fold';

// A masked letter: what people type instead of one they mean to hide.
const M = '[*#@%$!?_.-]';

const PATTERNS: Record<NudgeKind, RegExp[]> = {
  insult: [
    /\b(idiot|stupid|moron|loser|ugly|worthless|pathetic|retard(ed)?|bitch|slut|whore|cunt|dickhead|asshole|arsehole|fat (pig|cow)|shut up|stfu|kill yourself|kys|piece of shit|go to hell|screw you)\b/,
    /\bfuck(ing)? (you|u|off|ya)\b/,
    // f*** you, f*ck off, f**k u, fck you
    new RegExp(`\\bf(${M}|u|c|k){1,4}\\s*(you|u|off|ya)\\b`),
    new RegExp(`\\bsh${M}t(head)?\\b|\\bb${M}{1,3}tch\\b|\\bc${M}{1,2}nt\\b`),
  ],
  solicitation: [
    /\b(send (me )?(nudes?|pics of you|naked)|nudes?|nudez|noods|noodz|dtf|sext(ing)?|hook ?up tonight|only ?fans|pay (you )?for sex|sugar (daddy|baby)|body pics|show me your body)\b/,
  ],
  payment: [
    /\b(cash ?app|venmo|zelle|paypal(\.me)?|revolut|skrill|western union|money ?gram|wire (me|transfer)|gift ?cards?|itunes card|steam card|amazon card|apple pay me|bitcoin|btc|usdt|crypto wallet|send (me )?money|bank (account|details)|investment opportunity)\b/,
  ],
  off_platform: [
    // Other messengers and social accounts, named as the place to continue.
    /\b(whats ?app|wa\.me|telegram|t\.me|snap ?chat|kik|wechat|viber|my snap|insta(gram)? (handle|is|name)|my (ig|insta|instagram) is)\b/,
    /\b(message|text|dm|call|find|add|reach) me on (signal|snap|insta|instagram|ig|facebook|fb|messenger|line|discord|my (cell|mobile|phone))\b/,
    // Text or call me instead, or at a number.
    /\b(text|call|ring) me (instead|at \+?\d{3})/,
    /\b(my|here'?s? my|what'?s your|give me your|send me your) (number(?! one)|digits|cell|mobile|phone number|email)\b/,
    // An email address, or a phone number (nine digits or more, however they are spaced).
    /\b[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}\b/,
    /(?:\+?\d[\s().-]*){9,}/,
  ],
};

/**
 * The patterns are written in plain lower case; folded text reads l as i (text-fold.ts), so each
 * is read the same way. No pattern uses an escape with the letter l.
 */
const FOLDED_PATTERNS = Object.fromEntries(
  NUDGE_KINDS.map((kind) => [
    kind,
    PATTERNS[kind].map((pattern) => new RegExp(pattern.source.replaceAll('l', 'i'), pattern.flags)),
  ]),
) as Record<NudgeKind, RegExp[]>;

export function nudgeFor(text: string): NudgeKind | null {
  const { plain, decoded } = foldForMatching(text);
  // Stretched letters: three or more of one letter read as one.
  const variants = [plain, decoded, decoded.replace(/(\p{L})\1{2,}/gu, '$1')];
  for (const kind of NUDGE_KINDS) {
    if (FOLDED_PATTERNS[kind].some((pattern) => variants.some((variant) => pattern.test(variant)))) return kind;
  }
  return null;
}
