import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Clock } from '../lib/clock';
import { createLogger } from '../lib/logger';
import { serverSuite } from '../../test/suite';
import { testDatabaseKind } from '../../test/test-server';
import { claimDueJobs, enqueueJob } from './queue';
import { JobRunner } from './runner';

/** The job table: due work done once, whichever server takes it, and again after a server dies. */
const suite = serverSuite();
const db = () => suite.server.deps.database.db;
const quiet = createLogger('silent');

const enqueueMany = async (kind: string, count: number, runAt = new Date(0)) => {
  for (let i = 0; i < count; i++) await enqueueJob(db(), { kind, runAt, payload: { i } });
};
const unfinished = async (kind: string) =>
  (await db().execute(sql`select attempts, last_error from jobs where kind = ${kind} and finished_at is null`)).rows;

describe(`the job table on ${testDatabaseKind}`, () => {
  it('hands each due job to one of two servers running at once, and no job early', async () => {
    const clock = new Clock();
    const done: number[] = [];
    const handlers = {
      race: async (job: { payload: Record<string, unknown> }) => void done.push(job.payload.i as number),
    };
    await enqueueMany('race', 40);
    await enqueueJob(db(), { kind: 'race', runAt: new Date(clock.now().getTime() + 60_000), payload: { i: -1 } });
    const [a, b] = [new JobRunner(db(), clock, quiet, handlers), new JobRunner(db(), clock, quiet, handlers)];
    // (The server's own jobs, such as the reminder sweep, may be taken too: only these are counted.)
    await Promise.all([a.runDue(), b.runDue(), a.runDue(), b.runDue()]);
    expect(done.sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i));
    // The one due in a minute waits for its minute.
    expect(await unfinished('race')).toHaveLength(1);
    clock.advance(61_000);
    await a.runDue();
    expect(done).toContain(-1);
  });

  it('takes over a job whose server died once its lease has run out', async () => {
    const clock = new Clock();
    await enqueueMany('orphan', 1);
    // A server claims it and dies before finishing.
    const [claimed] = await claimDueJobs(db(), { now: clock.now(), leaseMs: 120_000, limit: 1, owner: 'dead-server' });
    expect(claimed?.kind).toBe('orphan');
    const done: string[] = [];
    const survivor = new JobRunner(db(), clock, quiet, { orphan: async (job) => void done.push(job.id) });
    await survivor.runDue();
    expect(done).toEqual([]);
    clock.advance(121_000);
    await survivor.runDue();
    expect(done).toEqual([claimed!.id]);
  });

  it('tries a failing job again later, and gives up after five attempts', async () => {
    const clock = new Clock();
    await enqueueMany('flaky', 1);
    let calls = 0;
    const runner = new JobRunner(db(), clock, quiet, {
      flaky: async () => {
        calls++;
        throw new Error('mail server down');
      },
    });
    await runner.runDue();
    expect(calls).toBe(1);
    // Not again at once: after 30 seconds.
    await runner.runDue();
    expect(calls).toBe(1);
    for (let i = 0; i < 6; i++) {
      clock.advance(31 * 60_000);
      await runner.runDue();
    }
    expect(calls).toBe(5);
    expect(await unfinished('flaky')).toHaveLength(0);
    const [failed] = (await db().execute(sql`select last_error from jobs where kind = 'flaky'`)).rows;
    expect(failed).toEqual({ last_error: 'mail server down' });
  });

  it('keeps one unfinished job per key', async () => {
    const first = await enqueueJob(db(), { kind: 'keyed', runAt: new Date(0), key: 'check-in:1' });
    const second = await enqueueJob(db(), { kind: 'keyed', runAt: new Date(0), key: 'check-in:1' });
    expect(first).not.toBeNull();
    expect(second).toBeNull();
    expect(await unfinished('keyed')).toHaveLength(1);
  });
});
