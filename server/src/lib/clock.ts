/**
 * The time as the server's scheduled work sees it (jobs, check-ins, reminder mail). It is the
 * system's time, moved on only by tests and, outside production, by the loopback-only
 * /api/dev/clock: a test of "a check-in missed for 30 minutes" does not wait 30 minutes.
 */
export class Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /** Moves this server's time on (never back); returns the new time. */
  advance(ms: number): Date {
    this.offsetMs += Math.max(0, ms);
    return this.now();
  }

  /**
   * Back to the system's time: for a test that compares the clock with times the database wrote
   * (a message's), after earlier tests on the same server moved it on. Not reachable over HTTP.
   */
  resetForTest(): void {
    this.offsetMs = 0;
  }
}
