/** Where progress goes: process.stdout, or anything that takes text. */
export type Output = { write(text: string): unknown; isTTY?: boolean };

/** How far a task is; a task in phases (portraits, then members) names the phase, shown as the noun. */
export type Progress = { done: number; total: number; phase?: string };

const count = (n: number) => Math.round(n).toLocaleString('en-US');

/** 38 s, 4 min 10 s, 1 h 5 min: the time left, as precise as it is worth. */
export function durationInWords(seconds: number): string {
  const s = Math.max(1, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min${s % 60 ? ` ${s % 60} s` : ''}`;
  const minutes = Math.round((s % 3600) / 60);
  return `${Math.floor(s / 3600)} h${minutes ? ` ${minutes} min` : ''}`;
}

/** `  12,400 / 100,000 members · 2,310/s · about 38 s left` (rate and time left once known). */
export function progressLine({ done, total }: Progress, noun: string, perSecond: number | null): string {
  let line = `  ${count(done)} / ${count(total)} ${noun}`;
  if (perSecond !== null && perSecond > 0) {
    line += ` · ${count(perSecond)}/s`;
    if (done < total) line += ` · about ${durationInWords((total - done) / perSecond)} left`;
  }
  return line;
}

/** Counts over the last few seconds give the rate: the first members (with drawings) are slower. */
const RATE_WINDOW_MS = 10_000;

/**
 * Shows how far a long task is. On a terminal one line is rewritten every second; in a log (a
 * pipe, CI) a new line is written every five seconds, so the log stays readable. `finish`
 * writes the final count with the average rate and the time it took.
 */
export function progressPrinter(noun: string, out: Output = process.stdout) {
  const tty = out.isTTY === true;
  const everyMs = tty ? 1000 : 5000;
  const started = performance.now();
  const samples: { at: number; done: number }[] = [];
  let last: Progress | null = null;
  let printedAt = started;
  let lineOpen = false;

  const rate = () => {
    const first = samples[0];
    const newest = samples.at(-1);
    if (!first || !newest || newest.at - first.at < 500) return null;
    return ((newest.done - first.done) * 1000) / (newest.at - first.at);
  };
  const print = (line: string) => {
    if (tty) {
      out.write(`\r\x1b[2K${line}`);
      lineOpen = true;
    } else {
      out.write(`${line}\n`);
    }
  };

  /** Ends a rewritten line, so what comes next (a failure's message) starts a line of its own. */
  const stop = () => {
    if (lineOpen) out.write('\n');
    lineOpen = false;
  };

  return {
    stop,
    update: (progress: Progress) => {
      const now = performance.now();
      last = progress;
      samples.push({ at: now, done: progress.done });
      while (samples.length > 2 && samples[0]!.at < now - RATE_WINDOW_MS) samples.shift();
      // Once all is done, the final line (finish) says it; the work may still be wrapping up.
      if (now - printedAt < everyMs || progress.done >= progress.total) return;
      printedAt = now;
      print(progressLine(progress, noun, rate()));
    },
    /** The final count (the last reported, or the one given), the time it took and the average rate. */
    finish: (final: Progress | null = last) => {
      if (final) {
        const seconds = (performance.now() - started) / 1000;
        const took = seconds < 10 ? `${seconds.toFixed(1)} s` : durationInWords(seconds);
        // A rate over less than half a second says nothing (a rerun skips everything at once).
        const rate = seconds >= 0.5 ? ` (${count(final.done / seconds)}/s)` : '';
        print(`${progressLine(final, noun, null)} in ${took}${rate}`);
      }
      stop();
    },
  };
}

/**
 * Progress of a task in phases, one printer per phase. The phases follow one another: when the
 * next one starts, the last one is complete (even if a poll missed its final count) and ends
 * with its final line. `stop` ends quietly, for a failure.
 */
export function phasedProgress(out: Output = process.stdout) {
  let current: { phase: string; printer: ReturnType<typeof progressPrinter>; total: number } | null = null;
  const finish = () => {
    if (current && current.total > 0) {
      current.printer.finish({ done: current.total, total: current.total });
    } else {
      current?.printer.stop();
    }
    current = null;
  };
  return {
    update: (progress: Progress) => {
      const phase = progress.phase ?? 'steps';
      if (current?.phase !== phase) {
        finish();
        current = { phase, printer: progressPrinter(phase, out), total: progress.total };
      }
      current.total = progress.total;
      current.printer.update(progress);
    },
    /** The last phase is complete: its final line. */
    finish,
    /** Ends a rewritten line, so a failure's message starts a line of its own. */
    stop: () => {
      current?.printer.stop();
      current = null;
    },
  };
}
