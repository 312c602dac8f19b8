// The processes under test: the real server (and a bare Hono server for calibration), started
// as Node itself with tsx as a loader so the pid we read is the server's, plus CPU and memory
// figures from /proc.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from '../../scripts/lib.mjs';

/** The production settings of the benchmark notes, on a machine this size. */
export const POSTGRES_SETTINGS = {
  shared_buffers: '2GB',
  effective_cache_size: '16GB',
  work_mem: '16MB',
  random_page_cost: '1.1',
  jit: 'off',
};

const root = path.resolve(import.meta.dirname, '../..');

export type Running = { url: string; pid: number; child: ChildProcess; output(): string; stop(): Promise<void> };

async function waitFor(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the process exited before listening:\n${output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} never answered:\n${output()}`);
}

async function startNode(
  script: string,
  env: Record<string, string>,
  readyPath: string,
  nodeArgs: string[] = [],
): Promise<Running> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // BENCH_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", profiles the server under load.
  const extra = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...extra, ...nodeArgs, '--import', 'tsx', script], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', BASE_URL: url, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output = (output + chunk).slice(-4000)));
  child.stderr!.on('data', (chunk) => (output = (output + chunk).slice(-4000)));
  await waitFor(url + readyPath, child, () => output);
  return {
    url,
    pid: child.pid!,
    child,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** The server as production runs it, on the given database. */
export function startServer(database: { url: string } | { dataDir: string }): Promise<Running> {
  return startNode(
    'server/src/index.ts',
    {
      NODE_ENV: 'production',
      AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      LOG_LEVEL: 'warn',
      // The benchmark's members are made by its own seeding; no mail is sent.
      MAIL_DISABLED: 'true',
      // The load comes from one address; the per-address limit is not what is measured.
      RATE_LIMIT_IP_MAX: '1000000',
      MESSAGES_PER_MINUTE: '100000000',
      ...('url' in database ? { DATABASE_URL: database.url } : { DATA_DIR: database.dataDir }),
    },
    '/api/health',
    // Lets the benchmark ask for a garbage collection (SIGUSR2) before it reads memory.
    ['--expose-gc'],
  );
}

/** The server's resident memory once garbage is collected (the server answers SIGUSR2 so under --expose-gc). */
export async function liveRssKb(server: Running): Promise<number> {
  server.child.kill('SIGUSR2');
  await new Promise((resolve) => setTimeout(resolve, 1000));
  return rssKb(server.pid);
}

export const startHelloServer = () => startNode('bench/lib/hello-server.ts', {}, '/');
/** The floor of /api/health: a minimal Hono + pg server running the same query (PostgreSQL runs only). */
export const startHealthFloorServer = (databaseUrl: string) =>
  startNode('bench/lib/health-floor-server.ts', { DATABASE_URL: databaseUrl }, '/');

/** A bare ws server (calibration for memory per idle socket); ready once it says so. */
export async function startBareWsServer(): Promise<Running> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', 'bench/lib/bare-ws-server.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  while (!output.includes('listening')) {
    if (child.exitCode !== null) throw new Error('the bare ws server exited');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    child,
    output: () => output,
    stop: async () => void child.kill(),
  };
}

const TICKS_PER_SECOND = 100;
function readStat(pid: number): { cpuMs: number; ppid: number } | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), cpuMs: ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND };
  } catch {
    return null;
  }
}

/** CPU so far of a process and each of its children, by pid. */
function familyCpuMs(parentPid: number): Map<number, number> {
  const byPid = new Map<number, number>([[parentPid, readStat(parentPid)?.cpuMs ?? 0]]);
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(Number(entry));
    if (stat?.ppid === parentPid) byPid.set(Number(entry), stat.cpuMs);
  }
  return byPid;
}

/** The whole machine from /proc/stat: time busy, idle, waiting for the disk, and taken by the hypervisor (steal). */
type MachineTicks = { busy: number; idle: number; iowait: number; steal: number };
function machineTicks(): MachineTicks {
  const [user, nice, system, idle, iowait, irq, softirq, steal] = fs
    .readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]!
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number) as number[];
  return { busy: user! + nice! + system! + irq! + softirq!, idle: idle!, iowait: iowait!, steal: steal! };
}

/**
 * CPU time (user + system, ms) used so far: by the server, by PostgreSQL (the postmaster and its
 * backends; with PGlite the database runs inside the server), and by this process, which is the
 * load generator; and the machine's ticks. Two samples say where a request's CPU went.
 */
export type CpuSample = {
  wallMs: number;
  serverMs: number;
  databaseMs: Map<number, number>;
  loadMs: number;
  machine: MachineTicks;
};

export function sampleCpu(serverPid: number | null, postmasterPid?: number): CpuSample {
  const own = process.cpuUsage();
  return {
    wallMs: performance.now(),
    serverMs: serverPid ? (readStat(serverPid)?.cpuMs ?? 0) : 0,
    databaseMs: postmasterPid ? familyCpuMs(postmasterPid) : new Map(),
    loadMs: (own.user + own.system) / 1000,
    machine: machineTicks(),
  };
}

/**
 * CPU per request (ms) in each part between two samples; the cores our processes kept busy
 * meanwhile, and the shares of the machine's time that were idle, waiting on the disk, and
 * stolen by the hypervisor (time this VM wanted a core and did not get one).
 */
export type CpuCost = {
  server: number;
  database: number;
  load: number;
  coresBusy: number;
  machineIdle: number;
  machineIowait: number;
  machineSteal: number;
};

export function cpuCost(before: CpuSample, after: CpuSample, requests: number): CpuCost {
  const per = (ms: number) => Math.round((ms / Math.max(1, requests)) * 100) / 100;
  const server = after.serverMs - before.serverMs;
  // A backend started in between counts from zero; one that ended in between is lost (a few
  // short-lived workers such as autovacuum's, not the pool's connections).
  let database = 0;
  for (const [pid, ms] of after.databaseMs) database += ms - (before.databaseMs.get(pid) ?? 0);
  const load = after.loadMs - before.loadMs;
  const coresBusy = Math.round(((server + database + load) / (after.wallMs - before.wallMs)) * 100) / 100;
  const ticks = (key: keyof MachineTicks) => after.machine[key] - before.machine[key];
  const all = Math.max(1, ticks('busy') + ticks('idle') + ticks('iowait') + ticks('steal'));
  const share = (key: keyof MachineTicks) => Math.round((ticks(key) / all) * 100) / 100;
  return {
    server: per(server),
    database: per(database),
    load: per(load),
    coresBusy,
    machineIdle: share('idle'),
    machineIowait: share('iowait'),
    machineSteal: share('steal'),
  };
}

/** Runs a measured phase and adds the CPU each of its requests cost. */
export async function withCpu<F extends { requests: number }>(
  sample: () => CpuSample,
  phase: () => Promise<F>,
): Promise<F & { cpu: CpuCost }> {
  const before = sample();
  const figures = await phase();
  return { ...figures, cpu: cpuCost(before, sample(), figures.requests) };
}

export function rssKb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
}

export function postmasterPid(dataDir: string): number | undefined {
  try {
    return Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return undefined;
  }
}
