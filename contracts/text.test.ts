import { describe, expect, it } from 'vitest';
import { personName, unlinked } from './text';

/** Someone using a name (a contact's, their own) to carry a link or a number into our mail. */
describe('names that carry nothing but a name', () => {
  it.each([
    'Mia https://evil.example/login',
    'Mia evil.com',
    'Mia www.evil',
    'verify at evil[.]com',
    'verify at evil(dot)com',
    'evil\u2027com',
    'evil\u00B7com',
    'evil\uFE52com',
    'evil\u3002com',
    'Mia mia@evil.com',
    'Your Vouch account is locked. Call 0800 555 0100 now',
    'Call +44 (20) 7946-0958',
    // A second round (2026-11-27):
    '\u{1D7CE}\u{1D7D6}\u{1D7CE}\u{1D7CE}\u{1D7D3}\u{1D7D3}\u{1D7D3}\u{1D7CE}\u{1D7CF}\u{1D7CE}\u{1D7CE}',
    'evil\u2E31com',
  ])('refuses %j', (name) => {
    expect(personName(name)).toBe(false);
  });

  it.each(["Mary-Jane O'Neil", 'J. R. Smith', 'Gal·la Puig', 'Zoë Ångström', '李小龙', 'Anne 2nd', 'Dr. Mia Wong'])(
    'accepts %j',
    (name) => {
      expect(personName(name)).toBe(true);
    },
  );

  it('breaks every address in free text so that no mail client links it', () => {
    expect(unlinked('see evil.com or evil[.]com')).not.toMatch(/evil\.com|evil\[\.\]com/);
  });
});
