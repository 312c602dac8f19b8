// A throwaway PostgreSQL 15 cluster from Debian's binaries, for the tests: created in a
// temporary directory, run as the `postgres` user on a free port, removed afterwards.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, isRoot, log, run } from './lib.mjs';

const PG_BIN = '/usr/lib/postgresql/15/bin';

export function ensurePostgresBinaries() {
  if (fs.existsSync(path.join(PG_BIN, 'initdb'))) return true;
  if (!isRoot) return false;
  log("Installing Debian's PostgreSQL 15 (apt-get install postgresql-15)...");
  run('apt-get', ['update', '-qq']);
  run('apt-get', ['install', '-y', '-qq', 'postgresql-15'], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return fs.existsSync(path.join(PG_BIN, 'initdb'));
}

/**
 * Tests get a cluster tuned for speed (no fsync). The benchmark passes `durable: true` for the
 * production settings it reports against (fsync and synchronous_commit on), plus its own `settings`.
 */
export async function startPostgresCluster({ durable = false, settings = {} } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vouch-pg-'));
  const dataDir = path.join(dir, 'data');
  // PostgreSQL refuses to run as root: as root, the cluster belongs to the postgres user.
  const asPostgres = (command, args) =>
    isRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  if (isRoot) run('chown', ['postgres:postgres', dir]);
  const port = await freePort();
  const exec = (command, args) => {
    const [cmd, argv] = asPostgres(path.join(PG_BIN, command), args);
    const result = spawnSync(cmd, argv, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${command} failed:\n${result.stdout}\n${result.stderr}`);
  };
  exec('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync']);
  const speed = durable ? {} : { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' };
  const all = { listen_addresses: '127.0.0.1', max_connections: '200', ...speed, ...settings };
  const options = [`-p ${port} -k ${dir}`, ...Object.entries(all).map(([key, value]) => `-c ${key}=${value}`)].join(
    ' ',
  );
  exec('pg_ctl', ['-D', dataDir, '-o', options, '-l', path.join(dir, 'server.log'), '-w', 'start']);
  log(`PostgreSQL 15 test cluster on port ${port}`);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    dataDir,
    /** Stops the server at once, as a crash or a failover would (the reliability suite). */
    halt: () => exec('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']),
    /** Starts it again after halt(), with the same settings. */
    resume: () => exec('pg_ctl', ['-D', dataDir, '-o', options, '-l', path.join(dir, 'server.log'), '-w', 'start']),
    stop() {
      try {
        exec('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
