import { describe, expect, it } from 'vitest';
import { factoryAdmin, factoryMember } from '../../test/members';
import { openSocket } from '../../test/sockets';
import { serverSuite } from '../../test/suite';
import { testDatabaseKind } from '../../test/test-server';
import { tableFingerprint } from '../../test/fingerprint';

const suite = serverSuite();

const fingerprint = () => tableFingerprint(suite.server);

describe(`cross-site protection on ${testDatabaseKind}`, () => {
  it('refuses every state-changing route from another site, with a member or an admin session, and changes nothing', async () => {
    const member = await factoryMember(suite.server, suite.passwordHash, { profile: { name: 'Mia' } });
    const admin = await factoryAdmin(suite.server);
    const doc = (
      await suite.server
        .client()
        .json<{ paths: Record<string, Record<string, { 'x-access'?: string }>> }>('GET', '/api/openapi.json')
    ).body;
    const writes = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        // The control routes and the mail client's one-click unsubscribe carry their own token,
        // which another site does not have (reminders.api.test.ts forges one).
        .filter(([method, op]) => method !== 'get' && op['x-access'] !== 'control')
        .filter(() => path !== '/api/reminders/unsubscribe')
        .map(([method]) => ({
          path: path.replace(/\{[^}]+\}/g, '00000000-0000-0000-0000-000000000000'),
          method: method.toUpperCase(),
        })),
    );
    expect(writes.length).toBeGreaterThan(40);
    const before = await fingerprint();
    const refusals: string[] = [];
    for (const client of [member.client, admin.client]) {
      for (const origin of ['https://evil.example', 'null', null]) {
        const foreign = client.withOrigin(origin);
        for (const { path, method } of writes) {
          const response = await foreign.request(method, path, {
            content: 'x',
            targetId: member.id,
            reason: 'spam',
            active: false,
          });
          if (response.status !== 403)
            refusals.push(`${method} ${path} from ${origin ?? 'no origin'}: ${response.status}`);
        }
      }
    }
    expect(refusals).toEqual([]);
    expect(await fingerprint()).toBe(before);
    console.info(`cross-site: ${writes.length} write routes × 3 origins × 2 sessions refused, nothing changed`);
  });

  it('refuses a WebSocket opened from another site', async () => {
    const member = await factoryMember(suite.server, suite.passwordHash);
    await expect(openSocket(member.client, 'https://evil.example')).rejects.toThrow('HTTP 403');
    const socket = await openSocket(member.client);
    socket.socket.close();
  });
});
