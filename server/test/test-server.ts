import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { parseEnv } from '../src/env';
import { startServer, type RunningServer } from '../src/server';
import { TEST_DEV_KEY, TestClient } from './test-client';

/** Which database the API tests run on: TEST_DB=pglite (default) or postgres (TEST_DATABASE_URL). */
export const testDatabaseKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A fresh, empty database for one test file: a new PGlite directory or a new PostgreSQL database. */
export async function createTestDatabase(): Promise<{ dataDir: string; databaseUrl?: string; drop(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vouch-api-'));
  if (testDatabaseKind === 'pglite') {
    return { dataDir, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `vouch_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    dataDir,
    databaseUrl: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestServer = RunningServer & { client(): TestClient; stop(): Promise<void> };

/** The real server, listening on a free loopback port, on a fresh database. */
export async function startTestServer(
  overrides: Record<string, string> = {},
  database?: Awaited<ReturnType<typeof createTestDatabase>>,
): Promise<TestServer> {
  const db = database ?? (await createTestDatabase());
  const port = await freePort();
  const env = parseEnv({
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    BASE_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: db.dataDir,
    DATABASE_URL: db.databaseUrl,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    RATE_LIMIT_IP_MAX: '1000',
    MESSAGES_PER_MINUTE: '100000',
    // Tests run due jobs themselves (deps.jobs.runDue()), when the clock says so.
    JOB_POLL_MS: '60000',
    DEV_TOOLS_KEY: TEST_DEV_KEY,
    ...overrides,
  });
  const server = await startServer(env);
  return {
    ...server,
    client: () => new TestClient(server.url),
    stop: async () => {
      await server.close();
      if (!database) await db.drop();
    },
  };
}
