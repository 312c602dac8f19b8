import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified, signIn, uniqueEmail } from '../test/accounts';
import { runProcess, startProcess, waitForHealth } from '../test/processes';
import { createTestDatabase, freePort, startTestServer, testDatabaseKind } from '../test/test-server';
import { lockFilePath } from './db/data-dir-lock';

describe(`server lifecycle on ${testDatabaseKind}`, () => {
  it('keeps accounts across a restart', async () => {
    const database = await createTestDatabase();
    try {
      const first = await startTestServer({}, database);
      const { email } = await registerVerified(first.client());
      await first.stop();

      const second = await startTestServer({}, database);
      expect((await signIn(second.client(), email)).status).toBe(200);
      await second.stop();
    } finally {
      await database.drop();
    }
  });
});

describe.runIf(testDatabaseKind === 'pglite')('one owner per DATA_DIR, and the CLI beside it', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.drop());

  it('refuses a second server on a DATA_DIR in use, and lets the CLI act through the running one', async () => {
    const server = await startTestServer({}, database);
    try {
      const second = await runProcess('server/src/index.ts', [], {
        DATA_DIR: database.dataDir,
        PORT: String(await freePort()),
      });
      expect(second.code).toBe(1);
      expect(second.stderr).toContain('already in use');

      const email = uniqueEmail('owner');
      const cli = await runProcess('server/src/cli/admin-create.ts', [email, '--password', 'OwnerPass123'], {
        DATA_DIR: database.dataDir,
      });
      expect(cli.stdout).toContain(`${email} is an administrator (new account)`);
      expect(cli.code).toBe(0);

      const client = server.client();
      expect((await signIn(client, email, 'OwnerPass123')).status).toBe(200);
      const me = await client.json<{ isAdmin: boolean }>('GET', '/api/me');
      expect(me.body.isAdmin).toBe(true);
    } finally {
      await server.stop();
    }
  });

  it('lets the CLI open the database itself when no server runs', async () => {
    const email = uniqueEmail('direct');
    const cli = await runProcess('server/src/cli/admin-create.ts', [email], { DATA_DIR: database.dataDir });
    expect(cli.code).toBe(0);
    const password = /Temporary password: (\S+)/.exec(cli.stdout)?.[1];
    expect(password).toBeDefined();
    expect(fs.existsSync(lockFilePath(database.dataDir))).toBe(false);

    const seeded = await runProcess('server/src/cli/seed.ts', ['--profiles', '3'], { DATA_DIR: database.dataDir });
    expect(seeded.code).toBe(0);
    expect(seeded.stdout).toContain('Demo account: demo@vouch.local');

    const server = await startTestServer({}, database);
    try {
      const client = server.client();
      expect((await signIn(client, email, password!)).status).toBe(200);
      expect((await client.json<{ isAdmin: boolean }>('GET', '/api/me')).body.isAdmin).toBe(true);
      expect((await signIn(server.client(), 'demo@vouch.local', 'VouchDemo2026')).status).toBe(200);
    } finally {
      await server.stop();
    }
  });

  it('stops cleanly on SIGTERM: exit 0, lock released', async () => {
    const port = await freePort();
    // Started as Node itself (not through the tsx CLI, which relays signals to its child): the
    // signal must reach the server's own handler, and the exit code must be the server's.
    const { child, finished } = startProcess(
      'server/src/index.ts',
      [],
      { DATA_DIR: database.dataDir, PORT: String(port), HOST: '127.0.0.1' },
      { direct: true },
    );
    await waitForHealth(`http://127.0.0.1:${port}`);
    expect(fs.existsSync(lockFilePath(database.dataDir))).toBe(true);
    child.kill('SIGTERM');
    const result = await finished;
    expect(result.code).toBe(0);
    expect(fs.existsSync(lockFilePath(database.dataDir))).toBe(false);
    expect(fs.existsSync(path.join(database.dataDir, 'control.json'))).toBe(false);
  });
});
