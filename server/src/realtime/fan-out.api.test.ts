import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signIn, uniqueEmail } from '../../test/accounts';
import { startProcess, waitForHealth } from '../../test/processes';
import { openSocket } from '../../test/sockets';
import { TestClient } from '../../test/test-client';
import {
  createTestDatabase,
  freePort,
  startTestServer,
  testDatabaseKind,
  type TestServer,
} from '../../test/test-server';
import { hashForFactories, insertMember } from '../modules/seed/factories';
import { SESSION_ENDED_CLOSE } from './hub';

describe.runIf(testDatabaseKind === 'postgres')('realtime across two server processes on one PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let first: TestServer;
  let second: ReturnType<typeof startProcess>;
  let secondUrl: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    first = await startTestServer({}, database);
    const port = await freePort();
    secondUrl = `http://127.0.0.1:${port}`;
    second = startProcess('server/src/index.ts', [], {
      DATABASE_URL: database.databaseUrl!,
      DATA_DIR: database.dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: secondUrl,
      NODE_ENV: 'test',
      RATE_LIMIT_IP_MAX: '1000',
      MESSAGES_PER_MINUTE: '100000',
    });
    await waitForHealth(secondUrl);
  });
  afterAll(async () => {
    second?.child.kill('SIGTERM');
    await second?.finished;
    await first?.stop();
    await database?.drop();
  });

  it('delivers a message sent through one instance to a socket held by the other', async () => {
    const passwordHash = await hashForFactories(PASSWORD);
    const [emailA, emailB] = [uniqueEmail('one'), uniqueEmail('two')];
    const a = await insertMember(first.deps.database.db, { email: emailA, passwordHash });
    const b = await insertMember(first.deps.database.db, { email: emailB, passwordHash });
    const onFirst = first.client();
    const onSecond = new TestClient(secondUrl);
    expect((await signIn(onFirst, emailA)).status).toBe(200);
    expect((await signIn(onSecond, emailB)).status).toBe(200);

    await onFirst.json('POST', '/api/likes', { targetId: b });
    const match = await onSecond.json<{ conversationId: string }>('POST', '/api/likes', { targetId: a });
    const live = await openSocket(onSecond);
    const sent = await onFirst.json<{ id: string }>(
      'POST',
      `/api/conversations/${match.body.conversationId}/messages`,
      {
        content: 'Across instances',
        clientKey: crypto.randomUUID(),
      },
    );
    const event = await live.next((e) => e.type === 'message' && e.messageId === sent.body.id);
    expect(event.conversationId).toBe(match.body.conversationId);
    live.socket.close();
  });

  it('closes a socket held by one instance when its session ends through the other', async () => {
    const passwordHash = await hashForFactories(PASSWORD);
    const email = uniqueEmail('ends');
    await insertMember(first.deps.database.db, { email, passwordHash });
    const onSecond = new TestClient(secondUrl);
    expect((await signIn(onSecond, email)).status).toBe(200);
    const live = await openSocket(onSecond);
    const closed = new Promise<number>((resolve) => live.socket.once('close', (code) => resolve(code)));
    const onFirst = first.client();
    expect((await signIn(onFirst, email)).status).toBe(200);
    expect((await onFirst.json('POST', '/api/account/sessions/revoke-others', {})).status).toBe(200);
    const code = await Promise.race([
      closed,
      new Promise((_resolve, reject) => setTimeout(() => reject(new Error('still open')), 1500)),
    ]);
    expect(code).toBe(SESSION_ENDED_CLOSE);
  });
});
