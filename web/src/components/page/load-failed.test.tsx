import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { ApiError } from '@/lib/api-client';
import { LoadFailed } from './load-failed';

describe('LoadFailed', () => {
  it("says why the list could not load (the server's reason, else ours) and tries again on request", () => {
    const retry = vi.fn();
    render(<LoadFailed error={new ApiError(0, 'NETWORK', 'Could not reach Vouch.')} failure="x" onRetry={retry} />);
    expect(screen.getByRole('alert').textContent).toContain('Could not reach Vouch.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledOnce();
  });
});
