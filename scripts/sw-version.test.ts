import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { stampServiceWorker } from './sw-version.mjs';

const worker = fs.readFileSync(path.resolve(import.meta.dirname, '../web/public/sw.js'), 'utf8');

/** A build's output: index page, hashed assets, and the service worker as public/ has it. */
function fakeBuild(dir: string, assets: string[]) {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), `<script src="/assets/${assets[0]}"></script>`);
  for (const name of assets) fs.writeFileSync(path.join(dir, 'assets', name), '');
  fs.writeFileSync(path.join(dir, 'sw.js'), worker);
}

/** Runs a service worker's activate step against these caches; resolves with what is left. */
async function activate(source: string, cacheNames: string[]): Promise<string[]> {
  const caches = new Set(cacheNames);
  const handlers: Record<string, (event: unknown) => void> = {};
  const self = {
    addEventListener: (type: string, handler: (event: unknown) => void) => (handlers[type] = handler),
    clients: { claim: async () => {} },
    location: { origin: 'https://vouch.test' },
  };
  const cacheStorage = {
    keys: async () => [...caches],
    delete: async (name: string) => caches.delete(name),
    open: async () => ({}),
  };
  vm.runInNewContext(source, { self, caches: cacheStorage, URL, Response, fetch });
  let done: Promise<unknown> = Promise.resolve();
  handlers.activate!({ waitUntil: (promise: Promise<unknown>) => (done = promise) });
  await done;
  return [...caches];
}

describe("the service worker's cache name", () => {
  const dir = path.join(os.tmpdir(), `vouch-sw-${process.pid}`);
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("is the build's own, and a new build's worker deletes the old build's cache when it activates", async () => {
    fakeBuild(dir, ['index-AAAA.js', 'landing-BBBB.js']);
    const first = stampServiceWorker(dir);
    const firstWorker = fs.readFileSync(path.join(dir, 'sw.js'), 'utf8');
    expect(firstWorker).toContain(`const VERSION = '${first}';`);

    fakeBuild(dir, ['index-CCCC.js', 'landing-BBBB.js']);
    const second = stampServiceWorker(dir);
    expect(second).not.toBe(first);
    // The same build stamped again keeps its name (no needless re-download of the shell).
    fakeBuild(dir, ['index-CCCC.js', 'landing-BBBB.js']);
    expect(stampServiceWorker(dir)).toBe(second);

    const secondWorker = fs.readFileSync(path.join(dir, 'sw.js'), 'utf8');
    expect(await activate(secondWorker, [first, second])).toEqual([second]);
  });
});
