import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startPostgresCluster } from '../../scripts/postgres-cluster.mjs';
import { freePort, testDatabaseKind } from '../test/test-server';
import { matchedPair, startServer } from './helpers';

/** How many times PostgreSQL goes down under load; `DB_RESTARTS` raises it. */
const RESTARTS = Number(process.env.DB_RESTARTS ?? 5);
const REQUEST_TIMEOUT_MS = 10_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Outcome = { status: number; retryAfter: string | null; at: number };

// PGlite lives inside the server process: there is no database to restart apart from it.
describe.skipIf(testDatabaseKind !== 'postgres')('database restart on postgres', () => {
  it(
    'answers 503 with Retry-After while PostgreSQL is down, and recovers by itself when it is back',
    { timeout: 300_000 },
    async () => {
      // A cluster of this test's own, so it can be stopped without touching the suite's.
      const cluster = await startPostgresCluster();
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vouch-db-restart-'));
      const port = await freePort();
      const server = await startServer(dataDir, cluster.url, port);
      try {
        const { a, conversationId } = await matchedPair(`http://127.0.0.1:${port}`);
        const outcomes: Outcome[] = [];
        let hung = 0;
        let stop = false;
        // Six members' worth of traffic: reads of the match list and message sends, without pause.
        const worker = async (i: number) => {
          while (!stop) {
            const request =
              i % 2 === 0
                ? a.request('GET', '/api/matches')
                : a.request('POST', `/api/conversations/${conversationId}/messages`, {
                    content: `during restarts ${i}`,
                    clientKey: crypto.randomUUID(),
                  });
            const response = await Promise.race([
              request.catch(() => null),
              sleep(REQUEST_TIMEOUT_MS).then(() => 'hung' as const),
            ]);
            if (response === 'hung') hung++;
            else if (response) {
              await response.body?.cancel();
              outcomes.push({
                status: response.status,
                retryAfter: response.headers.get('retry-after'),
                at: Date.now(),
              });
            }
            await sleep(20);
          }
        };
        const workers = Array.from({ length: 6 }, (_, i) => worker(i));

        const recoveriesMs: number[] = [];
        for (let restart = 0; restart < RESTARTS; restart++) {
          await sleep(1000);
          cluster.halt(); // immediate: connections are cut, as in a crash or a failover
          await sleep(2000);
          cluster.resume();
          const back = Date.now();
          const deadline = back + 15_000;
          while (Date.now() < deadline && !outcomes.some((o) => o.at > back && o.status < 300)) await sleep(50);
          const firstOk = outcomes.find((o) => o.at > back && o.status < 300);
          recoveriesMs.push(firstOk ? firstOk.at - back : Infinity);
        }
        stop = true;
        await Promise.all(workers);

        const refused = outcomes.filter((o) => o.status >= 300);
        const kinds = [...new Set(refused.map((o) => `${o.status} retry-after=${o.retryAfter}`))];
        console.log(
          `${RESTARTS} restarts: ${outcomes.length} answers, ${refused.length} refused (${kinds.join(', ')}), recovered in ${recoveriesMs.join(', ')} ms, ${hung} hung`,
        );
        const exited = await Promise.race([server.finished, sleep(100).then(() => null)]);
        expect(
          exited,
          `the server exited: ${exited?.code ?? exited?.signal}\n${exited?.stderr.slice(-3000)}`,
        ).toBeNull();
        expect(refused.length, 'the outage was noticed').toBeGreaterThan(0);
        expect(kinds).toEqual([`503 retry-after=2`]);
        expect(hung).toBe(0);
        expect(Math.max(...recoveriesMs)).toBeLessThan(5000);
      } finally {
        server.child.kill('SIGTERM');
        await server.finished;
        cluster.stop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
