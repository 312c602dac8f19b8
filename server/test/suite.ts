import { afterAll, beforeAll } from 'vitest';
import { hashForFactories } from '../src/modules/seed/factories';
import { PASSWORD } from './accounts';
import { startTestServer, type TestServer } from './test-server';

/**
 * One real server for a test file, started before its tests and stopped after, with the
 * password hash the member factories share (argon2id is slow on purpose, so it is made once).
 */
export function serverSuite(overrides: Record<string, string> = {}): { server: TestServer; passwordHash: string } {
  const suite = {} as { server: TestServer; passwordHash: string };
  beforeAll(async () => {
    suite.server = await startTestServer(overrides);
    suite.passwordHash = await hashForFactories(PASSWORD);
  });
  afterAll(() => suite.server?.stop());
  return suite;
}
