import { describe, expect, it } from 'vitest';
import { timeToken, withLocalTimes } from './times';

describe('times in stored texts', () => {
  it("are written in the reader's own zone, not UTC", () => {
    const message = `${timeToken(new Date('2026-11-26T20:17:00Z'))} at Cafe Lura. Accept it, or propose another time.`;
    expect(message).not.toContain('UTC');
    const inChicago = withLocalTimes(message, (date) =>
      date.toLocaleString('en-US', {
        timeZone: 'America/Chicago',
        weekday: 'short',
        hour: 'numeric',
        minute: '2-digit',
      }),
    );
    expect(inChicago).toBe('Thu 2:17 PM at Cafe Lura. Accept it, or propose another time.');
    expect(withLocalTimes('No time here.')).toBe('No time here.');
  });
});
