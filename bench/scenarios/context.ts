import type { HttpClient } from '../lib/load';
import type { CpuSample } from '../lib/processes';
import type { Session } from '../lib/sessions';
import type { Tier } from '../lib/seed';

/** What every scenario gets: the running server, its signed-in members and the run's pace. */
export type ScenarioContext = {
  client: HttpClient;
  sessions: Session[];
  tier: Tier;
  /** Seconds per measured phase. */
  seconds: number;
  /** CPU used so far by the server, its database processes and the load generator. */
  cpu: () => CpuSample;
  /** The server's resident memory after a garbage collection, in KB. */
  rss: () => Promise<number>;
  say: (line: string) => void;
};

/** Session members who swipe in the like/pass and race scenarios (the power swipers sit out). */
export const swipingSessions = (context: ScenarioContext) => context.sessions.filter((s) => s.index > 5);

export const ok = (status: number) => status >= 200 && status < 300;

/**
 * The rate for a latency measurement: the budget's rate, or 80% of the most the server did in
 * this run if that is less (beyond its capacity a queue only grows, and the run would not end).
 */
export const fixedRate = (target: number, measuredMax: number) =>
  Math.max(5, Math.min(target, Math.round(measuredMax * 0.8)));

/**
 * Latency is measured open-loop at half the capacity measured in the same run: far enough
 * below it that a queue does not build, at a rate the floor is measured at too.
 */
export const halfCapacity = (measuredMax: number) => Math.max(5, Math.round(measuredMax / 2));
