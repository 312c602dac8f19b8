import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { secureDataDir } from './data-dir-permissions';

/** Another account on the same machine, playing with where the server keeps its data. */
describe('DATA_DIR against another local account', () => {
  const scratch = () => fs.mkdtempSync(path.join(os.tmpdir(), 'vouch-data-dir-'));

  it('tightens the folder a link points to, not just the link', () => {
    const target = scratch();
    fs.chmodSync(target, 0o755);
    fs.writeFileSync(path.join(target, 'control.json'), '{}', { mode: 0o644 });
    const link = path.join(scratch(), 'data');
    fs.symlinkSync(target, link);
    secureDataDir(link);
    expect(fs.statSync(target).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(target, 'control.json')).mode & 0o777).toBe(0o600);
  });

  it('refuses a folder, or a link to one, that another account owns', () => {
    // As root, a folder given to "nobody"; otherwise one root owns (refused before anything is changed).
    let foreign = '/usr/share';
    if (process.getuid?.() === 0) {
      foreign = scratch();
      fs.chownSync(foreign, 65534, 65534);
    }
    expect(() => secureDataDir(foreign)).toThrow(/belongs to another account/);
    const link = path.join(scratch(), 'data');
    fs.symlinkSync(foreign, link);
    expect(() => secureDataDir(link)).toThrow(/belongs to another account/);
  });
});
