import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client';
import type { Clock } from '../lib/clock';
import type { Logger } from '../lib/logger';
import { claimDueJobs, failJob, finishJob, type ClaimedJob } from './queue';

/** What a kind of job does. It may run more than once (a server dying mid-job): make it safe to repeat. */
export type JobHandler = (job: ClaimedJob) => Promise<void>;
export type JobHandlers = Record<string, JobHandler>;

const LEASE_MS = 2 * 60_000;
const BATCH = 10;
const MAX_ATTEMPTS = 5;
/** Waits before the next attempt: 30 s, 2 min, 10 min, 30 min. */
const RETRY_AFTER_MS = [30_000, 120_000, 600_000, 1_800_000];

/**
 * Runs due jobs every `pollMs`, on every server. The database hands each job to one server at
 * a time (queue.ts); a server that stops mid-job leaves it to be claimed again when its lease
 * runs out, so work survives restarts and is not done twice by two servers.
 */
export class JobRunner {
  private timer: ReturnType<typeof setInterval> | null = null;
  private running: Promise<number> | null = null;
  /** This server's name on the jobs it holds. */
  readonly owner = `server-${randomUUID().slice(0, 8)}`;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private handlers: JobHandlers = {},
  ) {}

  /** The modules' handlers, given once the app is composed. */
  setHandlers(handlers: JobHandlers): void {
    this.handlers = handlers;
  }

  start(pollMs: number): void {
    this.timer ??= setInterval(() => void this.runDue(), pollMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Runs every job due now, batch after batch, one pass at a time; how many ran. */
  runDue(): Promise<number> {
    this.running ??= this.drain().finally(() => (this.running = null));
    return this.running;
  }

  private async drain(): Promise<number> {
    let ran = 0;
    for (;;) {
      const claimed = await claimDueJobs(this.db, {
        now: this.clock.now(),
        leaseMs: LEASE_MS,
        limit: BATCH,
        owner: this.owner,
      }).catch((error: unknown) => {
        this.logger.warn({ err: error }, 'due jobs could not be claimed');
        return [];
      });
      if (!claimed.length) return ran;
      for (const job of claimed) await this.runOne(job);
      ran += claimed.length;
    }
  }

  private async runOne(job: ClaimedJob): Promise<void> {
    const handler = this.handlers[job.kind];
    try {
      if (!handler) throw new Error(`no handler for jobs of kind ${job.kind}`);
      await handler(job);
      await finishJob(this.db, { id: job.id, owner: this.owner });
    } catch (error) {
      const last = job.attempts >= MAX_ATTEMPTS;
      const wait = RETRY_AFTER_MS[Math.min(job.attempts - 1, RETRY_AFTER_MS.length - 1)]!;
      this.logger.error({ err: error, jobId: job.id, kind: job.kind, attempts: job.attempts }, 'a job failed');
      await failJob(this.db, {
        id: job.id,
        owner: this.owner,
        error: error instanceof Error ? error.message : String(error),
        retryAt: last ? null : new Date(this.clock.now().getTime() + wait),
      }).catch((failure: unknown) =>
        this.logger.error({ err: failure, jobId: job.id }, 'a failed job was not recorded'),
      );
    }
  }
}
