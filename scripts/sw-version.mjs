// The service worker's cache is named after the build it serves: a new build installs a worker
// whose cache name differs, and its activate step deletes the old build's caches (the old shell).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const PLACEHOLDER = /const VERSION = '[^']*';/;

/** A build's identity: the hash of its index page and the names of its files (which carry hashes). */
export function buildVersion(distDir) {
  const hash = createHash('sha256');
  hash.update(fs.readFileSync(path.join(distDir, 'index.html')));
  const assets = path.join(distDir, 'assets');
  if (fs.existsSync(assets)) for (const name of fs.readdirSync(assets).sort()) hash.update(name);
  return `vouch-${hash.digest('hex').slice(0, 12)}`;
}

/** Writes the build's version into the built sw.js; returns it. */
export function stampServiceWorker(distDir) {
  const file = path.join(distDir, 'sw.js');
  const version = buildVersion(distDir);
  const source = fs.readFileSync(file, 'utf8');
  if (!PLACEHOLDER.test(source)) throw new Error('sw.js has no `const VERSION = ...;` line to stamp');
  fs.writeFileSync(file, source.replace(PLACEHOLDER, `const VERSION = '${version}';`));
  return version;
}
