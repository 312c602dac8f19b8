import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestServer, testDatabaseKind, type TestServer } from '../../../test/test-server';
import type { Db } from '../../db/client';
import fs from 'node:fs';
import type { Logger } from '../../lib/logger';
import {
  appendSecurityLog,
  checkpointSecurityLog,
  headCopyFile,
  readHeadCopy,
  verifySecurityLogChain,
} from './security-log';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const db = () => server.deps.database.db;

/** What an attacker with the database but not the server's secret does: edits through the trigger's back door. */
async function asDatabaseOwner(statement: ReturnType<typeof sql>) {
  await db().transaction(async (tx) => {
    await tx.execute(sql`alter table security_logs disable trigger security_logs_no_change`);
    await tx.execute(statement);
    await tx.execute(sql`alter table security_logs enable trigger security_logs_no_change`);
  });
}

async function writeTwenty() {
  await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      db().transaction((tx) =>
        appendSecurityLog(tx, {
          eventType: 'test_event',
          severity: 'info',
          actorId: null,
          details: { i, nested: { b: 2, a: 1 } },
        }),
      ),
    ),
  );
}

/** JSON with sorted keys, as the chain hashes entries (the formula is public: it is in this repository). */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

type StoredEntry = {
  event_type: string;
  severity: string;
  actor_id: string | null;
  details: unknown;
  created_at: Date | string;
};

/** An entry's hash by the public formula the log used before it was keyed. */
const unkeyedHash = (prev: string | null, row: StoredEntry) =>
  createHash('sha256')
    .update(
      stableJson([
        prev,
        row.event_type,
        row.severity,
        row.actor_id,
        row.details,
        new Date(row.created_at).toISOString(),
      ]),
    )
    .digest('hex');

/** One more entry in the log, as any event would write it. */
const appendTestEntry = (database: Db, after: string) =>
  database.transaction((tx) =>
    appendSecurityLog(tx, { eventType: 'test_event', severity: 'info', actorId: null, details: { after } }),
  );

describe(`the security log chain on ${testDatabaseKind}`, () => {
  it('stays one intact chain under concurrent writers, and refuses UPDATE, DELETE and TRUNCATE', async () => {
    await writeTwenty();
    const before = await verifySecurityLogChain(db());
    expect(before).toMatchObject({ intact: true, brokenAt: null, truncated: false });
    expect(before.entries).toBeGreaterThanOrEqual(20);
    for (const statement of [
      sql`update security_logs set details = '{}'::jsonb`,
      sql`delete from security_logs`,
      sql`truncate security_logs`,
    ]) {
      await expect(db().execute(statement)).rejects.toThrow();
    }
    expect((await verifySecurityLogChain(db())).entries).toBe(before.entries);
  });

  it('breaks where a row is edited or removed, even when the later hashes are recomputed with the public formula', async () => {
    await writeTwenty();
    const { rows } = await db().execute<{ seq: number; details: unknown; created_at: string }>(
      sql`select seq, details, created_at from security_logs where event_type = 'test_event' order by seq desc limit 1 offset 7`,
    );
    const seq = Number(rows[0]!.seq);
    await asDatabaseOwner(sql`update security_logs set details = jsonb_set(details, '{i}', '99') where seq = ${seq}`);
    expect(await verifySecurityLogChain(db())).toMatchObject({ intact: false, brokenAt: seq });

    // The forger recomputes this entry's hash and every later one, as the unkeyed chain allowed.
    const { rows: chain } = await db().execute<{
      seq: number;
      prev_hash: string | null;
      event_type: string;
      severity: string;
      actor_id: string | null;
      details: unknown;
      created_at: Date | string;
    }>(
      sql`select seq, prev_hash, event_type, severity, actor_id, details, created_at from security_logs where seq >= ${seq} order by seq`,
    );
    let prev = chain[0]!.prev_hash;
    for (const row of chain) {
      const forged = unkeyedHash(prev, row);
      await asDatabaseOwner(
        sql`update security_logs set prev_hash = ${prev}, hash = ${forged} where seq = ${Number(row.seq)}`,
      );
      prev = forged;
    }
    await db().execute(sql`update security_log_head set hash = ${prev}, seq = ${Number(chain.at(-1)!.seq)}`);
    const check = await verifySecurityLogChain(db());
    expect(check.intact).toBe(false);
    expect(check.brokenAt).toBe(seq);
  });

  it('notices the newest entries removed, though what is left is an intact chain', async () => {
    const fresh = await startTestServer();
    try {
      const database = fresh.deps.database.db;
      await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          database.transaction((tx) =>
            appendSecurityLog(tx, { eventType: 'test_event', severity: 'info', actorId: null, details: { i } }),
          ),
        ),
      );
      expect((await verifySecurityLogChain(database)).intact).toBe(true);
      await database.transaction(async (tx) => {
        await tx.execute(sql`alter table security_logs disable trigger security_logs_no_change`);
        await tx.execute(
          sql`delete from security_logs where seq in (select seq from security_logs order by seq desc limit 3)`,
        );
        await tx.execute(sql`alter table security_logs enable trigger security_logs_no_change`);
      });
      expect(await verifySecurityLogChain(database)).toMatchObject({ intact: false, truncated: true });
      // Moving the head back to the new end without the key does not help either.
      await database.execute(
        sql`update security_log_head set seq = (select max(seq) from security_logs), hash = (select hash from security_logs order by seq desc limit 1)`,
      );
      expect(await verifySecurityLogChain(database)).toMatchObject({ intact: false, truncated: true });
      // Nor does waiting for the next entry (an administrator signing in to run the audit writes
      // one): the server does not move a head that does not name the chain's end.
      await appendTestEntry(database, 'truncation');
      expect(await verifySecurityLogChain(database)).toMatchObject({ intact: false, truncated: true });
      // Deleting the head as well leaves keyed entries without one, however many are added after.
      await database.execute(sql`delete from security_log_head`);
      await appendTestEntry(database, 'head deleted');
      expect(await verifySecurityLogChain(database)).toMatchObject({ intact: false, truncated: true });
    } finally {
      await fresh.stop();
    }
  });

  it('moves the copy of the head on only over entries that verify from the copy on', async () => {
    const fresh = await startTestServer();
    try {
      const database = fresh.deps.database.db;
      const warnings: unknown[] = [];
      const logger = { info: () => {}, warn: (fields: unknown) => warnings.push(fields) } as unknown as Logger;
      for (let i = 0; i < 3; i++) await appendTestEntry(database, `before ${i}`);
      await checkpointSecurityLog(database, fresh.deps.env.DATA_DIR, logger);
      const file = headCopyFile(fresh.deps.env.DATA_DIR);
      const copy = readHeadCopy(file);
      for (let i = 0; i < 3; i++) await appendTestEntry(database, `after ${i}`);
      await database.transaction(async (tx) => {
        await tx.execute(sql`alter table security_logs disable trigger security_logs_no_change`);
        await tx.execute(
          sql`update security_logs set details = '{"after":"rewritten"}' where details->>'after' = 'after 1'`,
        );
        await tx.execute(sql`alter table security_logs enable trigger security_logs_no_change`);
      });
      await checkpointSecurityLog(database, fresh.deps.env.DATA_DIR, logger);
      expect(readHeadCopy(file)).toEqual(copy);
      expect(warnings).toHaveLength(1);
    } finally {
      await fresh.stop();
    }
  });

  it('catches a log taken back to before it was keyed, by the copy of its head kept outside the database', async () => {
    const fresh = await startTestServer();
    try {
      const database = fresh.deps.database.db;
      for (let i = 0; i < 6; i++) await appendTestEntry(database, `entry ${i}`);
      const heads: unknown[] = [];
      const logger = { info: (fields: unknown) => heads.push(fields), warn: () => {} } as unknown as Logger;
      await checkpointSecurityLog(database, fresh.deps.env.DATA_DIR, logger);
      const file = headCopyFile(fresh.deps.env.DATA_DIR);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(heads).toEqual([{ securityLogHead: readHeadCopy(file) }]);

      // The attacker removes an entry, re-hashes every one with the old unkeyed formula, and deletes the head.
      await database.transaction(async (tx) => {
        await tx.execute(sql`alter table security_logs disable trigger security_logs_no_change`);
        await tx.execute(
          sql`delete from security_logs where seq = (select min(seq) from security_logs where details->>'after' = 'entry 2')`,
        );
        const { rows } = await tx.execute<{
          seq: number;
          event_type: string;
          severity: string;
          actor_id: string | null;
          details: unknown;
          created_at: Date | string;
        }>(sql`select seq, event_type, severity, actor_id, details, created_at from security_logs order by seq`);
        let prev: string | null = null;
        for (const row of rows) {
          const hash = unkeyedHash(prev, row);
          await tx.execute(
            sql`update security_logs set prev_hash = ${prev}, hash = ${hash} where seq = ${Number(row.seq)}`,
          );
          prev = hash;
        }
        await tx.execute(sql`alter table security_logs enable trigger security_logs_no_change`);
        await tx.execute(sql`delete from security_log_head`);
      });
      // The database alone now reads as a log that was never keyed.
      expect((await verifySecurityLogChain(database)).intact).toBe(true);
      // The copy outside it says otherwise, and the copy does not move on to the rewritten log.
      const copy = readHeadCopy(file);
      expect(await verifySecurityLogChain(database, copy)).toMatchObject({ intact: false, copyMismatch: true });
      await appendTestEntry(database, 'after the rewrite');
      await checkpointSecurityLog(database, fresh.deps.env.DATA_DIR, logger);
      expect(readHeadCopy(file)).toEqual(copy);
      // A copy edited to match, without the key, is refused as forged.
      fs.writeFileSync(file, JSON.stringify({ ...(copy as object), seq: 1 }));
      expect(await verifySecurityLogChain(database, readHeadCopy(file))).toMatchObject({
        intact: false,
        copyMismatch: true,
      });
    } finally {
      await fresh.stop();
    }
  });
});
