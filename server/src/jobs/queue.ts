import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client';
import { selectRow, selectRows, ZId } from '../db/rows';

type Execute = Pick<Db, 'execute'>;

export type NewJob = {
  kind: string;
  runAt: Date;
  payload?: Record<string, unknown>;
  /** At most one unfinished job has this key: a second enqueue with it keeps the first. */
  key?: string;
};

/** Adds a job, in the caller's transaction so it exists exactly when the change that wants it does. */
export async function enqueueJob(tx: Execute, job: NewJob): Promise<string | null> {
  const row = await selectRow(
    tx,
    ZId,
    sql`
    insert into jobs (kind, key, payload, run_at)
    values (${job.kind}, ${job.key ?? null}, ${JSON.stringify(job.payload ?? {})}::jsonb, ${job.runAt.toISOString()})
    on conflict (key) where finished_at is null do nothing
    returning id`,
  );
  return row?.id ?? null;
}

/** Takes back the unfinished job with this key (a check-in turned off); whether there was one. */
export async function cancelJob(tx: Execute, key: string): Promise<boolean> {
  const rows = await selectRows(
    tx,
    ZId,
    sql`update jobs set finished_at = now(), last_error = 'cancelled' where key = ${key} and finished_at is null returning id`,
  );
  return rows.length > 0;
}

export const ZClaimedJob = z.object({
  id: z.string(),
  kind: z.string(),
  payload: z.record(z.string(), z.unknown()),
  attempts: z.number(),
});
export type ClaimedJob = z.infer<typeof ZClaimedJob>;

/**
 * Claims up to `limit` due jobs for `leaseMs`: none that another server holds, and one whose
 * lease ran out (its server died) again. SKIP LOCKED lets several servers claim at once without
 * waiting for each other or taking the same job.
 */
export function claimDueJobs(
  db: Execute,
  { now, leaseMs, limit, owner }: { now: Date; leaseMs: number; limit: number; owner: string },
) {
  const at = now.toISOString();
  return selectRows(
    db,
    ZClaimedJob,
    sql`
    update jobs set attempts = attempts + 1, locked_by = ${owner},
                    locked_until = ${at}::timestamptz + ${`${leaseMs} milliseconds`}::interval
    where id in (
      select id from jobs
      where finished_at is null and run_at <= ${at}::timestamptz
        and (locked_until is null or locked_until < ${at}::timestamptz)
      order by run_at limit ${limit}
      for update skip locked)
    returning id, kind, payload, attempts`,
  );
}

/** A job done, by the server that holds it (a server whose lease ran out finds it taken). */
export async function finishJob(db: Execute, { id, owner }: { id: string; owner: string }): Promise<void> {
  await db.execute(
    sql`update jobs set finished_at = now(), locked_until = null where id = ${id} and locked_by = ${owner}`,
  );
}

/** A job that failed: tried again later, or given up after its last attempt. */
export async function failJob(
  db: Execute,
  { id, owner, error, retryAt }: { id: string; owner: string; error: string; retryAt: Date | null },
): Promise<void> {
  await db.execute(sql`
    update jobs set last_error = ${error.slice(0, 2000)}, locked_until = null,
      run_at = coalesce(${retryAt?.toISOString() ?? null}::timestamptz, run_at),
      finished_at = case when ${retryAt === null} then now() else null end
    where id = ${id} and locked_by = ${owner}`);
}

/** Forgets jobs finished more than a week ago. */
export async function deleteOldJobs(db: Execute): Promise<void> {
  await db.execute(sql`delete from jobs where finished_at < now() - interval '7 days'`);
}
