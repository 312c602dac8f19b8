import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestServer, testDatabaseKind, type TestServer } from '../../test/test-server';
import { column, selectRow, selectRows } from './rows';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

describe(`typed rows on ${testDatabaseKind}`, () => {
  it('reads timestamps as ISO strings and numbers sent as text as numbers', async () => {
    const shape = z.object({ at: column.timestamp, at_or_none: column.timestamp.nullable(), big: column.number });
    const row = await selectRow(
      server.deps.database.db,
      shape,
      sql`select timestamptz '2026-11-24 10:00:00+00' as at, null::timestamptz as at_or_none, 12345678901::bigint as big`,
    );
    expect(row).toEqual({ at: '2026-11-24T10:00:00.000Z', at_or_none: null, big: 12345678901 });
  });

  it('reads the same rows from a statement prepared once per connection, call after call', async () => {
    const shape = z.object({ at: z.string(), day: z.string(), n: column.number, label: z.string() });
    const statement = (n: number) =>
      sql`select timestamptz '2026-11-24 10:00:00.123456+00' + make_interval(secs => ${n}) as at, date '2026-11-24' as day, ${n}::bigint as n, ${`item ${n}`} as label`;
    const db = server.deps.database.db;
    for (const n of [1, 2, 3, 4, 5, 6, 7]) {
      const plain = await selectRow(db, shape, statement(n));
      // Timestamps stay text to the microsecond either way (Drizzle's reading), whatever the driver would make of them.
      expect(await selectRow(db, shape, statement(n), { prepare: true })).toEqual(plain);
      expect(plain?.n).toBe(n);
    }
  });

  it('fails on a renamed column, naming it, instead of passing undefined along', async () => {
    const shape = z.object({ name: z.string() });
    await expect(selectRows(server.deps.database.db, shape, sql`select 'Maya' as first_name`)).rejects.toThrow(/name/);
  });
});
