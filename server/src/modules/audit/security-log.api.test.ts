import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestServer, testDatabaseKind, type TestServer } from '../../../test/test-server';
import { appendSecurityLog, verifySecurityLogChain } from './security-log';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

describe(`the security log chain on ${testDatabaseKind}`, () => {
  it('stays one intact chain under concurrent writers, and an edited row breaks it there', async () => {
    const db = server.deps.database.db;
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        db.transaction((tx) => appendSecurityLog(tx, { eventType: 'test_event', severity: 'info', actorId: null, details: { i, nested: { b: 2, a: 1 } } })),
      ),
    );
    const before = await verifySecurityLogChain(db);
    expect(before).toMatchObject({ intact: true, brokenAt: null });
    expect(before.entries).toBeGreaterThanOrEqual(20);

    const { rows } = await db.execute<{ seq: number; details: unknown }>(sql`select seq, details from security_logs where event_type = 'test_event' order by seq limit 1 offset 7`);
    const seq = Number(rows[0]!.seq);
    const original = JSON.stringify(rows[0]!.details);
    await db.execute(sql`update security_logs set details = jsonb_set(details, '{i}', '99') where seq = ${seq}`);
    expect(await verifySecurityLogChain(db)).toMatchObject({ intact: false, brokenAt: seq });

    // Deleting a row instead breaks the chain at the row after it.
    await db.execute(sql`update security_logs set details = ${original}::jsonb where seq = ${seq}`);
    expect((await verifySecurityLogChain(db)).intact).toBe(true);
    await db.execute(sql`delete from security_logs where seq = ${seq}`);
    const { rows: next } = await db.execute<{ seq: number }>(sql`select min(seq) as seq from security_logs where seq > ${seq}`);
    expect(await verifySecurityLogChain(db)).toMatchObject({ intact: false, brokenAt: Number(next[0]!.seq) });
  });
});
