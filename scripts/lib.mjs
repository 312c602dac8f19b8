// Small helpers shared by the start, test and dev scripts.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');
export const bin = (name) => path.join(root, 'node_modules', '.bin', name);
export const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

export function log(message) {
  console.log(`\x1b[35m[vouch]\x1b[0m ${message}`);
}

/** Runs a command to completion with inherited output; throws on a non-zero exit. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, ...options });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} exited with ${result.status ?? result.signal}`);
}

/** Runs a command and resolves with its exit code (never throws). */
export function runAsync(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', cwd: root, ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/**
 * What `npm ci` would change: each package the lock file names (optional ones aside: they exist
 * for other platforms) that is missing from node_modules or installed at another version. Empty
 * when node_modules already matches the lock file, whatever the files' dates say.
 */
export function dependenciesToInstall(dir = root) {
  const lock = JSON.parse(fs.readFileSync(path.join(dir, 'package-lock.json'), 'utf8'));
  const differing = [];
  for (const [where, locked] of Object.entries(lock.packages ?? {})) {
    if (!where.startsWith('node_modules/') || locked.optional || locked.link) continue;
    let installed = null;
    try {
      installed = JSON.parse(fs.readFileSync(path.join(dir, where, 'package.json'), 'utf8')).version;
    } catch {
      // missing or unreadable: installed stays null
    }
    if (installed !== locked.version) differing.push(where.slice('node_modules/'.length));
  }
  return differing;
}

/** Installs dependencies only when the lock file names something node_modules lacks. */
export function ensureDependencies() {
  const differing = dependenciesToInstall();
  if (differing.length === 0) return;
  const sample = differing.slice(0, 3).join(', ') + (differing.length > 3 ? ` and ${differing.length - 3} more` : '');
  log(`Installing dependencies (npm ci): ${sample} missing or not at the locked version...`);
  run('npm', ['ci', '--no-audit', '--no-fund']);
}

/** Builds the web app when its sources changed since the last build. */
export function ensureWebBuild() {
  const hash = hashTree(['web', 'contracts', 'vite.config.ts', 'package-lock.json']);
  const stamp = path.join(root, 'dist', 'web', '.source-hash');
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === hash) return;
  log('Building the web app...');
  // Always a production bundle, whatever NODE_ENV the caller runs under (tests use 'test').
  run(bin('vite'), ['build', '--logLevel', 'warn'], { env: { ...process.env, NODE_ENV: 'production' } });
  fs.writeFileSync(stamp, hash);
}

function hashTree(entries) {
  const hash = createHash('sha256');
  const visit = (relative) => {
    const full = path.join(root, relative);
    if (!fs.existsSync(full)) return;
    const stat = fs.statSync(full);
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(full).sort()) if (name !== 'node_modules') visit(path.join(relative, name));
    } else {
      hash.update(relative).update(fs.readFileSync(full));
    }
  };
  entries.forEach(visit);
  return hash.digest('hex');
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}
