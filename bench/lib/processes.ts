// The processes under test: the real server (and a bare Hono server for calibration), started
// as Node itself with tsx as a loader so the pid we read is the server's, plus CPU and memory
// figures from /proc.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from '../../scripts/lib.mjs';

/** The production settings of the benchmark notes, on a machine this size. */
export const POSTGRES_SETTINGS = { shared_buffers: '2GB', effective_cache_size: '16GB', work_mem: '16MB', random_page_cost: '1.1', jit: 'off' };

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

async function startNode(script: string, env: Record<string, string>, readyPath: string, nodeArgs: string[] = []): Promise<Running> {
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
      // The load comes from one address; the per-address limit is not what is measured.
      RATE_LIMIT_IP_MAX: '1000000',
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

/** A bare ws server (calibration for memory per idle socket); ready once it says so. */
export async function startBareWsServer(): Promise<Running> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', 'bench/lib/bare-ws-server.ts'], { cwd: root, env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  while (!output.includes('listening')) {
    if (child.exitCode !== null) throw new Error('the bare ws server exited');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url: `http://127.0.0.1:${port}`, pid: child.pid!, child, output: () => output, stop: async () => void child.kill() };
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

/** CPU time (user + system) used so far by a process and, optionally, by every child of a second one (PostgreSQL's backends). */
export function cpuMs(pid: number, postmasterPid?: number): number {
  let total = readStat(pid)?.cpuMs ?? 0;
  if (postmasterPid) {
    total += readStat(postmasterPid)?.cpuMs ?? 0;
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const stat = readStat(Number(entry));
      if (stat?.ppid === postmasterPid) total += stat.cpuMs;
    }
  }
  return total;
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
