import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dependenciesToInstall } from './lib.mjs';

// npm start and npm test install only when node_modules differs from the lock file.
describe('dependenciesToInstall', () => {
  let dir: string;
  const install = (name: string, version: string) => {
    fs.mkdirSync(path.join(dir, 'node_modules', name), { recursive: true });
    fs.writeFileSync(path.join(dir, 'node_modules', name, 'package.json'), JSON.stringify({ name, version }));
  };
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vouch-deps-'));
    install('kept', '1.2.3');
    install('@scope/nested', '2.0.0');
    install('kept/node_modules/inner', '0.1.0');
    fs.writeFileSync(path.join(dir, 'node_modules', '.package-lock.json'), '{}');
    const packages = {
      '': { name: 'app' },
      'node_modules/kept': { version: '1.2.3' },
      'node_modules/@scope/nested': { version: '2.0.0', dev: true },
      'node_modules/kept/node_modules/inner': { version: '0.1.0' },
      'node_modules/for-another-platform': { version: '9.9.9', optional: true },
    };
    fs.writeFileSync(path.join(dir, 'package-lock.json'), JSON.stringify({ lockfileVersion: 3, packages }));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('installs nothing when node_modules matches, even when the lock file is newer than it', () => {
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(path.join(dir, 'package-lock.json'), later, later);
    expect(dependenciesToInstall(dir)).toEqual([]);
  });

  it('installs when a locked package is missing or at another version', () => {
    fs.rmSync(path.join(dir, 'node_modules', 'kept', 'node_modules'), { recursive: true });
    install('@scope/nested', '1.9.0');
    expect(dependenciesToInstall(dir)).toEqual(['@scope/nested', 'kept/node_modules/inner']);
  });

  it('installs everything when node_modules is missing', () => {
    fs.rmSync(path.join(dir, 'node_modules'), { recursive: true });
    expect(dependenciesToInstall(dir)).toEqual(['kept', '@scope/nested', 'kept/node_modules/inner']);
  });
});
