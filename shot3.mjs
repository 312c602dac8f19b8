import { chromium } from '@playwright/test';
const base = 'http://localhost:3000';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const [label, width, height, scheme] of [['desktop', 1280, 900, 'light'], ['phone', 390, 844, 'dark']]) {
  const c = await b.newContext({ viewport: { width, height }, colorScheme: scheme });
  const p = await c.newPage();
  p.on('pageerror', (e) => console.log('pageerror', e.message));
  await p.goto(base + '/login');
  await p.getByLabel('Email').fill('demo@vouch.local');
  await p.getByLabel('Password').fill('VouchDemo2026');
  await p.getByRole('button', { name: 'Sign In', exact: true }).click();
  await p.waitForURL(/dashboard/);
  await p.waitForTimeout(1500);
  await p.screenshot({ path: `screenshots/dash-discover-${label}-${scheme}.png`, fullPage: true });
  // Like until a match appears (some seeded members already liked the demo account).
  for (let i = 0; i < 15; i++) {
    await p.getByRole('button', { name: /^Like / }).click();
    await p.waitForTimeout(400);
    if (await p.getByText("It's a match!").isVisible()) break;
  }
  await p.screenshot({ path: `screenshots/dash-match-${label}-${scheme}.png` });
  await p.keyboard.press('Escape');
  await p.goto(base + '/dashboard?tab=matches');
  await p.waitForTimeout(1500);
  await p.screenshot({ path: `screenshots/dash-matches-${label}-${scheme}.png`, fullPage: true });
  await p.goto(base + '/profile/edit');
  await p.waitForTimeout(1500);
  await p.screenshot({ path: `screenshots/profile-edit-${label}-${scheme}.png`, fullPage: true });
  await c.close();
}
await b.close();
