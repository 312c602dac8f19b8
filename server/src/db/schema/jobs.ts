import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAtNow, primaryId } from './columns';

/**
 * Work to do at a time, kept in the database so it survives a restart and is done once however
 * many servers run (server/src/jobs/). A server claims a due job for a lease; a job whose server
 * died is claimed again when the lease runs out.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: primaryId(),
    kind: text('kind').notNull(),
    /** At most one unfinished job per key (a check-in's alert, a conversation's daily mail). */
    key: text('key'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    runAt: at('run_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lockedBy: text('locked_by'),
    lockedUntil: at('locked_until'),
    finishedAt: at('finished_at'),
    lastError: text('last_error'),
    createdAt: createdAtNow(),
  },
  (t) => [
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`finished_at is null`),
    uniqueIndex('jobs_key_idx')
      .on(t.key)
      .where(sql`finished_at is null`),
    index('jobs_finished_idx').on(t.finishedAt),
  ],
);
