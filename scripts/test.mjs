// `npm test`: every check, on a fresh machine too. It provides what the tests need
// (dependencies, Debian's Chromium, a throwaway PostgreSQL 15) or stops with the exact
// command to run. Nothing is skipped silently.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bin, ensureDependencies, isRoot, log, run, runAsync } from './lib.mjs';
import { chromiumMissingMessage, findChromium } from './chromium.mjs';
import { ensurePostgresBinaries, startPostgresCluster } from './postgres-cluster.mjs';

function ensureChromium() {
  if (findChromium()) return;
  if (!isRoot || process.env.CHROMIUM_PATH) {
    console.error(chromiumMissingMessage());
    process.exit(1);
  }
  log("Installing Debian's Chromium for the browser tests...");
  run('apt-get', ['update', '-qq']);
  run('apt-get', ['install', '-y', '-qq', 'chromium'], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

ensureDependencies();
ensureChromium();

let cluster = null;
let databaseUrl = process.env.TEST_DATABASE_URL;
if (!databaseUrl) {
  if (!ensurePostgresBinaries()) {
    console.error(
      'PostgreSQL 15 is missing. Install it with:\n  sudo apt-get update && sudo apt-get install -y postgresql-15\n' +
        'or point the tests at a server: TEST_DATABASE_URL=postgres://user@host:port/db npm test',
    );
    process.exit(1);
  }
  cluster = await startPostgresCluster();
  databaseUrl = cluster.url;
}

const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'vouch-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

function countVitest(file) {
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
}
function countPlaywright(file) {
  const { stats } = JSON.parse(fs.readFileSync(file, 'utf8'));
  totals.passed += stats.expected + stats.flaky;
  totals.failed += stats.unexpected;
  totals.skipped += stats.skipped;
}

async function step(name, command, args, env = {}, count) {
  log(`── ${name}`);
  const code = await runAsync(command, args, { env: { ...process.env, ...env } });
  if (count) {
    try {
      count();
    } catch {
      totals.failed += 1; // a runner that wrote no report has failed
    }
  }
  if (code !== 0) failures.push(name);
}

const vitest = (name, projects, env) => {
  const file = path.join(reports, `${name.replace(/\W+/g, '-')}.json`);
  const args = [
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${file}`,
  ];
  return step(name, bin('vitest'), args, env, () => countVitest(file));
};

try {
  await step('Type check (tsc)', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
  // The rules live in .oxlintrc.json: the layers, import cycles, floating promises (type-aware,
  // through oxlint-tsgolint) and hooks in the same order on every render.
  const sources = ['server', 'web', 'contracts', 'e2e', 'scripts', 'bench'];
  await step('Lint (oxlint)', bin('oxlint'), ['--deny-warnings', ...sources]);
  await step('Format (prettier --check; npm run format fixes it)', bin('prettier'), [
    '--check',
    '--log-level',
    'warn',
    ...sources,
    '*.ts',
  ]);
  await vitest('Unit and component tests', ['unit', 'web']);
  await vitest('API tests on PGlite', ['api'], { TEST_DB: 'pglite' });
  await vitest('API tests on PostgreSQL 15', ['api'], { TEST_DB: 'postgres', TEST_DATABASE_URL: databaseUrl });
  await step('Build the web app', process.execPath, ['scripts/build-web.mjs']);
  const e2eReport = path.join(reports, 'e2e.json');
  await step(
    'Browser tests (Playwright + Chromium)',
    bin('playwright'),
    ['test'],
    { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport, E2E_RUN_ID: String(Date.now()) },
    () => countPlaywright(e2eReport),
  );
  // Servers killed, restarted and stopped as real processes: part of every run, as in CI.
  await vitest('Reliability on PGlite', ['reliability'], { TEST_DB: 'pglite' });
  await vitest('Reliability on PostgreSQL 15', ['reliability'], {
    TEST_DB: 'postgres',
    TEST_DATABASE_URL: databaseUrl,
  });
} finally {
  cluster?.stop();
  fs.rmSync(reports, { recursive: true, force: true });
}

console.log('');
if (failures.length) console.log(`Failed steps: ${failures.join(', ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length || totals.failed ? 1 : 0);
