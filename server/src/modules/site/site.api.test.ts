import { afterAll, describe, expect, it } from 'vitest';
import { ok } from '../../../test/test-client';
import { startTestServer, testDatabaseKind, type TestServer } from '../../../test/test-server';

// The owner's contact details are settings: shown when set, absent (not placeholders) when not.
describe.runIf(testDatabaseKind === 'pglite')('site settings', () => {
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const server of servers) await server.stop();
  });

  it('answers with what the owner set, and nulls for the rest', async () => {
    const unset = await startTestServer();
    servers.push(unset);
    expect(await ok(unset.client().api.site.$get())).toEqual({
      supportEmail: null,
      social: { instagram: null, x: null, facebook: null },
    });

    const set = await startTestServer({
      SUPPORT_EMAIL: 'help@vouch.example.com',
      SOCIAL_X_URL: 'https://x.com/vouchdating',
    });
    servers.push(set);
    expect(await ok(set.client().api.site.$get())).toEqual({
      supportEmail: 'help@vouch.example.com',
      social: { instagram: null, x: 'https://x.com/vouchdating', facebook: null },
    });
  });
});
