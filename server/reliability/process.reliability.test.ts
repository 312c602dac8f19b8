import path from 'node:path';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client';
import { matchedPair, startServer } from './helpers';
import { openSocket } from '../test/sockets';
import { TestClient } from '../test/test-client';
import { createTestDatabase, freePort, testDatabaseKind } from '../test/test-server';

/** How many times the server is killed mid-load; `CRASH_POINTS` raises it. */
const CRASH_POINTS = Number(process.env.CRASH_POINTS ?? 3);

describe(`graceful shutdown on ${testDatabaseKind}`, () => {
  it('drains requests in flight on SIGTERM, closes sockets with 1001 and exits 0', { timeout: 300_000 }, async () => {
    const database = await createTestDatabase();
    const port = await freePort();
    try {
      const server = await startServer(database.dataDir, database.databaseUrl, port);
      const { a } = await matchedPair(`http://127.0.0.1:${port}`);
      const socket = await openSocket(a);
      const closed = new Promise<number>((resolve) => socket.socket.once('close', (code) => resolve(code)));
      // Requests already under way when the signal comes are answered, not cut: photo uploads,
      // which take a while to check and re-encode.
      const photo = await sharp({ create: { width: 2400, height: 2400, channels: 3, background: '#c97' } })
        .jpeg({ quality: 95 })
        .toBuffer();
      const inFlight = Array.from({ length: 3 }, (_, i) =>
        a.upload('/api/profile/photos', photo, `p${i}.jpg`, 'image/jpeg').then((r) => r.status),
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
      server.child.kill('SIGTERM');
      expect(await closed).toBe(1001);
      expect(await Promise.all(inFlight)).toEqual([201, 201, 201]);
      const exit = await server.finished;
      expect(exit.code).toBe(0);
    } finally {
      await database.drop();
    }
  });
});

describe(`crashes on ${testDatabaseKind}`, () => {
  // A crash point takes a few seconds (the load, the kill, a restart): the time allowed grows with them.
  it(
    'keeps every acknowledged write when the server is killed mid-load, and writes nothing by halves',
    { timeout: 120_000 + CRASH_POINTS * 20_000 },
    async () => {
      const database = await createTestDatabase();
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const acknowledged = new Set<string>();
      let attempted = 0;
      try {
        let server = await startServer(database.dataDir, database.databaseUrl, port);
        const { a, b, conversationId } = await matchedPair(url);

        for (let point = 0; point < CRASH_POINTS; point++) {
          // Eight senders write as fast as they can; the kill comes at a random moment.
          let stop = false;
          const sender = async (client: TestClient) => {
            while (!stop) {
              const key = crypto.randomUUID();
              attempted++;
              try {
                const response = await client.request('POST', `/api/conversations/${conversationId}/messages`, {
                  content: `crash test ${key}`,
                  clientKey: key,
                });
                if (response.status === 201) acknowledged.add(key);
              } catch {
                return; // the connection died with the server
              }
            }
          };
          const load = Promise.all(Array.from({ length: 8 }, (_, i) => sender(i % 2 ? a : b)));
          await new Promise((resolve) => setTimeout(resolve, 300 + Math.random() * 1200));
          server.child.kill('SIGKILL');
          await server.finished;
          stop = true;
          await load;
          server = await startServer(database.dataDir, database.databaseUrl, port);
        }
        server.child.kill('SIGTERM');
        await server.finished;

        // Read what survived straight from the database.
        const db = await openDatabase({
          databaseUrl: database.databaseUrl,
          dataDir: path.join(database.dataDir, 'pgdata'),
        });
        try {
          const { rows } = await db.db.execute<{ client_key: string }>(
            sql`select client_key from messages where conversation_id = ${conversationId}`,
          );
          const stored = new Set(rows.map((r) => r.client_key));
          const lost = [...acknowledged].filter((key) => !stored.has(key));
          expect(lost).toEqual([]);
          // Nothing half-written: the conversation moved up with its latest stored message.
          const { rows: order } = await db.db.execute<{ ok: boolean }>(sql`
          select c.updated_at >= (select max(m.created_at) from messages m where m.conversation_id = c.id) as ok
          from conversations c where c.id = ${conversationId}`);
          expect(order[0]!.ok).toBe(true);
          console.info(
            `crashes: ${CRASH_POINTS} crash points, ${attempted} writes attempted, ${acknowledged.size} acknowledged, ${lost.length} lost`,
          );
        } finally {
          await db.close();
        }
        expect(acknowledged.size).toBeGreaterThan(CRASH_POINTS * 5);
      } finally {
        await database.drop();
      }
    },
  );
});
