// Would PGlite in a worker thread let the server use the machine's second core? PGlite runs the
// database in the thread that calls it, so on PGlite a request's own JavaScript and its SQL take
// turns on one core. This measures the same closed-loop load both ways: each request does the
// server's own CPU work for a discovery request (a busy loop of --work-ms, 2.7 ms by default: the
// server's CPU per discovery request measured on PostgreSQL in the full run) and then runs one
// discovery query of the benchmark's mix, either on a PGlite in this thread or on one in a worker
// thread that this thread sends the statement to.
//
//   npx tsx bench/discovery-sql.ts --pglite /tmp/vouch-pglite-worker --profiles 100000 --runs 1   (seeds)
//   npx tsx bench/pglite-worker.ts --pglite /tmp/vouch-pglite-worker [--seconds 10] [--concurrency 16]
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { ZDiscoverQuery } from '../contracts/discovery';
import { discoverySql } from '../server/src/modules/discovery/discovery.queries';

type Statement = { id: number; sql: string; params: unknown[] };
const open = (dataDir: string) => PGlite.create(dataDir, { extensions: { pg_trgm, cube, earthdistance } });

if (!isMainThread) {
  // The worker: owns the database, runs what it is sent, answers with the row count.
  const db = await open(workerData.dataDir as string);
  parentPort!.on('message', async ({ id, sql, params }: Statement) => {
    const { rows } = await db.query(sql, params);
    parentPort!.postMessage({ id, rows: rows.length });
  });
  parentPort!.postMessage({ ready: true });
} else {
  await main();
}

async function main() {
  const { values } = parseArgs({
    options: {
      pglite: { type: 'string' },
      seconds: { type: 'string', default: '10' },
      concurrency: { type: 'string', default: '16' },
      'work-ms': { type: 'string', default: '2.7' },
    },
  });
  if (!values.pglite) throw new Error('Pass --pglite <a data dir seeded by bench/discovery-sql.ts>');
  const seconds = Number(values.seconds);
  const concurrency = Number(values.concurrency);
  const workMs = Number(values['work-ms']);

  const dialect = new PgDialect();
  const mix = [{}, { gender: 'female', minAge: '25', maxAge: '40' }, { verifiedOnly: 'true' }, { location: 'City 42' }];
  const statements = mix.map((query) => {
    const filters = ZDiscoverQuery.parse(query);
    const { sql, params } = dialect.sqlToQuery(discoverySql('bench-viewer', filters, null));
    return { sql, params };
  });
  const serverWork = () => {
    const until = performance.now() + workMs;
    while (performance.now() < until);
  };

  const inThread = await open(values.pglite);
  const sameThread = await closedLoop('same thread', seconds, concurrency, async (i) => {
    serverWork();
    const statement = statements[i % statements.length]!;
    await inThread.query(statement.sql, statement.params);
  });
  await inThread.close();

  // The worker runs this same file, through tsx's loader (a worker does not inherit it).
  const boot = `import('tsx/esm/api').then((tsx) => tsx.tsImport(${JSON.stringify(import.meta.url)}, ${JSON.stringify(import.meta.url)}))`;
  const worker = new Worker(boot, { eval: true, workerData: { dataDir: values.pglite } });
  const waiting = new Map<number, () => void>();
  await new Promise<void>((resolve) =>
    worker.on('message', (message: { ready?: boolean; id?: number }) => {
      if (message.ready) return resolve();
      waiting.get(message.id!)?.();
      waiting.delete(message.id!);
    }),
  );
  let next = 0;
  const inWorker = await closedLoop('worker thread', seconds, concurrency, async (i) => {
    serverWork();
    const statement = statements[i % statements.length]!;
    const id = next++;
    await new Promise<void>((resolve) => {
      waiting.set(id, resolve);
      worker.postMessage({ id, ...statement } satisfies Statement);
    });
  });
  await worker.terminate();
  console.log(
    `\nworker ÷ same thread: ${(inWorker.perSecond / sameThread.perSecond).toFixed(2)} (requests per second)`,
  );
}

/** `concurrency` loops, each starting its next request when the last one ends, for `seconds`. */
async function closedLoop(label: string, seconds: number, concurrency: number, request: (i: number) => Promise<void>) {
  const latencies: number[] = [];
  const until = performance.now() + seconds * 1000;
  let count = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        const started = performance.now();
        await request(count++);
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!.toFixed(1);
  const perSecond = latencies.length / seconds;
  console.log(
    `${label.padEnd(14)} ${perSecond.toFixed(0)} req/s, latency p50 ${at(0.5)} / p99 ${at(0.99)} ms (${concurrency} in flight)`,
  );
  return { perSecond };
}
