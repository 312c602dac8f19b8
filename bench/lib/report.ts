// The benchmark report: figures per run, the ratios that survive a noisy machine, and each
// performance budget marked met or not. Written as JSON (for tools) and Markdown (for people).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SqlFloor } from './sql-floors';
import type { NotifyCeiling } from './notify-ceiling';
import type { Figures } from './load';
import type { CpuCost } from './processes';
import type { ChatResults } from '../scenarios/chat';
import type { MixedResults } from '../scenarios/mixed';
import type { SwipeResults } from '../scenarios/swipes';
import type { WebResults } from '../scenarios/web';
import type { CpuPerSend, HiddenWordsResults } from '../scenarios/hidden-words';

export type RunResult = {
  tier: string;
  db: 'postgres' | 'pglite';
  counts: Record<string, number>;
  seedSeconds: number;
  totalSeconds: number;
  calibration: { start: Calibration; end: Calibration; sqlAtRate: Figures & { cpu: CpuCost } };
  health: Figures & { cpu: CpuCost };
  /** A minimal Hono + pg server running the same query (PostgreSQL runs; absent in older results). */
  healthFloor?: Figures | null;
  /** Like/pass's and chat's own statements from a bare pg pool (PostgreSQL runs; absent in older results). */
  floors?: { swipes: SqlFloor; chat: SqlFloor } | null;
  /** Events a second through LISTEN/NOTIFY at doubling rates (PostgreSQL runs; absent in older results). */
  notify?: NotifyCeiling | null;
  /** CPU per send to a member who hides 1,000 words (absent in older results). */
  hiddenWords?: HiddenWordsResults | null;
  discovery: { max: Figures & { cpu: CpuCost }; atHalf: Figures & { rate: number; cpu: CpuCost } };
  swipes: SwipeResults;
  chat: ChatResults;
  mixed: MixedResults;
  serverStatuses: Record<string, number>;
};
type Calibration = { honoHello: Figures; discoverySql: Figures & { cpu: CpuCost } };
export type Budget = { budget: string; measured: string; met: boolean; where: string };

const resultsDir = path.resolve(import.meta.dirname, '../results');
/** Kept by hand: what was tried for each budget not met, and what it gave. */
const triedPath = path.resolve(import.meta.dirname, '../what-was-tried.md');
const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;
const dbName = (db: string) => (db === 'postgres' ? 'PostgreSQL' : 'PGlite');
const runName = (r: RunResult) => `${r.tier} ${dbName(r.db)}`;
const avg = (a: number, b: number) => (a + b) / 2;

/** Same-run ratios: each figure over its own floor measured in the same run. */
export function ratios(r: RunResult) {
  const sqlMax = avg(r.calibration.start.discoverySql.rps, r.calibration.end.discoverySql.rps);
  const hello = avg(r.calibration.start.honoHello.rps, r.calibration.end.honoHello.rps);
  return {
    calibrationDrift: ratio(
      r.calibration.end.honoHello.rps - r.calibration.start.honoHello.rps,
      r.calibration.start.honoHello.rps,
    ),
    healthOverHello: ratio(r.health.rps, hello),
    healthOverFloor: r.healthFloor ? ratio(r.health.rps, r.healthFloor.rps) : null,
    discoveryApiOverSqlThroughput: ratio(r.discovery.max.rps, sqlMax),
    discoveryApiOverSqlP50: ratio(r.discovery.atHalf.p50, r.calibration.sqlAtRate.p50),
    discoveryP99OverSql: ratio(r.discovery.atHalf.p99, r.calibration.sqlAtRate.p99),
    swipesOverFloor: r.floors ? ratio(r.swipes.max.rps, r.floors.swipes.max.rps) : null,
    swipesP99OverFloor: r.floors ? ratio(r.swipes.atHalf.p99, r.floors.swipes.atRate.p99) : null,
    chatOverFloor: r.floors ? ratio(r.chat.max.rps, r.floors.chat.max.rps) : null,
    chatP99OverFloor: r.floors ? ratio(r.chat.atHalf.p99, r.floors.chat.atRate.p99) : null,
  };
}

export function evaluateBudgets(runs: RunResult[], web: WebResults | null): Budget[] {
  const budgets: Budget[] = [];
  const check = (where: string, budget: string, measured: string, met: boolean) =>
    budgets.push({ budget, measured, met, where });
  const postgres = runs.filter((r) => r.db === 'postgres');
  for (const run of postgres) {
    const where = runName(run);
    const { swipes, chat, discovery } = run;
    const r = ratios(run);
    const sqlMax = Math.round(avg(run.calibration.start.discoverySql.rps, run.calibration.end.discoverySql.rps));
    // Throughput over its floor, measured in the same run on the same cores.
    if (run.healthFloor && r.healthOverFloor !== null)
      check(
        where,
        '/api/health ÷ a minimal Hono + pg server running the same query ≥ 0.8',
        `×${r.healthOverFloor}: ${run.health.rps} vs ${run.healthFloor.rps} req/s`,
        r.healthOverFloor >= 0.8,
      );
    check(
      where,
      'Discovery ÷ its SQL alone ≥ 0.7 (at 100k and 1M)',
      `×${r.discoveryApiOverSqlThroughput}: ${discovery.max.rps} vs ${sqlMax}/s, the SQL's the mean of the run's start and end`,
      r.discoveryApiOverSqlThroughput >= 0.7,
    );
    if (run.floors && r.swipesOverFloor !== null && r.chatOverFloor !== null) {
      check(
        where,
        'Like/pass ÷ its SQL alone ≥ 0.7',
        `×${r.swipesOverFloor}: ${swipes.max.rps} vs ${run.floors.swipes.max.rps}/s at c=64`,
        r.swipesOverFloor >= 0.7,
      );
      check(
        where,
        'Chat ÷ its SQL alone ≥ 0.7',
        `×${r.chatOverFloor}: ${chat.max.rps} vs ${run.floors.chat.max.rps} msgs/s`,
        r.chatOverFloor >= 0.7,
      );
    }
    // Latency, open loop at half the capacity measured in this run, and over its floor's at that rate.
    check(
      where,
      'Like/pass p99 ≤ 15 ms, and ≤ 2× its SQL’s',
      `${swipes.atHalf.p99} ms at ${swipes.atHalf.rate}/s${run.floors ? ` (SQL alone ${run.floors.swipes.atRate.p99} ms, ×${r.swipesP99OverFloor})` : ''}`,
      swipes.atHalf.p99 <= 15 && (r.swipesP99OverFloor ?? 0) <= 2,
    );
    check(
      where,
      'Chat send→receive p99 ≤ 20 ms, and ≤ 2× its SQL’s',
      `${chat.atHalf.p99} ms at ${chat.atHalf.rate}/s${run.floors ? ` (SQL alone ${run.floors.chat.atRate.p99} ms, ×${r.chatP99OverFloor})` : ''}`,
      chat.atHalf.p99 <= 20 && (r.chatP99OverFloor ?? 0) <= 2,
    );
    check(
      where,
      'Discovery p99 ≤ 25 ms (at 1M), and ≤ 2× its SQL’s',
      `${discovery.atHalf.p99} ms at ${discovery.atHalf.rate}/s (SQL alone ${run.calibration.sqlAtRate.p99} ms, ×${r.discoveryP99OverSql})`,
      discovery.atHalf.p99 <= 25 && r.discoveryP99OverSql <= 2,
    );
    // Absolute figures: a cross-check on a quiet run only.
    check(where, 'Like/pass ≥ 2,000/s (absolute, quiet run)', `${swipes.max.rps}/s`, swipes.max.rps >= 2000);
    check(
      where,
      'Chat ≥ 2,000 messages/s stored and delivered (absolute, quiet run)',
      `${chat.max.rps}/s, ${chat.max.delivered}/${chat.max.requests} delivered`,
      chat.max.rps >= 2000 && chat.max.delivered === chat.max.requests,
    );
    check(
      where,
      'Exactly one match per mutual pair under races',
      `${swipes.race.matches} matches for ${swipes.race.pairs} pairs, ${swipes.race.duplicates} duplicates`,
      raceExact(run),
    );
    check(
      where,
      '≤ 8 KB per idle socket',
      `${chat.idle.kbPerSocket} KB (${chat.idle.sockets} sockets; ws alone ${chat.idle.bareKbPerSocket} KB)`,
      chat.idle.kbPerSocket <= 8,
    );
  }
  for (const run of runs.filter((r) => r.hiddenWords)) {
    const { floor, unchanged, expanding, changedEachSend } = run.hiddenWords!;
    const over = (phase: CpuPerSend, q: 'p50' | 'p99') => Math.round((phase[q] - floor[q]) * 100) / 100;
    check(
      runName(run),
      'Hidden words, 1,000 words: p99 CPU per send ≤ 3 ms over a send to a member who hides nothing (a 2,000-character message; 2,000 × U+FDFA)',
      `+${over(unchanged, 'p99')} ms (${unchanged.p99} vs ${floor.p99}); U+FDFA +${over(expanding, 'p99')} ms (${expanding.p99})`,
      over(unchanged, 'p99') <= 3 && over(expanding, 'p99') <= 3,
    );
    check(
      runName(run),
      'Hidden words, one of 1,000 changed before each send (read and compiled again): p50 CPU per send ≤ 5 ms over the floor',
      `+${over(changedEachSend, 'p50')} ms (${changedEachSend.p50} vs ${floor.p50}; p99 ${changedEachSend.p99})`,
      over(changedEachSend, 'p50') <= 5,
    );
  }
  if (web) {
    for (const route of web.routes.filter((r) => r.budgetKb !== null)) {
      check('web', `${route.route} ≤ ${route.budgetKb} KB gzipped JS`, `${route.gzipKb} KB`, !!route.met);
    }
  }
  // PGlite against PostgreSQL on the same tier: throughput of each scenario, and discovery latency.
  for (const lite of runs.filter((r) => r.db === 'pglite')) {
    const native = postgres.find((r) => r.tier === lite.tier);
    if (!native) continue;
    const pairs: [string, number][] = [
      ['discovery throughput', ratio(native.discovery.max.rps, lite.discovery.max.rps)],
      ['discovery p50 (closed loop)', ratio(lite.discovery.max.p50, native.discovery.max.p50)],
      ['like/pass throughput', ratio(native.swipes.max.rps, lite.swipes.max.rps)],
      ['chat throughput', ratio(native.chat.max.rps, lite.chat.max.rps)],
    ];
    for (const [what, factor] of pairs) {
      check(`${lite.tier}`, `PGlite within 3× of PostgreSQL: ${what}`, `×${factor}`, factor <= 3);
    }
  }
  return budgets;
}

const raceExact = (run: RunResult) =>
  run.swipes.race.matches === run.swipes.race.pairs && run.swipes.race.duplicates === 0;

/** The checks that must hold whatever the machine's speed. */
function correctness(runs: RunResult[]): string[] {
  const failures: string[] = [];
  for (const run of runs) {
    const where = runName(run);
    if (!raceExact(run))
      failures.push(
        `${where}: ${run.swipes.race.matches} matches for ${run.swipes.race.pairs} racing pairs (${run.swipes.race.duplicates} duplicates)`,
      );
    if (run.chat.max.delivered !== run.chat.max.requests)
      failures.push(`${where}: ${run.chat.max.delivered} of ${run.chat.max.requests} messages delivered`);
    if (run.chat.atHalf.delivered !== run.chat.atHalf.sent)
      failures.push(
        `${where}: ${run.chat.atHalf.delivered} of ${run.chat.atHalf.sent} messages delivered in the open loop`,
      );
    if (run.chat.max.reorderings > 0)
      failures.push(`${where}: ${run.chat.max.reorderings} messages arrived out of order`);
    const errors =
      run.discovery.max.errors +
      run.discovery.atHalf.errors +
      run.swipes.max.errors +
      run.swipes.atHalf.errors +
      run.swipes.race.errors +
      run.chat.max.errors +
      run.mixed.overall.errors;
    if (errors > 0)
      failures.push(`${where}: ${errors} failed requests (statuses ${JSON.stringify(run.serverStatuses)})`);
  }
  return failures;
}

type Environment = ReturnType<typeof environment>;
function environment() {
  const cpus = os.cpus();
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    // not a git checkout
  }
  return {
    date: new Date().toISOString(),
    commit,
    cpu: `${cpus.length} × ${cpus[0]?.model ?? '?'}`,
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    loadAverage: os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' '),
  };
}

const percent = (share: number) => `${Math.round(share * 100)}%`;
const cpuCell = (c: CpuCost) =>
  `${c.server} + ${c.database} + ${c.load} ms; ${c.coresBusy} cores; idle ${percent(c.machineIdle)}, disk wait ${percent(c.machineIowait)}, steal ${percent(c.machineSteal)}`;
const cpuTotal = (c: CpuCost) => c.server + c.database + c.load;
const round1 = (n: number) => Math.round(n * 10) / 10;

/** What each throughput budget would take in cores at the CPU per request measured, against the cores there are. */
function whyNotMet(runs: RunResult[], budgets: Budget[]): string[] {
  const cores = os.cpus().length;
  const lines: string[] = [];
  const missed = (prefix: string, where: string) =>
    budgets.some((b) => !b.met && b.budget.startsWith(prefix) && b.where === where);
  for (const run of runs.filter((r) => r.db === 'postgres')) {
    const where = runName(run);
    const capacity = (what: string, rps: number, c: CpuCost, target: number) =>
      `${where}, ${what}: ${rps}/s at most, with ${c.coresBusy} of ${cores} cores busy in the server, PostgreSQL and the load generator, ${percent(c.machineSteal)} of the machine's time taken by the hypervisor and ${percent(c.machineIdle)} idle. Each one took ${round1(c.server + c.database)} ms of CPU in the server (${c.server}) and PostgreSQL (${c.database}), and ${c.load} ms in the load generator; ${target.toLocaleString('en')}/s would need ${round1((target * cpuTotal(c)) / 1000)} cores of this machine (${round1((target * (c.server + c.database)) / 1000)} without the load generator).`;
    if (missed('Like/pass ≥', where)) lines.push(capacity('like/pass', run.swipes.max.rps, run.swipes.max.cpu, 2000));
    if (missed('Chat ≥', where)) lines.push(capacity('chat messages', run.chat.max.rps, run.chat.max.cpu, 2000));
    // Over its floor: where both fill the machine, throughput follows CPU per request.
    const overFloor = (what: string, endpoint: CpuCost, floor: CpuCost) =>
      `${where}, ${what} ÷ its SQL alone: a request through the endpoint took ${round1(cpuTotal(endpoint))} ms of CPU (server ${endpoint.server}, PostgreSQL ${endpoint.database}, load generator ${endpoint.load}; ${endpoint.coresBusy} cores busy, steal ${percent(endpoint.machineSteal)}); the same statements from a bare pg pool took ${round1(cpuTotal(floor))} ms (PostgreSQL ${floor.database}, client ${floor.load}; ${floor.coresBusy} cores busy, steal ${percent(floor.machineSteal)}), ×${ratio(cpuTotal(floor), cpuTotal(endpoint))}.`;
    if (run.floors && missed('Like/pass ÷', where))
      lines.push(overFloor('like/pass', run.swipes.max.cpu, run.floors.swipes.max.cpu));
    if (run.floors && missed('Chat ÷', where)) lines.push(overFloor('chat', run.chat.max.cpu, run.floors.chat.max.cpu));
    if (missed('Discovery p99', where)) {
      const page = run.discovery.atHalf;
      const sql = run.calibration.sqlAtRate;
      lines.push(
        `${where}, discovery p99: ${page.p99} ms at ${page.rate}/s through the endpoint (p50 ${page.p50}), with the hypervisor taking ${percent(page.cpu.machineSteal)} of the machine's time; the same requests' SQL alone at the same rate, after the server stopped: p50 ${sql.p50} / p99 ${sql.p99} ms, steal ${percent(sql.cpu.machineSteal)}. ${sql.p99 > 25 ? 'The SQL alone missed the 25 ms too, so the machine set much of the tail in this run.' : "The SQL alone kept within 25 ms, so the endpoint's own work set the tail."}`,
      );
    }
    if (missed('Discovery ÷', where)) {
      const page = run.discovery.max.cpu;
      const sql = run.calibration.start.discoverySql.cpu;
      lines.push(
        `${where}, discovery endpoint ÷ its SQL alone: the endpoint ran with ${page.coresBusy} of ${cores} cores busy (machine idle ${percent(page.machineIdle)}, steal ${percent(page.machineSteal)}) and the SQL alone with ${sql.coresBusy} (idle ${percent(sql.machineIdle)}, steal ${percent(sql.machineSteal)}); where both fill the machine, their throughputs stand in the ratio of their CPU per request. The SQL alone took ${round1(cpuTotal(sql))} ms (client ${sql.load}, PostgreSQL ${sql.database}); a page through the endpoint took ${round1(cpuTotal(page))} ms (server ${page.server}, PostgreSQL ${page.database}, load generator ${page.load}), ×${ratio(cpuTotal(sql), cpuTotal(page))}.`,
      );
    }
  }
  for (const lite of runs.filter((r) => r.db === 'pglite')) {
    const native = runs.find((r) => r.db === 'postgres' && r.tier === lite.tier);
    if (!native || !missed('PGlite within 3× of PostgreSQL: discovery', lite.tier)) continue;
    const [l, n] = [lite.discovery.max.cpu, native.discovery.max.cpu];
    const [ls, ns] = [lite.calibration.start.discoverySql.cpu, native.calibration.start.discoverySql.cpu];
    lines.push(
      `${lite.tier} PGlite ÷ PostgreSQL, discovery: PGlite runs the database inside the server's one thread, so a page's ${round1(l.server)} ms of CPU all fall on one core while the machine stays ${percent(l.machineIdle)} idle; on PostgreSQL the same page took ${round1(n.server + n.database)} ms (server ${n.server}, PostgreSQL ${n.database}) spread over both cores (idle ${percent(n.machineIdle)}). The SQL alone, without the server: ${round1(ls.load)} ms on PGlite against ${round1(ns.load + ns.database)} ms on PostgreSQL (×${ratio(ls.load, ns.load + ns.database)}). Steal during the two endpoint runs: ${percent(l.machineSteal)} and ${percent(n.machineSteal)}.`,
    );
  }
  return lines;
}

const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
const lat = (f: Figures) => `${f.p50} / ${f.p95} / ${f.p99}`;
/** A closed-loop phase: its most per second, with its latencies. */
const most = (f: Figures & { rps: number }) => `${f.rps} (${lat(f)})`;
/** An open-loop phase: its rate, with its latencies. */
const atRate = (f: Figures & { rate: number }) => `${f.rate}/s: ${lat(f)}`;

function markdown(
  label: string,
  runs: RunResult[],
  web: WebResults | null,
  budgets: Budget[],
  failures: string[],
  totalSeconds: number,
  env: Environment,
): string {
  const figure = (name: string, cell: (run: RunResult) => string | number) => row([name, ...runs.map(cell)]);
  const lines = [
    `# Benchmark: ${label}`,
    '',
    `${env.date.slice(0, 16).replace('T', ' ')} UTC · commit ${env.commit} · ${env.cpu} · ${env.memoryGb} GB · Node ${env.node} · load ${env.loadAverage} · ${Math.round(totalSeconds / 60)} min.`,
    'Command: `npm run bench' +
      (label === 'full' ? '' : label === 'quick' ? ' -- --quick' : ` -- --tier ${label.replace('-', ' --db ')}`) +
      "`. Latencies in ms as p50 / p95 / p99; server and load generator share the machine's two cores (no pinning).",
    '',
    '## Budgets',
    '',
    row(['budget', 'run', 'measured', 'met']),
    row(['---', '---', '---', '---']),
    ...budgets.map((b) => row([b.budget, b.where, b.measured, b.met ? 'yes' : '**no**'])),
    '',
    failures.length
      ? `**Correctness checks failed:** ${failures.join('; ')}`
      : 'Correctness: every racing pair got exactly one match, every message was delivered in order, no request failed.',
    '',
    '## Figures',
    '',
    row(['scenario', ...runs.map(runName)]),
    row(['---', ...runs.map(() => '---')]),
    figure(
      'data',
      (r) =>
        `${r.counts.profiles} profiles, ${r.counts.likes} likes, ${r.counts.passes} passes (seeded in ${r.seedSeconds} s)`,
    ),
    figure(
      'calibration: bare Hono req/s (start → end)',
      (r) => `${r.calibration.start.honoHello.rps} → ${r.calibration.end.honoHello.rps}`,
    ),
    figure(
      'calibration: discovery SQL alone, queries/s (start → end)',
      (r) => `${r.calibration.start.discoverySql.rps} → ${r.calibration.end.discoverySql.rps}`,
    ),
    figure("calibration: discovery SQL alone at the endpoint's half rate", (r) => lat(r.calibration.sqlAtRate)),
    figure('/api/health (full stack, one query) req/s', (r) => r.health.rps),
    figure('floor: minimal Hono + pg, the same query, req/s', (r) => r.healthFloor?.rps ?? '–'),
    figure('discovery, most req/s (16 in flight)', (r) => most(r.discovery.max)),
    figure('discovery at half that rate', (r) => atRate(r.discovery.atHalf)),
    figure('like/pass, most per second (64 in flight)', (r) => most(r.swipes.max)),
    figure('like/pass, open loop at half the most', (r) => atRate(r.swipes.atHalf)),
    figure("floor: like/pass's statements from a bare pg pool, most per second (64 in flight)", (r) =>
      r.floors ? most(r.floors.swipes.max) : '–',
    ),
    figure('floor: like/pass statements at the endpoint’s open-loop rate', (r) =>
      r.floors ? atRate(r.floors.swipes.atRate) : '–',
    ),
    figure(
      'mutual-like race',
      (r) => `${r.swipes.race.pairs} pairs → ${r.swipes.race.matches} matches, ${r.swipes.race.duplicates} duplicates`,
    ),
    figure(
      'chat, most messages/s stored + delivered',
      (r) =>
        `${r.chat.max.rps} (send→receive ${lat(r.chat.max)}; ${r.chat.max.delivered}/${r.chat.max.requests} delivered, ${r.chat.max.reorderings} reordered)`,
    ),
    figure("floor: chat's statements from a bare pg pool, most messages/s", (r) =>
      r.floors ? most(r.floors.chat.max) : '–',
    ),
    figure(
      'chat send→receive, open loop at half the most',
      (r) => `${r.chat.atHalf.rate}/s: ${lat(r.chat.atHalf)} (${r.chat.atHalf.delivered}/${r.chat.atHalf.sent})`,
    ),
    figure('floor: chat statements at the endpoint’s open-loop rate', (r) =>
      r.floors ? atRate(r.floors.chat.atRate) : '–',
    ),
    figure(
      'idle sockets: server memory per socket',
      (r) =>
        `${r.chat.idle.kbPerSocket} KB; ws alone ${r.chat.idle.bareKbPerSocket} KB (${r.chat.idle.sockets} sockets, RSS ${Math.round(r.chat.idle.rssBeforeKb / 1024)} → ${Math.round(r.chat.idle.rssAfterKb / 1024)} MB)`,
    ),
    figure(
      'hidden words: 1,000 words, 2,000-character message, CPU per send p50 / p99 ms (floor: hides nothing; list unchanged; one word changed before each send; 2,000 × U+FDFA)',
      (r) => {
        const h = r.hiddenWords;
        const cell = (phase: CpuPerSend) => `${phase.p50} / ${phase.p99}`;
        return h ? `${cell(h.floor)}; ${cell(h.unchanged)}; ${cell(h.changedEachSend)}; ${cell(h.expanding)}` : '–';
      },
    ),
    figure(
      'mixed at 500/s or half of capacity (70% discover, 25% swipe, 5% chat)',
      (r) =>
        `${r.mixed.rate}/s: ${lat(r.mixed.overall)}; discover p99 ${r.mixed.byKind.discover.p99}, swipe p99 ${r.mixed.byKind.swipe.p99}, message p99 ${r.mixed.byKind.message.p99}`,
    ),
    '',
    '## Ratios (same run)',
    '',
    row(['ratio', ...runs.map(runName)]),
    row(['---', ...runs.map(() => '---')]),
    figure('calibration drift, end ÷ start − 1 (bare Hono)', (r) => ratios(r).calibrationDrift),
    figure('/api/health ÷ bare Hono (req/s)', (r) => ratios(r).healthOverHello),
    figure('/api/health ÷ minimal Hono + pg, same query (req/s)', (r) => ratios(r).healthOverFloor ?? '–'),
    figure('discovery endpoint ÷ its SQL alone (most req/s)', (r) => ratios(r).discoveryApiOverSqlThroughput),
    figure('discovery endpoint p50 ÷ its SQL alone p50 (same rate)', (r) => ratios(r).discoveryApiOverSqlP50),
    figure('discovery endpoint p99 ÷ its SQL alone p99 (same rate)', (r) => ratios(r).discoveryP99OverSql),
    figure('like/pass ÷ its SQL alone (most per second)', (r) => ratios(r).swipesOverFloor ?? '–'),
    figure('like/pass p99 ÷ its SQL alone p99 (same rate)', (r) => ratios(r).swipesP99OverFloor ?? '–'),
    figure('chat ÷ its SQL alone (most messages/s)', (r) => ratios(r).chatOverFloor ?? '–'),
    figure('chat send→receive p99 ÷ its SQL alone p99 (same rate)', (r) => ratios(r).chatP99OverFloor ?? '–'),
  ];
  lines.push(
    '',
    '## CPU per request at the most req/s',
    '',
    `Milliseconds of CPU per request in the server + the database + the load generator (this benchmark's own process), how many of the machine's ${os.cpus().length} cores they kept busy meanwhile, and the machine's time left idle, waiting on the disk, or stolen by the hypervisor (from /proc/stat). With PGlite the database runs inside the server; for the SQL alone, the load generator is the SQL's client.`,
    '',
    row(['scenario', ...runs.map(runName)]),
    row(['---', ...runs.map(() => '---')]),
    figure('/api/health', (r) => cpuCell(r.health.cpu)),
    figure('discovery SQL alone (start)', (r) => cpuCell(r.calibration.start.discoverySql.cpu)),
    figure('discovery endpoint', (r) => cpuCell(r.discovery.max.cpu)),
    figure('like/pass', (r) => cpuCell(r.swipes.max.cpu)),
    figure("like/pass's SQL alone", (r) => (r.floors ? cpuCell(r.floors.swipes.max.cpu) : '–')),
    figure('chat message', (r) => cpuCell(r.chat.max.cpu)),
    figure("chat's SQL alone", (r) => (r.floors ? cpuCell(r.floors.chat.max.cpu) : '–')),
  );
  for (const r of runs.filter((run) => run.notify)) {
    const notify = r.notify!;
    lines.push(
      '',
      `## Realtime fan-out through LISTEN/NOTIFY (${runName(r)})`,
      '',
      `Message events of our envelope's size, each its own statement and commit from ten connections, open loop at doubling rates, timed until one listening connection (a server instance's) heard them. Ceiling: the last rate at which every event arrived with p99 within ${notify.p99LimitMs} ms of when it was due: **${notify.ceiling === null ? 'below the first step' : `${notify.ceiling}/s`}**.`,
      '',
      row([
        'rate asked',
        'sent per second',
        'heard',
        'p50 / p95 / p99 ms',
        'CPU per event (PostgreSQL + sender and listener)',
      ]),
      row(['---', '---', '---', '---', '---']),
      ...notify.steps.map((step) =>
        row([
          `${step.rate}/s`,
          `${step.rps}`,
          `${step.delivered}`,
          `${step.p50} / ${step.p95} / ${step.p99}`,
          cpuCell(step.cpu),
        ]),
      ),
    );
  }
  const why = whyNotMet(runs, budgets);
  if (why.length > 0) lines.push('', '## Budgets not met: why', '', ...why.map((line) => `- ${line}`));
  if (fs.existsSync(triedPath)) lines.push('', fs.readFileSync(triedPath, 'utf8').trim());
  const scale = (small: RunResult | undefined, large: RunResult | undefined) =>
    small && large
      ? `discovery p50 ×${ratio(large.discovery.atHalf.p50, small.discovery.atHalf.p50)}, most req/s ×${ratio(large.discovery.max.rps, small.discovery.max.rps)}`
      : null;
  const scaleLine = scale(
    runs.find((r) => r.tier === '100k' && r.db === 'postgres'),
    runs.find((r) => r.tier === '1m' && r.db === 'postgres'),
  );
  if (scaleLine) lines.push('', `1M ÷ 100k on PostgreSQL: ${scaleLine}.`);
  if (web) {
    lines.push(
      '',
      '## Web',
      '',
      row(['route', 'gzipped JS (KB)', 'budget (KB)', 'met']),
      row(['---', '---', '---', '---']),
    );
    for (const r of web.routes)
      lines.push(row([r.route, r.gzipKb, r.budgetKb ?? '–', r.met === null ? '–' : r.met ? 'yes' : '**no**']));
    lines.push(
      '',
      row(['Lighthouse (mobile, simulated throttling)', 'score', 'LCP (ms)', 'TBT (ms)', 'CLS']),
      row(['---', '---', '---', '---', '---']),
    );
    for (const l of web.lighthouse)
      lines.push(row([`${l.page} (median of ${l.runs})`, l.score, l.lcpMs, l.tbtMs, l.cls]));
  }
  return lines.join('\n') + '\n';
}

export function writeReport(
  label: string,
  runs: RunResult[],
  web: WebResults | null,
  budgets: Budget[],
  totalSeconds: number,
) {
  const failures = correctness(runs);
  fs.mkdirSync(resultsDir, { recursive: true });
  const base = path.join(resultsDir, label);
  const env = environment();
  fs.writeFileSync(
    `${base}.json`,
    JSON.stringify({ environment: env, totalSeconds, runs, web, budgets, failures }, null, 2) + '\n',
  );
  fs.writeFileSync(`${base}.md`, markdown(label, runs, web, budgets, failures, totalSeconds, env));
  return { markdownPath: `${base}.md`, failures };
}

/**
 * Writes a run's Markdown again from its JSON (same figures, same machine and commit), after the
 * report's wording or explanations changed: `npm run bench -- --render full`.
 */
export function renderAgain(label: string): string {
  const base = path.join(resultsDir, label);
  const saved = JSON.parse(fs.readFileSync(`${base}.json`, 'utf8')) as {
    environment: Environment;
    totalSeconds?: number;
    runs: RunResult[];
    web: WebResults | null;
  };
  const totalSeconds = saved.totalSeconds ?? saved.runs.reduce((sum, r) => sum + r.totalSeconds, 0);
  const budgets = evaluateBudgets(saved.runs, saved.web);
  fs.writeFileSync(
    `${base}.md`,
    markdown(label, saved.runs, saved.web, budgets, correctness(saved.runs), totalSeconds, saved.environment),
  );
  return `${base}.md`;
}
