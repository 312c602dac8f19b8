import { randomUUID } from 'node:crypto';
import type { TSeedJob } from '../../../../contracts/responses';
import type { Deps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { seedDemoData, type SeedProgress } from './service';

/** A job as the control routes answer it (contracts/responses.ts). */
export type SeedJob = TSeedJob;

/** Finished jobs kept for a late look; older ones are forgotten. */
const KEPT_JOBS = 10;

/**
 * `npm run seed` through a running server, as a job the CLI follows: a long seed would outlast
 * any one HTTP request (Node's fetch gives up after 300 s while the server went on seeding).
 * Jobs live in the server's memory, one list per database: only this process's CLI reaches them
 * (the control token), and a restart forgets them, as it stops the seed.
 */
const jobsByDatabase = new WeakMap<object, Map<string, SeedJob>>();

const jobsOf = (deps: Pick<Deps, 'database'>) => {
  let jobs = jobsByDatabase.get(deps.database);
  if (!jobs) jobsByDatabase.set(deps.database, (jobs = new Map()));
  return jobs;
};

const view = (job: SeedJob): SeedJob => ({ ...job });

/**
 * Starts seeding in the background and answers at once. One seed at a time: a second start
 * while one runs is refused (409) rather than joined, since it may ask for another count, and
 * two seeds at once would race for the same seed-NNNN emails.
 */
export function startSeedJob(
  deps: Pick<Deps, 'auth' | 'database' | 'storage' | 'logger'>,
  options: { profiles?: number },
): SeedJob {
  const jobs = jobsOf(deps);
  const running = [...jobs.values()].find((job) => job.state === 'running');
  if (running) {
    const where = running.phase
      ? `${running.done.toLocaleString('en-US')} of ${running.total.toLocaleString('en-US')} ${running.phase}`
      : 'starting';
    throw new AppError(
      'CONFLICT',
      `A seed is already running (${where}, job ${running.jobId}). Wait for it to finish, then run this one again.`,
    );
  }
  const job: SeedJob = { jobId: randomUUID(), state: 'running', phase: null, done: 0, total: 0 };
  jobs.set(job.jobId, job);
  for (const old of [...jobs.keys()].slice(0, Math.max(0, jobs.size - KEPT_JOBS))) jobs.delete(old);

  const onProgress = ({ phase, done, total }: SeedProgress) => Object.assign(job, { phase, done, total });
  seedDemoData(deps, { ...options, onProgress }).then(
    (result) => Object.assign(job, { state: 'done', result }),
    (error: unknown) => {
      deps.logger.error({ err: error, jobId: job.jobId }, 'the seed job failed');
      Object.assign(job, { state: 'failed', error: error instanceof Error ? error.message : String(error) });
    },
  );
  return view(job);
}

export function seedJob(deps: Pick<Deps, 'database'>, jobId: string): SeedJob {
  const job = jobsOf(deps).get(jobId);
  if (!job)
    throw new AppError(
      'NOT_FOUND',
      'No such seed job: the server may have restarted since it began. Run the seed again; members already made are kept.',
    );
  return view(job);
}
