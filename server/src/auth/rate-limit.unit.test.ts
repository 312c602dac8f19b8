import { describe, expect, it } from 'vitest';
import { authLimits } from './rate-limit';

describe('auth rate limits', () => {
  it('limits sign-in per IP and per normalised email', () => {
    const limits = authLimits('/sign-in/email', '10.0.0.1', '  Amy@Example.com ', 60);
    expect(limits.map((l) => l.key)).toEqual(['sign-in:ip:10.0.0.1', 'sign-in:email:amy@example.com']);
    expect(limits[1]!.max).toBe(5);
  });

  it('limits every mail-sending call and leaves other paths alone', () => {
    for (const path of ['/sign-up/email', '/sign-in/magic-link', '/request-password-reset', '/send-verification-email']) {
      expect(authLimits(path, 'ip', 'a@b.co', 60).length).toBe(2);
    }
    expect(authLimits('/get-session', 'ip', undefined, 60)).toEqual([]);
  });
});
