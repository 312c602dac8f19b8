import { describe, expect, it } from 'vitest';
import { canonicalEmail } from './returning';

describe('recognising a returning mailbox', () => {
  it('reads the usual spellings of one mailbox as one', () => {
    expect(canonicalEmail(' Ann.Lee+dating@Gmail.com ')).toBe('annlee@gmail.com');
    expect(canonicalEmail('ann.lee@googlemail.com')).toBe('annlee@gmail.com');
    expect(canonicalEmail('Ann.Lee+x@example.com')).toBe('ann.lee@example.com');
  });
});
