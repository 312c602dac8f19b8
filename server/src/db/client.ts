import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { selectRow, ZCount } from './rows';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema>;
/** The handle a transaction's callback gets. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DatabaseKind = 'pglite' | 'postgres';

export type Database = {
  db: Db;
  kind: DatabaseKind;
  migrate(): Promise<void>;
  /** Number of migrations applied, for /api/health. */
  migrationCount(): Promise<number>;
  /**
   * Subscribes to a PostgreSQL NOTIFY channel. Events between server instances travel this
   * way, so no broker is needed. Returns the unsubscribe function.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Embedded PostgreSQL in a directory (or in memory when dataDir is undefined). */
export async function openPglite(dataDir: string | undefined): Promise<Database> {
  // Contrib extensions must be loaded into PGlite before a migration can CREATE EXTENSION them.
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm, cube, earthdistance } });
  // Both drivers expose the same query builder; the cast gives them one type.
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    migrationCount: () => countMigrations(db),
    listen: (channel, onPayload) => client.listen(channel, onPayload),
    close: () => client.close(),
  };
}

export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  // JIT compilation costs tens of milliseconds and pays off only for long analytical queries;
  // the nearby query's cost estimate crosses its threshold, so it is off for our sessions
  // (docs/design/discovery-queries.md). Behind PgBouncer, allow it with ignore_startup_parameters = options.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, options: '-c jit=off' });
  // A client that loses its server must not crash the process: idle ones report to the pool,
  // and one checked out between two statements of a transaction reports to itself (its next
  // statement then fails, and the request answers 503).
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzlePg(pool, { schema, casing: 'snake_case' });
  return {
    db,
    kind: 'postgres',
    migrate: () => migratePg(db, { migrationsFolder }),
    migrationCount: () => countMigrations(db),
    listen: (channel, onPayload) => listenOnPostgres(url, channel, onPayload),
    close: () => pool.end(),
  };
}

/** A dedicated connection for LISTEN that reconnects when it drops (a pooled one cannot hold it). */
async function listenOnPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on(
      'notification',
      (message) => message.channel === channel && message.payload !== undefined && onPayload(message.payload),
    );
    next.on('error', () => reconnectSoon());
    try {
      await next.connect();
      await next.query(`LISTEN "${channel.replace(/"/g, '')}"`);
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    client = next;
  };
  // While the database is away (a restart, a failover), try again every second until it is back.
  let retrying = false;
  const reconnectSoon = () => {
    if (stopped || retrying) return;
    retrying = true;
    setTimeout(() => {
      retrying = false;
      if (!stopped) connect().catch(() => reconnectSoon());
    }, 1000);
  };
  await connect();
  return async () => {
    stopped = true;
    await client?.end().catch(() => {});
  };
}

async function countMigrations(db: Db): Promise<number> {
  const row = await selectRow(db, ZCount, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return row?.n ?? 0;
}

export async function openDatabase(options: { databaseUrl?: string; dataDir?: string }): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}
