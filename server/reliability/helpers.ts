// Helpers of the reliability suite: the server as a real process, and a matched pair made over HTTP.
import { registerVerified, signIn } from '../test/accounts';
import { startProcess, waitForHealth } from '../test/processes';
import { TEST_DEV_KEY, TestClient } from '../test/test-client';

/** The server as its own process (Node itself, so a signal reaches it), on PGlite or PostgreSQL. */
export async function startServer(
  dataDir: string,
  databaseUrl: string | undefined,
  port: number,
  extra: Record<string, string> = {},
) {
  const env: Record<string, string> = {
    ...extra,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    BASE_URL: `http://127.0.0.1:${port}`,
    NODE_ENV: 'test',
    RATE_LIMIT_IP_MAX: '1000',
    MESSAGES_PER_MINUTE: '1000000',
    DEV_TOOLS_KEY: TEST_DEV_KEY,
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const server = startProcess('server/src/index.ts', [], env, { direct: true });
  await waitForHealth(`http://127.0.0.1:${port}`);
  return server;
}

/** Two members who liked each other, made over HTTP; with their conversation. */
export async function matchedPair(url: string) {
  const a = new TestClient(url);
  const b = new TestClient(url);
  const { email: emailA } = await registerVerified(a);
  const { email: emailB } = await registerVerified(b);
  await signIn(a, emailA);
  await signIn(b, emailB);
  await a.json('PUT', '/api/profile', { name: 'Ada', interests: [] });
  await b.json('PUT', '/api/profile', { name: 'Bo', interests: [] });
  const idA = (await a.json<{ user: { id: string } }>('GET', '/api/me')).body.user.id;
  const idB = (await b.json<{ user: { id: string } }>('GET', '/api/me')).body.user.id;
  await a.json('POST', '/api/likes', { targetId: idB });
  const conversationId = (await b.json<{ conversationId: string }>('POST', '/api/likes', { targetId: idA })).body
    .conversationId;
  return { a, b, conversationId };
}
