import { sql } from 'drizzle-orm';
import type { TestServer } from './test-server';

const statements = new WeakMap<TestServer, string>();

/**
 * The row count of every table of ours, read in one statement: a refused request must leave it
 * as it was. Logs and rate-limit counters are meant to change, so they are left out.
 */
export async function tableFingerprint(server: TestServer): Promise<string> {
  const db = server.deps.database.db;
  let statement = statements.get(server);
  if (!statement) {
    const { rows } = await db.execute<{ name: string }>(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    );
    const tables = rows
      .map((r) => r.name)
      .filter((name) => !['rate_limits', 'system_logs'].includes(name) && !name.includes('migrations'));
    // The reminder sweep enqueues its next run every five minutes, whatever the requests: a
    // rejected request that landed on the boundary would seem to have written a job.
    const count = (name: string) =>
      name === 'jobs'
        ? `(select count(*) from "jobs" where kind <> 'reminder.sweep')`
        : `(select count(*) from "${name}")`;
    statement = `select ${tables.map((name) => `'${name}=' || ${count(name)}`).join(` || ' ' || `)} as counts`;
    statements.set(server, statement);
  }
  return (await db.execute<{ counts: string }>(sql.raw(statement))).rows[0]!.counts;
}
