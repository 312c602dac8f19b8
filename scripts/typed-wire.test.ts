import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bin } from './lib.mjs';

const root = path.resolve(import.meta.dirname, '..');

/**
 * Type-checks the repository with one contract file changed, without touching the working tree:
 * a scratch folder links every top-level folder but `contracts`, which is a copy with the change
 * (and `preserveSymlinks`, so imports resolve from the linked paths to the copy).
 */
function typecheckWith(file: string, change: (text: string) => string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vouch-wire-'));
  try {
    for (const entry of fs.readdirSync(root)) {
      if (entry === 'contracts' || entry.startsWith('.')) continue;
      if (entry === 'tsconfig.json') continue;
      fs.symlinkSync(path.join(root, entry), path.join(dir, entry));
    }
    fs.cpSync(path.join(root, 'contracts'), path.join(dir, 'contracts'), { recursive: true });
    const target = path.join(dir, 'contracts', file);
    fs.writeFileSync(target, change(fs.readFileSync(target, 'utf8')));
    const config = JSON.parse(fs.readFileSync(path.join(root, 'tsconfig.json'), 'utf8')) as {
      compilerOptions: Record<string, unknown>;
    };
    config.compilerOptions.preserveSymlinks = true;
    fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify(config));
    const result = spawnSync(bin('tsc'), ['--noEmit', '-p', 'tsconfig.json'], { cwd: dir, encoding: 'utf8' });
    return result.stdout + result.stderr;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('the wire is typed from the server to the browser and the API tests', () => {
  it('fails the type check of the web app and of the API tests when the server renames a response field', () => {
    const output = typecheckWith('plans.ts', (text) => {
      expect(text).toContain('paymentUrl: z.string()');
      return text.replace('paymentUrl: z.string()', 'checkoutUrl: z.string()');
    });
    expect(output).toMatch(
      /web\/src\/features\/plans\/use-go-premium\.ts\(\d+,\d+\): error TS\d+: Property 'paymentUrl'/,
    );
    expect(output).toMatch(
      /server\/src\/modules\/plans\/plans\.api\.test\.ts\(\d+,\d+\): error TS\d+: Property 'paymentUrl'/,
    );
  }, 120_000);

  it('passes unchanged (the check above fails for the rename, not for the scratch folder)', () => {
    expect(typecheckWith('plans.ts', (text) => text).trim()).toBe('');
  }, 120_000);
});
