// Gzipped JavaScript per route of the web app, against the performance budgets.
// npx tsx bench/web-size.ts   (builds into a temporary folder; the dist/ build is left alone)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

type Chunk = { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean };
type Manifest = Record<string, Chunk>;

/** What every signed-in page loads besides its own chunk: the member shell and the header's bell. */
const MEMBER = ['src/app/layouts/member-shell.tsx', 'src/features/notifications/notifications-bell.tsx'];

/** The routes measured: what a first visit to each one downloads before it can render. */
const ROUTES: { route: string; sources: string[]; budgetKb: number | null }[] = [
  { route: '/', sources: ['src/app/routes/landing.tsx'], budgetKb: 110 },
  { route: '/login', sources: ['src/app/routes/login.tsx'], budgetKb: 110 },
  { route: '/dashboard', sources: ['src/app/routes/dashboard.tsx', ...MEMBER], budgetKb: 160 },
  { route: '/discover', sources: ['src/app/routes/discover.tsx', ...MEMBER], budgetKb: null },
  { route: '/messages', sources: ['src/app/routes/messages.tsx', ...MEMBER], budgetKb: null },
  { route: '/settings', sources: ['src/app/routes/settings.tsx', ...MEMBER], budgetKb: null },
  { route: '/admin', sources: ['src/app/routes/admin.tsx', ...MEMBER], budgetKb: null },
];

export function measureWebRoutes(): { route: string; gzipKb: number; budgetKb: number | null; met: boolean | null }[] {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'vouch-web-size-'));
  try {
    execFileSync('npx', ['vite', 'build', '--manifest', '--outDir', out, '--emptyOutDir'], { stdio: 'ignore' });
    const manifest = JSON.parse(fs.readFileSync(path.join(out, '.vite', 'manifest.json'), 'utf8')) as Manifest;
    const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
    const gz = (file: string) => gzipSync(fs.readFileSync(path.join(out, file)), { level: 9 }).length;
    /** A chunk and everything it imports statically (its dynamic imports load later, on demand). */
    const closure = (key: string, seen = new Set<string>()): Set<string> => {
      if (seen.has(key)) return seen;
      seen.add(key);
      for (const next of manifest[key]?.imports ?? []) closure(next, seen);
      return seen;
    };
    return ROUTES.map(({ route, sources, budgetKb }) => {
      for (const source of sources) if (!manifest[source]) throw new Error(`${source} is not a chunk of the build`);
      const files = new Set(
        [entryKey, ...sources].flatMap((key) => [...closure(key)]).map((key) => manifest[key]!.file),
      );
      const gzipKb = Math.round(([...files].reduce((sum, file) => sum + gz(file), 0) / 1024) * 10) / 10;
      return { route, gzipKb, budgetKb, met: budgetKb === null ? null : gzipKb <= budgetKb };
    });
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = measureWebRoutes();
  console.log('| route | gzipped JS (KB) | budget (KB) | met |\n|---|---|---|---|');
  for (const row of rows)
    console.log(
      `| ${row.route} | ${row.gzipKb} | ${row.budgetKb ?? '–'} | ${row.met === null ? '–' : row.met ? 'yes' : 'no'} |`,
    );
}
