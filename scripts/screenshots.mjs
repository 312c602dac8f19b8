// npm run screenshots: the README's pictures of the product, made from scratch. Starts a server
// on a fresh data directory, seeds the demo data and an administrator the documented ways, and
// photographs the landing page, the demo account's dashboard, matches, messages and calendar,
// and the admin Overview and Subscriptions, light and dark, at 1280 and 390 px wide, and every
// reminder and check-in mail (scripts/mail-screenshots.ts), into
// docs/screenshots/. `npm run screenshots -- <dir>` writes elsewhere (for looking, not committing).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { DEBIAN_CHROMIUM, findChromium } from './chromium.mjs';
import { bin, ensureWebBuild, freePort, log, root } from './lib.mjs';

const outDir = path.resolve(root, process.argv[2] ?? 'docs/screenshots');
const DEMO = { email: 'demo@vouch.local', password: 'VouchDemo2026' };
const ADMIN = { email: 'owner@vouch.local', password: 'Screenshots-2026' };
const SIZES = [
  ['1280', 1280, 800],
  ['390', 390, 844],
];

ensureWebBuild();
fs.mkdirSync(outDir, { recursive: true });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vouch-screenshots-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const env = {
  ...process.env,
  PORT: String(port),
  BASE_URL: base,
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  NODE_ENV: 'development',
};
const server = spawn(bin('tsx'), ['server/src/index.ts'], { cwd: root, env, stdio: 'inherit' });

try {
  await waitForHealth();
  for (const command of [['seed.ts'], ['admin-create.ts', ADMIN.email, '--password', ADMIN.password]]) {
    const script = command[0];
    const result = spawnSync(bin('tsx'), [`server/src/cli/${script}`, ...command.slice(1)], {
      cwd: root,
      env,
      encoding: 'utf8',
    });
    if (result.status !== 0) throw new Error(`${script} failed: ${result.stderr}`);
  }
  const browser = await chromium.launch({
    executablePath: findChromium() ?? DEBIAN_CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  // A few paying members, so the Subscriptions tab has rows to show.
  {
    const context = await browser.newContext({ baseURL: base });
    const page = await context.newPage();
    await signInAdmin(page);
    const { users } = await (await page.request.get('/api/admin/users')).json();
    for (const member of users.filter((u) => !u.isAdmin && u.email.startsWith('seed-0')).slice(0, 3)) {
      await page.request.post('/api/admin/subscriptions/activate', {
        data: { userId: member.userId, months: 1 },
        headers: { origin: base },
      });
    }
    await context.close();
  }
  for (const scheme of ['light', 'dark']) {
    for (const [label, width, height] of SIZES) {
      const open = async (signIn) => {
        const context = await browser.newContext({
          baseURL: base,
          viewport: { width, height },
          colorScheme: scheme,
          serviceWorkers: 'block',
        });
        const page = await context.newPage();
        if (signIn) await signIn(page);
        return page;
      };
      const shoot = async (page, url, name) => {
        await page.goto(url, { waitUntil: 'networkidle' });
        await page.evaluate(() => document.fonts.ready);
        await page.screenshot({ path: path.join(outDir, `${name}-${label}-${scheme}.png`) });
        log(`${name}-${label}-${scheme}.png`);
      };

      const visitor = await open();
      await shoot(visitor, '/', 'landing');

      const demo = await open(signInMember);
      const { matches } = await (await demo.request.get('/api/matches')).json();
      // The demo's fresh match would cover the pages with 'It's a match!': seen already here.
      for (const match of matches)
        await demo.request.post(`/api/matches/${match.matchId}/seen`, { data: {}, headers: { origin: base } });
      const talking = matches.find((m) => m.profile.name === 'Liam');
      await shoot(demo, '/dashboard', 'dashboard');
      await shoot(demo, '/dashboard?tab=matches', 'matches');
      await shoot(demo, talking ? `/messages?conversation=${talking.conversationId}` : '/messages', 'messages');
      await shoot(demo, '/calendar', 'calendar');

      const admin = await open(signInAdmin);
      await shoot(admin, '/admin', 'admin-overview');
      await shoot(admin, '/admin?tab=subscriptions', 'admin-subscriptions');
      await Promise.all([visitor, demo, admin].map((page) => page.context().close()));
    }
  }
  await browser.close();
  // Every mail a member or their trusted contact gets beyond sign-in, as a mail reader shows it.
  const mails = spawnSync(bin('tsx'), ['scripts/mail-screenshots.ts', outDir], { cwd: root, stdio: 'inherit' });
  if (mails.status !== 0) throw new Error('the mail screenshots failed');
  log(`Screenshots are in ${path.relative(root, outDir) || '.'}`);
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
}

async function signInMember(page) {
  const response = await page.request.post('/api/auth/sign-in/email', { data: DEMO, headers: { origin: base } });
  if (!response.ok()) throw new Error(`demo sign-in: ${response.status()}`);
}

async function signInAdmin(page) {
  const response = await page.request.post('/api/admin/sign-in', { data: ADMIN, headers: { origin: base } });
  if (!response.ok()) throw new Error(`admin sign-in: ${response.status()}`);
}

async function waitForHealth() {
  for (let i = 0; i < 240; i++) {
    if (server.exitCode !== null) throw new Error('the server stopped before it was ready');
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not become ready');
}
