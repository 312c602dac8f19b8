import { describe, expect, it } from 'vitest';
import { compileHiddenWords, normalizeHiddenWord } from './hidden-words';

/** Whether a message is hidden from a member who hid these words (as the server stores them). */
const hiderOf = (words: string[]) => {
  const matcher = compileHiddenWords(words.map(normalizeHiddenWord));
  return (text: string) => matcher.matches(text);
};

describe('hidden words', () => {
  it('finds whole words in any case or width, phrases across spaces, and emoji anywhere', () => {
    const hides = hiderOf(['ass', 'send nudes', '🍆', 'café', 'c#']);
    expect(hides('What an ASS')).toBe(true);
    expect(hides('Second class ticket')).toBe(false);
    expect(hides('pls  SEND   nudes')).toBe(true);
    expect(hides('ｓｅｎｄ ｎｕｄｅｓ')).toBe(true);
    expect(hides('look🍆')).toBe(true);
    expect(hides('Meet at the CAFÉ?')).toBe(true);
    expect(hides('cafés are nice')).toBe(false);
    expect(hides('I write C# for work')).toBe(true);
    expect(hides('a (regex) [test] *.+?')).toBe(false);
    expect(hiderOf([])('anything')).toBe(false);
  });

  // The disguises an abuser reaches for (docs/threat-model.md, Hidden words). Each is read as the
  // word it imitates, so each must land in the Hidden folder.
  const LIST = [
    'send nudes',
    'idiot',
    'venmo',
    'ass',
    'paypal',
    'cash',
    'loser',
    'дурак',
    'ηλίθιος',
    'whatsapp',
    'bitch',
    'ugly',
    'crazy',
    'fuck',
    'kill',
    'sex',
  ];
  const tag = (ascii: string) => ascii.replace(/./g, (ch) => String.fromCodePoint(0xe0000 + ch.charCodeAt(0)));
  const EVASIONS: [string, string][] = [
    ['zero-width space', 'send nu\u200Bdes'],
    ['zero-width joiner', 'ven\u200Dmo'],
    ['zero-width non-joiner', 'id\u200Ciot'],
    ['soft hyphen', 'ven\u00ADmo'],
    ['word joiner', 'id\u2060io\u2060t'],
    ['byte order mark', 'pay\uFEFFpal'],
    ['tag characters', `ven${tag('xx')}mo`],
    ['variation selector', 've\uFE0Fnmo'],
    ['Hangul filler', 'ven\u3164mo'],
    ['combining grapheme joiner', 'id\u034Fiot'],
    ['Cyrillic і and о', '\u0456d\u0456\u043Et'],
    ['Cyrillic с', '\u0441ash'],
    ['Cyrillic е', 's\u0435nd nud\u0435s'],
    ['Cyrillic р and а', '\u0440\u0430yp\u0430l'],
    ['Cyrillic capitals', 'V\u0415N\u041C\u041E'],
    ['Greek ε and ο', 'v\u03B5nm\u03BF'],
    ['Greek α', '\u03B1ss'],
    ['Greek capitals', '\u0399D\u0399\u039FT'],
    ['fullwidth', 'ｖｅｎｍｏ'],
    ['mathematical letters', '𝐯𝐞𝐧𝐦𝐨'],
    ['accent, precomposed', 'vénmö'],
    ['accent, decomposed', 've\u0301nmo\u0308'],
    ['stacked combining marks', 'i\u0336\u0337d\u0335i\u0338\u0334o\u0335t\u0489'],
    ['dotless ı', '\u0131d\u0131ot'],
    ['Turkish İ', '\u0130D\u0130OT'],
    ['leetspeak 1 and 0', '1d10t'],
    ['leetspeak 3 and 0', 'v3nm0'],
    ['leetspeak 4', 'what a 4ss'],
    ['leetspeak 5', '5end nude5'],
    ['leetspeak 7', 'idio7'],
    ['leetspeak @', '@ss'],
    ['leetspeak $', '$end nudes'],
    ['leetspeak 1 for l', '1oser'],
    ['spaced letters', 's e n d n u d e s'],
    ['dotted letters', 's.e.n.d n.u.d.e.s'],
    ['dashed and underscored letters', 'v-e-n-m-o or p_a_y_p_a_l'],
    ['phrase without its space', 'sendnudes'],
    ['mixed: Cyrillic, leet, spacing, marks and a zero-width space', 'ѕ 3 n\u200B d  n ú d e $'],
    ['mixed: capitals, leet and Greek', 'V3NΜ0'],
    ['asterisks between letters', 's*e*n*d n*u*d*e*s'],
    ['slashes between letters', 'v/e/n/m/o'],
    ['commas between letters', 'v,e,n,m,o'],
    ['blank braille cells between letters', 'v\u2800e\u2800n\u2800m\u2800o'],
    ['a phrase joined by a dash', 'send-nudes'],
    ['a phrase joined by an underscore', 'send_nudes'],
    ['signs alone', 'what an @$$'],
    ['stretched letters', 'you iiidiooot'],
    ['parenthesised letters', '⒱⒠⒩⒨⒪'],
    ['negative squared letters', '🆅🅴🅽🅼🅾'],
    ['regional indicator letters', '🇻🇪🇳🇲🇴'],
    ['small capitals', 'ᴠᴇɴᴍᴏ'],
    ['a long run of emoji before it', `${'😀'.repeat(1990)} venmo`],
    ['Cyrillic word in capitals', 'ДУРАК'],
    ['Greek word in capitals without its accent', 'ΗΛΙΘΙΟΣ'],
    // A stranger's round on the first version of this list (2026-11-27):
    ['a tone mark of another script on a letter', 'se\u0E48x'],
    ['a space inside a word, a letter apart', 'se x'],
    ['a dash inside a word', 'se-x'],
    ['a dot inside a word', 'ven.mo'],
    ['bars between letters', 's|e|x'],
    ['asterisks around a word', '**se**x'],
    ['leetspeak 8', '8itch'],
    ['leetspeak 9', 'u9ly'],
    ['leetspeak 6', 'u6ly'],
    ['leetspeak +', 'bi+ch'],
    ['v for u', 'fvck'],
    ['a starred vowel', 'f*ck'],
    ['kra for k', '\u0138ill'],
    ['l with a middle dot', '\u0140oser'],
    ['a doubled letter', 'send nuudes'],
    // A second round (2026-11-27):
    ['a hash for a vowel', 'f#ck'],
    ['a dash for a vowel', 'f-ck'],
    ['a dot for a vowel', 'f.ck'],
    ['an underscore for a vowel', 'f_ck'],
    ['a percent sign for a vowel', 'f%ck'],
    ['a star sign for a vowel', 'f\u2605ck'],
    ['all but its ends masked', 'f**k'],
    ['Cyrillic є', 's\u0454x'],
    ['Greek ω for w', '\u03C9hatsapp'],
    ['vv for w', 'vvhatsapp'],
    ['Cyrillic п for n', 'send \u043Fudes'],
    ['Cyrillic и for n', 'send \u0438udes'],
  ];
  it.each(EVASIONS)('hides a word disguised with %s', (_, text) => {
    expect(hiderOf(LIST)(text)).toBe(true);
  });

  const NEAR_MISSES = [
    'Second class ticket',
    'I passed the assessment in Massachusetts',
    'My cashew allergy',
    'Venmoville is a town',
    'Idiotic? No, idiosyncratic',
    "I'm 25, 5'7\" and live 455 km away",
    'Room 101 at 7:45, gate 14',
    'Let us meet a.s.a.p. at the c l a s s',
    'It costs $5',
    'cl4ss act',
    'Привет! Как дела? Дом у моря.',
    'Ich bin müde, aber glücklich',
    'Μου αρέσει η θάλασσα',
    'send a nude-coloured scarf',
    'Cas, how are you?',
    'I was expecting you',
    'Use xylophones',
    'the glass exhibit',
    'It was so exciting',
    'Bob assumed so',
    'a s a p please, see the c l a s s list',
    'I love vodka',
    'Dinner at 8, movie at 9',
    'as you like',
  ];
  it.each(NEAR_MISSES)('leaves %j alone', (text) => {
    expect(hiderOf(LIST)(text)).toBe(false);
  });

  it('reads a list of thousands of distinct characters, each code whole', () => {
    // 1,200 two-character words of CJK ideographs: codes three digits wide.
    const ideograph = (i: number) => String.fromCodePoint(0x4e00 + i);
    const words = Array.from({ length: 1200 }, (_, i) => ideograph(2 * i) + ideograph(2 * i + 1));
    const hides = hiderOf(words);
    expect(hides(`你 ${ideograph(1000)}${ideograph(1001)} 好`)).toBe(true);
    // The same characters in other pairs are not the words.
    expect(hides(`${ideograph(1001)}${ideograph(1002)} ${ideograph(1)}${ideograph(0)}`)).toBe(false);
    // Control characters typed in a message cannot spell a code.
    expect(hides('\x01\x02\x02\x02\x01\x02\x02\x03')).toBe(false);
  });

  // Innocent messages a second round found hidden, each against the word it was taken for.
  const TAKEN_FOR: [string, string][] = [
    ['ill', 'I think so'],
    ['ill', "I'm fine"],
    ['will', 'the wi-fi is down'],
    ['bill', "I'm bi"],
    ['still', 'got tested for every STI'],
    ['chill', 'I do tai chi'],
    ['god', 'Good morning!'],
    ['sex', "It's ex-girlfriend drama"],
    ['sex', "he's ex-army"],
    ['sex', "that's ex-pensive"],
    ['snap', "It's nap time"],
    ['shit', "it's hit or miss"],
    ['strip', "It's trip planning"],
    ['cum', "I'm (um) not sure"],
    ['clit', 'That party was (lit)'],
    ['crap', '(rap music)'],
    ['cash', 'the (ash tray)'],
    ['anal', 'Dinner with an Al Pacino fan'],
    ['meth', 'she owes me th\u2026'],
  ];
  it.each(TAKEN_FOR)('does not take %j for %j', (word, text) => {
    expect(hiderOf([word])(text)).toBe(false);
  });

  it('looks at a bounded number of candidate matches, and hides a message made to give more', () => {
    const suffixes = Array.from({ length: 99 }, (_, i) => 'ab'.repeat(50).slice(i));
    const hides = hiderOf(suffixes);
    const started = performance.now();
    expect(hides('a b '.repeat(500))).toBe(true);
    expect(performance.now() - started).toBeLessThan(1000); // 17 ms of work once, against seconds unbounded
  });

  it('matches a list word written with the same disguises', () => {
    expect(hiderOf(['v3nm0'])('venmo')).toBe(true);
    expect(hiderOf(['іdіоt'])('idiot')).toBe(true);
    expect(hiderOf(['s e n d'])('send it')).toBe(true);
    expect(hiderOf(['\u200B'])('anything\u200B')).toBe(false);
  });
});
