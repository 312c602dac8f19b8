import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

/** Citations of documents outside this repository: a reader here cannot follow them. */
const OUTSIDE = [/DESIGN(\.md| §)/, /\bnotes\/[a-z-]+\.md/, /\bspec(ification)?('s)?\b(?!\.ts)/i];

it('cites no document the repository does not contain: each rule is said where it is used', () => {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter(
      (file) =>
        /\.(ts|tsx|mjs|md|sql)$/.test(file) &&
        fs.existsSync(path.join(root, file)) &&
        file !== 'scripts/citations.test.ts',
    );
  const found = files.flatMap((file) =>
    fs
      .readFileSync(path.join(root, file), 'utf8')
      .split('\n')
      .flatMap((line, index) =>
        OUTSIDE.some((pattern) => pattern.test(line.replace(/[\w/-]+\.spec\.ts/g, '')))
          ? [`${file}:${index + 1}: ${line.trim()}`]
          : [],
      ),
  );
  expect(found).toEqual([]);
});

it('cites only documents of its own that exist: every docs/… path named in code and docs', () => {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    // Migrations are history, applied as written: not read here.
    .filter((file) => /\.(ts|tsx|mjs|md)$/.test(file) && fs.existsSync(path.join(root, file)));
  /** The path, or (for a decision cited by number, 'docs/decisions/017') a file that starts with it. */
  const exists = (cited: string) =>
    fs.existsSync(path.join(root, cited)) ||
    (fs.existsSync(path.join(root, path.dirname(cited))) &&
      fs.readdirSync(path.join(root, path.dirname(cited))).some((name) => name.startsWith(`${path.basename(cited)}-`)));
  // Not a URL's path (/api/docs/…): a repository path starts the word.
  const missing = files.flatMap((file) =>
    [...fs.readFileSync(path.join(root, file), 'utf8').matchAll(/(?<![/\w.-])docs\/[\w./-]*\w/g)].flatMap(([cited]) =>
      exists(cited) ? [] : [`${file}: ${cited}`],
    ),
  );
  expect(missing).toEqual([]);
});
