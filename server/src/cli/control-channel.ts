import fs from 'node:fs';
import { lockHolder } from '../db/data-dir-lock';
import type { Env } from '../env';
import { createLogger } from '../lib/logger';
import { controlFile, openServices } from '../server';
import type { Progress } from './progress';

type Services = Awaited<ReturnType<typeof openServices>>;

/** How to reach the server that holds DATA_DIR: its port and the token only the owner can read. */
export type ServerControl = { port: number; token: string };

/** The server holding the PGlite directory, or null when the CLI should open the database itself. */
function runningServer(env: Env): ServerControl | null {
  const holder = env.DATABASE_URL ? null : lockHolder(env.DATA_DIR);
  if (holder === null) return null;
  const { port, token } = JSON.parse(fs.readFileSync(controlFile(env), 'utf8')) as ServerControl;
  return { port, token };
}

async function callServer<T>(server: ServerControl, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const headers = { 'content-type': 'application/json', 'x-control-token': server.token };
  const url = `http://127.0.0.1:${server.port}${path}`;
  const response = await (method === 'GET'
    ? fetch(url, { headers })
    : fetch(url, { method: 'POST', headers, body: JSON.stringify(body) }));
  const data = (await response.json()) as T & { error?: { message: string } };
  if (!response.ok) throw new Error(data.error?.message ?? `The server answered ${response.status}`);
  return data;
}

async function runDirect<T>(env: Env, direct: (services: Services) => Promise<T>): Promise<T> {
  const services = await openServices(env, createLogger('warn'));
  try {
    return await direct(services);
  } finally {
    await services.close();
  }
}

/**
 * Runs a CLI action whether or not the server is up. While a server holds the PGlite
 * directory, the action goes through that server, authenticated by the token file only the
 * machine's owner can read. Otherwise the CLI opens the database itself.
 */
export async function runThroughServerOrDirect<T>(
  env: Env,
  controlPath: string,
  body: unknown,
  direct: (services: Services) => Promise<T>,
): Promise<T> {
  const server = runningServer(env);
  return server ? callServer<T>(server, 'POST', controlPath, body) : runDirect(env, direct);
}

const MAX_POLL_FAILURES = 5;

/** A job as the server shows it; its phase is null until it reports progress. */
type Job<T> = {
  jobId: string;
  state: 'running' | 'done' | 'failed';
  phase: string | null;
  done: number;
  total: number;
  result?: T;
  error?: string;
};

/**
 * Starts a job on the server (POST startPath answers at once with its id) and asks how far it
 * is every `pollMs` (GET startPath/jobId) until it ends: no request lasts longer than a moment,
 * however long the job takes.
 */
export async function followServerJob<T>(
  server: ServerControl,
  startPath: string,
  body: unknown,
  onProgress: (progress: Progress) => void,
  pollMs = 1000,
): Promise<T> {
  let job = await callServer<Job<T>>(server, 'POST', startPath, body);
  const { jobId } = job;
  for (let failures = 0; ;) {
    if (job.phase !== null) onProgress({ phase: job.phase, done: job.done, total: job.total });
    if (job.state === 'done') return job.result as T;
    if (job.state === 'failed') throw new Error(job.error ?? 'The job failed on the server.');
    await new Promise((resolve) => setTimeout(resolve, pollMs));
    try {
      job = await callServer<Job<T>>(server, 'GET', `${startPath}/${jobId}`);
      failures = 0;
    } catch (error) {
      // A busy server may drop a reused connection now and then: only a few misses in a row mean it is gone.
      if (++failures < MAX_POLL_FAILURES) continue;
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(
        `Lost track of job ${jobId} on the server (${reason}). What it finished is kept: run the command again to complete it.`,
      );
    }
  }
}

/**
 * A long CLI action with progress, whether or not the server is up: through the server as a
 * job the CLI follows, or directly, reporting to the same `onProgress`.
 */
export async function runJobThroughServerOrDirect<T>(
  env: Env,
  startPath: string,
  body: unknown,
  onProgress: (progress: Progress) => void,
  direct: (services: Services, onProgress: (progress: Progress) => void) => Promise<T>,
): Promise<T> {
  const server = runningServer(env);
  return server
    ? followServerJob<T>(server, startPath, body, onProgress)
    : runDirect(env, (services) => direct(services, onProgress));
}
