import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { RatingDisplay } from './card-parts';
import { likesLeftLabel } from './discover-deck';
import type { TProfileCard } from '@contracts/discovery';

// Counts read as English: one like, one rated date.
describe('counts on cards and in the deck', () => {
  it('says "1 like left today" and "2 likes left today"', () => {
    expect(likesLeftLabel(1)).toBe('1 like left today');
    expect(likesLeftLabel(2)).toBe('2 likes left today');
    expect(likesLeftLabel(0)).toBe('0 likes left today');
  });

  it('says "1 rated date", as the Profile tab does', () => {
    const card = { avgRating: 4.5, reviewCount: 1 } as TProfileCard;
    const { container, rerender } = render(<RatingDisplay card={card} />);
    expect(container.textContent).toContain('· 1 rated date');
    expect(container.textContent).not.toContain('dates');
    rerender(<RatingDisplay card={{ ...card, reviewCount: 3 }} />);
    expect(container.textContent).toContain('· 3 rated dates');
  });
});

describe('the rejected-selfie notice', () => {
  it('keeps the reason a sentence of its own', async () => {
    const { rejectionText } = await import('@/features/trust');
    expect(rejectionText('face not visible')).toBe(
      'Your last selfie was not approved. Reason: Face not visible. Please try again.',
    );
    expect(rejectionText('Wrong pose!')).toBe(
      'Your last selfie was not approved. Reason: Wrong pose! Please try again.',
    );
    expect(rejectionText(null)).toBe('Your last selfie was not approved. Please try again.');
  });
});
