// The web app: gzipped JavaScript per route (bench/web-size.ts), and Lighthouse's mobile
// performance audit (simulated throttling) in Debian's Chromium on the landing and login pages.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { measureWebRoutes } from '../web-size';
import { DEBIAN_CHROMIUM, findChromium } from '../../scripts/chromium.mjs';

export type LighthouseFigures = {
  page: string;
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  runs: number;
};
export type WebResults = { routes: ReturnType<typeof measureWebRoutes>; lighthouse: LighthouseFigures[] };

const run = promisify(execFile);
const median = (list: number[]) => list.toSorted((a, b) => a - b)[Math.floor(list.length / 2)]!;

/**
 * Lighthouse on a loaded machine sometimes loses a page load's trace (NO_NAVSTART, 'Please run
 * Lighthouse again') or times out waiting for Chromium ('Runtime error encountered', e.g. a
 * protocol timeout). Such a run is run again, twice at most; any other failure ends the run.
 */
const TRANSIENT = ['Please run Lighthouse again', 'Runtime error encountered'];
async function lighthouse(
  url: string,
  attempts = 3,
): Promise<{ score: number; lcpMs: number; tbtMs: number; cls: number }> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseOnce(url);
    } catch (error) {
      const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
      const said = `${stdout}\n${stderr}\n${String(error)}`;
      if (attempt >= attempts || !TRANSIENT.some((text) => said.includes(text))) throw error;
    }
  }
}

async function lighthouseOnce(url: string): Promise<{ score: number; lcpMs: number; tbtMs: number; cls: number }> {
  const { stdout } = await run(
    'npx',
    [
      'lighthouse',
      url,
      '--quiet',
      '--output=json',
      '--output-path=stdout',
      '--only-categories=performance',
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
    ],
    {
      env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? findChromium() ?? DEBIAN_CHROMIUM },
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  const report = JSON.parse(stdout) as {
    categories: { performance: { score: number } };
    audits: Record<string, { numericValue: number }>;
  };
  return {
    score: Math.round(report.categories.performance.score * 100),
    lcpMs: Math.round(report.audits['largest-contentful-paint']!.numericValue),
    tbtMs: Math.round(report.audits['total-blocking-time']!.numericValue),
    cls: Math.round(report.audits['cumulative-layout-shift']!.numericValue * 1000) / 1000,
  };
}

export async function runWeb(baseUrl: string, runs: number, say: (line: string) => void): Promise<WebResults> {
  const routes = measureWebRoutes();
  for (const row of routes)
    say(`  ${row.route}: ${row.gzipKb} KB gzipped JS${row.budgetKb ? ` (budget ${row.budgetKb})` : ''}`);
  const results: LighthouseFigures[] = [];
  for (const page of ['/', '/login']) {
    const samples = [];
    for (let i = 0; i < runs; i++) samples.push(await lighthouse(baseUrl + page));
    const figures = {
      page,
      score: median(samples.map((s) => s.score)),
      lcpMs: median(samples.map((s) => s.lcpMs)),
      tbtMs: median(samples.map((s) => s.tbtMs)),
      cls: median(samples.map((s) => s.cls)),
      runs,
    };
    say(
      `  Lighthouse mobile ${page}: score ${figures.score}, LCP ${figures.lcpMs} ms, TBT ${figures.tbtMs} ms, CLS ${figures.cls} (median of ${runs})`,
    );
    results.push(figures);
  }
  return { routes, lighthouse: results };
}
