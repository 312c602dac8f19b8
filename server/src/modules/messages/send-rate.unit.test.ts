import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import { sendRate } from './send-rate';

describe("the pace of one member's sends", () => {
  it("allows the minute's messages, refuses the next with the wait, and starts again after a minute", () => {
    const rate = sendRate(3);
    const start = 1_000_000;
    for (let i = 0; i < 3; i++) rate.count('ana', start + i);
    let refused: unknown;
    try {
      rate.count('ana', start + 10_000);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe('RATE_LIMITED');
    expect((refused as AppError).headers).toEqual({ 'Retry-After': '50' });
    // Another member is counted apart; the same one again once the minute is over.
    expect(() => rate.count('bea', start + 10_000)).not.toThrow();
    expect(() => rate.count('ana', start + 60_000)).not.toThrow();
  });
});
