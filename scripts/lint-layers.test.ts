import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bin } from './lib.mjs';

const root = path.resolve(import.meta.dirname, '..');

/**
 * Lints a small tree written for the occasion with the repository's own .oxlintrc.json (its
 * overrides name paths relative to the file), and returns what oxlint printed.
 */
function lintTree(files: Record<string, string>): { code: number; output: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vouch-lint-'));
  const config = JSON.parse(fs.readFileSync(path.join(root, '.oxlintrc.json'), 'utf8')) as Record<string, unknown>;
  delete config.options; // type-aware rules need the whole program; the layers do not
  delete config.$schema;
  fs.writeFileSync(path.join(dir, '.oxlintrc.json'), JSON.stringify(config));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  const result = spawnSync(bin('oxlint'), ['--deny-warnings', '-c', '.oxlintrc.json', '.'], {
    cwd: dir,
    encoding: 'utf8',
  });
  fs.rmSync(dir, { recursive: true, force: true });
  return { code: result.status ?? -1, output: result.stdout + result.stderr };
}

describe('the lint configuration keeps the layers', () => {
  it("refuses a feature reaching into another feature's files, and lets it use the public index", () => {
    const deep = lintTree({
      'web/src/features/plans/card.ts':
        "import { MatchesGrid } from '@/features/discovery/matches-grid';\nexport const grid = MatchesGrid;\n",
    });
    expect(deep.code).not.toBe(0);
    expect(deep.output).toContain("'@/features/discovery/matches-grid' import is restricted");
    expect(deep.output).toContain(
      "A feature uses another only through its public index: import from '@/features/<name>'",
    );
    const index = lintTree({
      'web/src/features/plans/card.ts':
        "import { MatchesGrid } from '@/features/discovery';\nexport const grid = MatchesGrid;\n",
    });
    expect(index).toMatchObject({ code: 0 });
  });

  it('refuses a feature importing the app, and shared code importing a feature', () => {
    expect(
      lintTree({
        'web/src/features/plans/card.ts': "import { router } from '@/app/router';\nexport const r = router;\n",
      }).output,
    ).toContain('Features sit below the app');
    expect(
      lintTree({
        'web/src/lib/session.ts': "import { useLike } from '@/features/discovery';\nexport const l = useLike;\n",
      }).output,
    ).toContain('Shared code (lib, components) serves every feature');
    expect(
      lintTree({
        'web/src/components/ui/card.tsx': "import { Thing } from '@/features/trust/thing';\nexport const t = Thing;\n",
      }).code,
    ).not.toBe(0);
  });

  it('refuses the server platform importing a module, and lets a module use the platform', () => {
    const platform = lintTree({
      'server/src/lib/route.ts': "import { touch } from '../modules/plans/premium.service';\nexport const t = touch;\n",
    });
    expect(platform.output).toContain(
      'The platform (lib, db, auth, http, storage, mail, images, realtime) sits below the modules',
    );
    expect(
      lintTree({
        'server/src/modules/plans/premium.service.ts':
          "import { touch } from '../../lib/activity';\nexport const t = touch;\n",
      }),
    ).toMatchObject({ code: 0 });
  });

  it('refuses an import cycle', () => {
    const cycle = lintTree({
      'server/src/lib/a.ts': "import { b } from './b';\nexport const a = () => b;\n",
      'server/src/lib/b.ts': "import { a } from './a';\nexport const b = () => a;\n",
    });
    expect(cycle.output).toContain('import(no-cycle)');
  });
});
