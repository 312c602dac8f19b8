// npm run bench                      full run: 100k profiles on PostgreSQL and on PGlite, then 1M on PostgreSQL
// npm run bench -- --quick           5k profiles on PGlite and PostgreSQL, short phases (a few minutes)
// npm run bench -- --tier 100k --db pglite [--seconds 10]   one tier on one database
// npm run bench -- --render full     writes a report's Markdown again from its JSON
//
// Seeds each database from nothing (bench/lib/seed.ts), starts the real server on it, runs the
// scenarios, and writes bench/results/<run>.json and .md with every performance budget marked met
// or not. Calibration (a bare Hono route, and the discovery SQL straight against the database)
// runs first and last, and figures are given as ratios to it. Correctness checks (one match per
// pair under races, every message delivered in order, no failed request) decide the exit code;
// timings never do, since these machines are shared.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type WebSocket from 'ws';
import { openPglite, openPostgres, type Database } from '../server/src/db/client';
import { ensurePostgresBinaries, startPostgresCluster } from '../scripts/postgres-cluster.mjs';
import { ensureWebBuild } from '../scripts/lib.mjs';
import { autocannonMax, closedLoop, HttpClient, openLoop, type Figures } from './lib/load';
import {
  liveRssKb,
  sampleCpu,
  postmasterPid,
  withCpu,
  POSTGRES_SETTINGS,
  startHealthFloorServer,
  startHelloServer,
  startServer,
} from './lib/processes';
import { evaluateBudgets, renderAgain, writeReport, type RunResult } from './lib/report';
import { seedTier, TIERS, type Tier } from './lib/seed';
import { signInSessions } from './lib/sessions';
import { runChat } from './scenarios/chat';
import { swipingSessions, type ScenarioContext } from './scenarios/context';
import { discoveryMix, discoveryPath, rawDiscovery } from './scenarios/discovery';
import { runMixed } from './scenarios/mixed';
import { runSwipes, swipeStream } from './scenarios/swipes';
import { chatFloor, swipeFloor } from './lib/sql-floors';
import { notifyCeiling } from './lib/notify-ceiling';
import { runWeb, type WebResults } from './scenarios/web';
import { runHiddenWords } from './scenarios/hidden-words';

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    tier: { type: 'string' },
    db: { type: 'string' },
    seconds: { type: 'string' },
    'lighthouse-runs': { type: 'string' },
    'skip-web': { type: 'boolean', default: false },
    render: { type: 'string' },
  },
});

type Plan = {
  label: string;
  runs: { tier: Tier; db: 'postgres' | 'pglite' }[];
  seconds: number;
  lighthouseRuns: number;
};
const hasPostgres = ensurePostgresBinaries();
function plan(): Plan {
  if (values.tier || values.db) {
    const tier = TIERS[values.tier ?? '100k'];
    const db = values.db ?? 'postgres';
    if (!tier || (db !== 'postgres' && db !== 'pglite'))
      throw new Error('Usage: npm run bench -- --tier 5k|100k|1m --db postgres|pglite');
    return {
      label: `${tier.name}-${db}`,
      runs: [{ tier, db }],
      seconds: Number(values.seconds ?? 10),
      lighthouseRuns: 3,
    };
  }
  if (values.quick) {
    const runs: Plan['runs'] = [{ tier: TIERS['5k']!, db: 'pglite' }];
    if (hasPostgres) runs.push({ tier: TIERS['5k']!, db: 'postgres' });
    return { label: 'quick', runs, seconds: Number(values.seconds ?? 3), lighthouseRuns: 1 };
  }
  return {
    label: 'full',
    runs: [
      { tier: TIERS['100k']!, db: 'postgres' },
      { tier: TIERS['100k']!, db: 'pglite' },
      { tier: TIERS['1m']!, db: 'postgres' },
    ],
    seconds: Number(values.seconds ?? 10),
    lighthouseRuns: Number(values['lighthouse-runs'] ?? 3),
  };
}

const say = (line: string) => console.log(line);
const seconds = (since: number) => Math.round((performance.now() - since) / 100) / 10;

async function calibrate(
  database: Database,
  mix: ReturnType<typeof discoveryMix>,
  phaseSeconds: number,
  postgresPid: number | undefined,
) {
  const hello = await startHelloServer();
  let honoHello: Figures;
  try {
    honoHello = await autocannonMax(`${hello.url}/`, phaseSeconds);
  } finally {
    await hello.stop();
  }
  const { db } = database;
  await closedLoop(8, 1, (k) => rawDiscovery(db, mix[k % mix.length]!).then(() => true));
  // Here the load generator is the SQL's client (and, on PGlite, the database too).
  const discoverySql = await withCpu(
    () => sampleCpu(null, postgresPid),
    () => closedLoop(8, phaseSeconds, (k) => rawDiscovery(db, mix[k % mix.length]!).then(() => true)),
  );
  say(
    `  calibration: bare Hono ${honoHello.rps} req/s; discovery SQL alone ${discoverySql.rps} queries/s (p50 ${discoverySql.p50} / p99 ${discoverySql.p99} ms)`,
  );
  return { honoHello, discoverySql };
}

/** The same query as /api/health behind the smallest Hono server, on the same database, with the same load. */
async function measureHealthFloor(databaseUrl: string, phaseSeconds: number) {
  const floor = await startHealthFloorServer(databaseUrl);
  try {
    await autocannonMax(`${floor.url}/`, 2); // warm-up, as for the server
    return await autocannonMax(`${floor.url}/`, phaseSeconds);
  } finally {
    await floor.stop();
  }
}

async function benchOne(
  tier: Tier,
  kind: 'postgres' | 'pglite',
  phaseSeconds: number,
  web: { runs: number } | null,
): Promise<RunResult & { web: WebResults | null }> {
  say(`\n## ${tier.name} profiles on ${kind === 'postgres' ? 'PostgreSQL 15' : 'PGlite'}`);
  const started = performance.now();
  const cluster =
    kind === 'postgres' ? await startPostgresCluster({ durable: true, settings: POSTGRES_SETTINGS }) : null;
  const dataDir = kind === 'pglite' ? fs.mkdtempSync(path.join(os.tmpdir(), 'vouch-bench-')) : null;
  // The server keeps PGlite's files in DATA_DIR/pgdata (server.ts).
  const open = () => (cluster ? openPostgres(cluster.url, 8) : openPglite(path.join(dataDir!, 'pgdata')));
  try {
    let database = await open();
    await database.migrate();
    const seedStarted = performance.now();
    const counts = await seedTier(database, tier, say);
    const seedSeconds = seconds(seedStarted);
    say(`  seeded in ${seedSeconds} s: ${JSON.stringify(counts)}`);
    const mix = discoveryMix(tier, 2048);
    const postgresPid = cluster ? postmasterPid(cluster.dataDir) : undefined;
    const calibrationStart = await calibrate(database, mix, phaseSeconds, postgresPid);
    if (!cluster) await database.close(); // PGlite has one owner: the server takes it over.

    const server = await startServer(cluster ? { url: cluster.url } : { dataDir: dataDir! });
    const client = new HttpClient(server.url);
    let sockets: WebSocket[] = [];
    let measureFloors: (() => Promise<RunResult['floors']>) | null = null;
    let result: Omit<RunResult, 'calibration' | 'floors' | 'tier' | 'db' | 'counts' | 'seedSeconds' | 'totalSeconds'>;
    let webResults: WebResults | null = null;
    try {
      const sessions = await signInSessions(client, tier.sessions);
      const context: ScenarioContext = {
        client,
        sessions,
        tier,
        seconds: phaseSeconds,
        cpu: () => sampleCpu(server.pid, postgresPid),
        rss: () => liveRssKb(server),
        say,
      };
      await autocannonMax(`${server.url}/api/health`, 2); // warm-up: the route's code compiled, the pool filled
      const health = await withCpu(context.cpu, () => autocannonMax(`${server.url}/api/health`, phaseSeconds));
      const healthFloor = cluster ? await measureHealthFloor(cluster.url, phaseSeconds) : null;
      say(
        `  /api/health through the whole stack: ${health.rps} req/s${healthFloor ? `; its floor (minimal Hono + pg, same query) ${healthFloor.rps} req/s` : ''}`,
      );

      const discover = (k: number) => {
        const request = mix[k % mix.length]!;
        return client.send(sessions[request.session - 1]!, 'GET', discoveryPath(request)).then((r) => r.status === 200);
      };
      await closedLoop(8, 2, discover);
      const discoveryMax = await withCpu(context.cpu, () => closedLoop(16, phaseSeconds, discover));
      const rate = Math.max(10, Math.round(discoveryMax.rps / 2));
      const discoveryAtHalf = await withCpu(context.cpu, () =>
        openLoop(rate, phaseSeconds, (k) => discover(k + 100_000)),
      );
      say(
        `  discovery: ${discoveryMax.rps} req/s at most; at ${rate}/s p50 ${discoveryAtHalf.p50} / p95 ${discoveryAtHalf.p95} / p99 ${discoveryAtHalf.p99} ms; ${discoveryMax.errors + discoveryAtHalf.errors} errors`,
      );

      const swipes = await runSwipes(context);
      const chat = await runChat(context);
      sockets = chat.sockets;
      // The mix's capacity: what the slowest of its parts allows, weighted by its share.
      const capacity = 1 / (0.7 / discoveryMax.rps + 0.25 / swipes.max.rps + 0.05 / chat.results.max.rps);
      const mixed = await runMixed(context, { id: chat.conversation.id, cookie: chat.conversation.cookie }, capacity);
      if (web) webResults = await runWeb(server.url, web.runs, say);
      // Like/pass's and chat's own SQL, measured once the server has stopped (PostgreSQL only).
      if (cluster) {
        const nextSwipe = swipeStream(context, 1_000_000);
        const cpu = () => sampleCpu(null, postgresPid);
        measureFloors = async () => ({
          swipes: await swipeFloor(cluster.url, nextSwipe, {
            viewerIds: swipingSessions(context).map((session) => session.id),
            concurrency: 64,
            seconds: phaseSeconds,
            rate: swipes.atHalf.rate,
            cpu,
          }),
          chat: await chatFloor(cluster.url, chat.pairs, {
            workers: chat.workers,
            seconds: phaseSeconds,
            rate: chat.results.atHalf.rate,
            cpu,
          }),
        });
      }
      result = {
        health,
        healthFloor,
        discovery: { max: discoveryMax, atHalf: { ...discoveryAtHalf, rate } },
        swipes,
        chat: chat.results,
        mixed,
        serverStatuses: client.takeStatuses(),
      };
    } catch (error) {
      // A scenario that fails outright (a refused or dropped connection) usually means the server
      // itself stopped: its last words say why.
      const exited = server.child.exitCode !== null || server.child.signalCode !== null;
      say(
        `\n  ${kind} ${tier.name} run failed: ${String(error)}; server ${exited ? `exited (${server.child.exitCode ?? server.child.signalCode})` : 'still running'}. Its last output:\n${server.output()}`,
      );
      throw error;
    } finally {
      for (const socket of sockets) socket.terminate();
      client.close();
      await server.stop();
    }

    const floors = measureFloors ? await measureFloors() : null;
    if (floors) {
      say(
        `  like/pass's SQL alone (bare pg, prepared): ${floors.swipes.max.rps}/s at c=64; at ${floors.swipes.atRate.rate}/s p50 ${floors.swipes.atRate.p50} / p99 ${floors.swipes.atRate.p99} ms`,
      );
      say(
        `  chat's SQL alone (bare pg, prepared): ${floors.chat.max.rps} msgs/s; at ${floors.chat.atRate.rate}/s p50 ${floors.chat.atRate.p50} / p99 ${floors.chat.atRate.p99} ms`,
      );
    }
    const notify = cluster
      ? await notifyCeiling(cluster.url, { seconds: 3, cpu: () => sampleCpu(null, postgresPid) })
      : null;
    if (notify) {
      const steps = notify.steps.map((step) => `${step.rate}/s p99 ${step.p99} ms (${step.delivered} heard)`);
      say(`  LISTEN/NOTIFY fan-out: ${steps.join('; ')}; ceiling ${notify.ceiling ?? 'below the first step'}/s`);
    }
    if (!cluster) database = await open();
    const calibrationEnd = await calibrate(database, mix, phaseSeconds, postgresPid);
    const sqlAtRate = await withCpu(
      () => sampleCpu(null, postgresPid),
      () =>
        openLoop(result.discovery.atHalf.rate, phaseSeconds, (k) =>
          rawDiscovery(database.db, mix[(k + 100_000) % mix.length]!).then(() => true),
        ),
    );
    say(`  discovery SQL alone at ${result.discovery.atHalf.rate}/s: p50 ${sqlAtRate.p50} / p99 ${sqlAtRate.p99} ms`);
    // In this process, on the run's database: a percentile per send needs each send's own CPU.
    const hiddenWords = await runHiddenWords(database.db, 300, say);
    await database.close();
    return {
      tier: tier.name,
      db: kind,
      counts,
      seedSeconds,
      totalSeconds: seconds(started),
      calibration: { start: calibrationStart, end: calibrationEnd, sqlAtRate },
      floors,
      notify,
      hiddenWords,
      ...result,
      web: webResults,
    };
  } finally {
    cluster?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  if (values.render) return say(`Written again from its JSON: ${renderAgain(values.render)}`);
  const chosen = plan();
  if (chosen.runs.some((r) => r.db === 'postgres') && !hasPostgres)
    throw new Error("PostgreSQL 15 is needed (Debian's postgresql-15)");
  if (!values['skip-web']) ensureWebBuild();
  const started = performance.now();
  const runs: (RunResult & { web: WebResults | null })[] = [];
  for (const [i, run] of chosen.runs.entries()) {
    runs.push(
      await benchOne(
        run.tier,
        run.db,
        chosen.seconds,
        i === 0 && !values['skip-web'] ? { runs: chosen.lighthouseRuns } : null,
      ),
    );
  }
  const web = runs.find((r) => r.web)?.web ?? null;
  const budgets = evaluateBudgets(runs, web);
  const { markdownPath, failures } = writeReport(chosen.label, runs, web, budgets, seconds(started));
  say(`\n${fs.readFileSync(markdownPath, 'utf8')}`);
  say(`Written: ${markdownPath} and its .json`);
  if (failures.length > 0) {
    say(`\nCorrectness checks failed:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
    process.exit(1);
  }
}

await main();
