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
