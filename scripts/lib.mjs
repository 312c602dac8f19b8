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
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${result.status ?? result.signal}`);
}

/** Runs a command and resolves with its exit code (never throws). */
export function runAsync(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', cwd: root, ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Installs dependencies when node_modules is missing or older than the lockfile. */
export function ensureDependencies() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  const stale = !fs.existsSync(marker) || fs.statSync(lock).mtimeMs > fs.statSync(marker).mtimeMs;
  if (!stale) return;
  log('Installing dependencies (npm ci)...');
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
