import { describe, expect, it } from 'vitest';
import { draftBio } from './suggest-bio';

describe('AI Suggest bio', () => {
  it('writes from the name and the first three interests', () => {
    const bio = draftBio({ name: ' Amy ', interests: ['hiking', 'jazz', 'cooking', 'chess'], seed: 0 });
    expect(bio.startsWith("Hi, I'm Amy. ")).toBe(true);
    expect(bio).toContain('hiking, jazz and cooking');
    expect(bio).not.toContain('chess');
  });

  it('still writes something useful with no details', () => {
    const bio = draftBio({ seed: 1 });
    expect(bio.length).toBeGreaterThan(40);
    expect(bio).not.toContain('undefined');
  });
});
