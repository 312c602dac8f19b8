import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PASSWORD } from '../../test/accounts';
import { factoryAdmin, factoryMember } from '../../test/members';
import { openSocket } from '../../test/sockets';
import { startTestServer, testDatabaseKind, type TestServer } from '../../test/test-server';
import { hashForFactories } from '../modules/seed/factories';

let server: TestServer;
let passwordHash: string;
beforeAll(async () => {
  server = await startTestServer();
  passwordHash = await hashForFactories(PASSWORD);
});
afterAll(() => server?.stop());

/** Rows in every table of ours: a refused request must leave all of them as they were. */
async function fingerprint(): Promise<string> {
  const db = server.deps.database.db;
  const { rows: tables } = await db.execute<{ name: string }>(sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like '%migrations%' order by 1`);
  const counts: string[] = [];
  for (const { name } of tables) {
    const { rows } = await db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from "${name}"`));
    counts.push(`${name}=${rows[0]!.n}`);
  }
  return counts.join(' ');
}

describe(`cross-site protection on ${testDatabaseKind}`, () => {
  it('refuses every state-changing route from another site, with a member or an admin session, and changes nothing', async () => {
    const member = await factoryMember(server, passwordHash, { profile: { name: 'Mia' } });
    const admin = await factoryAdmin(server);
    const doc = (await server.client().json<{ paths: Record<string, Record<string, { 'x-access'?: string }>> }>('GET', '/api/openapi.json')).body;
    const writes = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([method, op]) => method !== 'get' && op['x-access'] !== 'control')
        .map(([method]) => ({ path: path.replace(/\{[^}]+\}/g, '00000000-0000-0000-0000-000000000000'), method: method.toUpperCase() })),
    );
    expect(writes.length).toBeGreaterThan(40);
    const before = await fingerprint();
    const refusals: string[] = [];
    for (const client of [member.client, admin.client]) {
      for (const origin of ['https://evil.example', 'null', null]) {
        const foreign = client.withOrigin(origin);
        for (const { path, method } of writes) {
          const response = await foreign.request(method, path, { content: 'x', targetId: member.id, reason: 'spam', active: false });
          if (response.status !== 403) refusals.push(`${method} ${path} from ${origin ?? 'no origin'}: ${response.status}`);
        }
      }
    }
    expect(refusals).toEqual([]);
    expect(await fingerprint()).toBe(before);
    console.info(`cross-site: ${writes.length} write routes × 3 origins × 2 sessions refused, nothing changed`);
  });

  it('refuses a WebSocket opened from another site', async () => {
    const member = await factoryMember(server, passwordHash);
    await expect(openSocket(member.client, 'https://evil.example')).rejects.toThrow('HTTP 403');
    const socket = await openSocket(member.client);
    socket.socket.close();
  });
});
