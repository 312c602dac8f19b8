import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { systemLogs } from '../db/schema';
import { createLogger } from './logger';
import { startTestServer, testDatabaseKind, type TestServer } from '../../test/test-server';
import { BatchedSystemLog } from './batched-system-log';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const entriesOf = async (eventType: string) =>
  server.deps.database.db.select().from(systemLogs).where(eq(systemLogs.eventType, eventType));

describe(`the batched system log on ${testDatabaseKind}`, () => {
  it('writes what was recorded within a quarter second, each entry with the time it was recorded, in order', async () => {
    const log = new BatchedSystemLog(server.deps.database, createLogger('silent'));
    const before = Date.now();
    for (let i = 0; i < 30; i++) log.add({ eventType: 'batch_test', detail: String(i) });
    expect(await entriesOf('batch_test')).toHaveLength(0); // nothing yet: the batch waits
    await expect.poll(async () => (await entriesOf('batch_test')).length, { timeout: 2000 }).toBe(30);
    const rows = (await entriesOf('batch_test')).toSorted(
      (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || Number(a.detail) - Number(b.detail),
    );
    expect(rows.map((row) => row.detail)).toEqual(Array.from({ length: 30 }, (_, i) => String(i)));
    expect(rows[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1);
  });

  it('writes everything still waiting when flushed (as the server does before it closes the database)', async () => {
    const log = new BatchedSystemLog(server.deps.database, createLogger('silent'));
    for (let i = 0; i < 1200; i++) log.add({ eventType: 'flush_test', detail: String(i) });
    await log.flush();
    expect(await entriesOf('flush_test')).toHaveLength(1200);
  });

  it('says so, and does not throw, when a batch cannot be written', async () => {
    const warnings: unknown[] = [];
    const logger = {
      ...createLogger('silent'),
      warn: (...args: unknown[]) => void warnings.push(args),
    } as unknown as ReturnType<typeof createLogger>;
    const log = new BatchedSystemLog(server.deps.database, logger);
    // A bigint cannot be written as JSON: the insert fails.
    log.add({ eventType: 'broken_test', detail: 'bad', metadata: { bad: 1n } as never });
    await expect(log.flush()).resolves.toBeUndefined();
    expect(warnings).toHaveLength(1);
  });
});
