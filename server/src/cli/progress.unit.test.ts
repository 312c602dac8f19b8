import { afterEach, describe, expect, it, vi } from 'vitest';
import { durationInWords, phasedProgress, progressLine, progressPrinter } from './progress';

describe('seed progress', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('says how far, how fast and about how long is left', () => {
    expect(progressLine({ done: 12_400, total: 100_000 }, 'members', 2_310)).toBe(
      '  12,400 / 100,000 members · 2,310/s · about 38 s left',
    );
    expect(progressLine({ done: 0, total: 60 }, 'members', null)).toBe('  0 / 60 members');
    expect(progressLine({ done: 60, total: 60 }, 'members', 40)).toBe('  60 / 60 members · 40/s');
    expect([durationInWords(0.2), durationInWords(59.6), durationInWords(250), durationInWords(3_900)]).toEqual([
      '1 s',
      '1 min',
      '4 min 10 s',
      '1 h 5 min',
    ]);
  });

  const printed = (tty: boolean) => {
    const lines: string[] = [];
    return { out: { isTTY: tty, write: (text: string) => lines.push(text) }, lines };
  };

  it('writes a line every five seconds in a log, with the rate of the last seconds', () => {
    vi.useFakeTimers();
    const { out, lines } = printed(false);
    const progress = progressPrinter('members', out);
    for (let second = 1; second <= 10; second++) {
      vi.advanceTimersByTime(1000);
      progress.update({ done: second * 100, total: 2_000 });
    }
    progress.finish();
    expect(lines).toEqual([
      '  500 / 2,000 members · 100/s · about 15 s left\n',
      '  1,000 / 2,000 members · 100/s · about 10 s left\n',
      '  1,000 / 2,000 members in 10 s (100/s)\n',
    ]);
  });

  it('rewrites one line every second on a terminal, and ends it before anything else is printed', () => {
    vi.useFakeTimers();
    const { out, lines } = printed(true);
    const progress = progressPrinter('members', out);
    vi.advanceTimersByTime(1000);
    progress.update({ done: 10, total: 20 });
    vi.advanceTimersByTime(500);
    progress.update({ done: 15, total: 20 }); // too soon to print
    progress.stop();
    expect(lines).toEqual(['\r\x1b[2K  10 / 20 members', '\n']);
  });

  it('prints each phase on its own, closing a finished one with its final line', () => {
    vi.useFakeTimers();
    const { out, lines } = printed(false);
    const progress = phasedProgress(out);
    progress.update({ phase: 'portraits', done: 0, total: 3 });
    vi.advanceTimersByTime(2000);
    progress.update({ phase: 'portraits', done: 3, total: 3 });
    progress.update({ phase: 'members', done: 0, total: 500 });
    vi.advanceTimersByTime(1000);
    progress.update({ phase: 'members', done: 500, total: 500 });
    progress.finish();
    expect(lines).toEqual(['  3 / 3 portraits in 2.0 s (2/s)\n', '  500 / 500 members in 1.0 s (500/s)\n']);
  });
});
