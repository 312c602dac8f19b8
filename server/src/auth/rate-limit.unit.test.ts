import { describe, expect, it } from 'vitest';
import { addressKey, mailLimits, signInLimits } from './rate-limit';

describe('auth rate limits', () => {
  it('limits sign-in per address, per account and address, and per account for strangers only', () => {
    const stranger = signInLimits('10.0.0.1', '  Amy@Example.com ', false, 60);
    expect(stranger.map((l) => l.key)).toEqual([
      'sign-in:ip:10.0.0.1',
      'sign-in:email-ip:amy@example.com|10.0.0.1',
      'sign-in:email-strangers:amy@example.com',
    ]);
    expect(stranger[1]!.max).toBe(5);
    // The owner's own address or device is not held back by what strangers spent.
    expect(signInLimits('10.0.0.1', 'amy@example.com', true, 60).map((l) => l.key)).not.toContain(
      'sign-in:email-strangers:amy@example.com',
    );
  });

  it('limits every mail-sending call and leaves other paths alone', () => {
    for (const path of [
      '/sign-up/email',
      '/sign-in/magic-link',
      '/request-password-reset',
      '/send-verification-email',
    ]) {
      expect(mailLimits(path, 'ip', 'a@b.co', 60).length).toBe(2);
    }
    expect(mailLimits('/sign-out', 'ip', undefined, 60)).toEqual([]);
  });

  it('keys an IPv6 address on its /64 and an IPv4-mapped address as IPv4', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff:ffff:ffff:fffe')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::5')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
  });
});
