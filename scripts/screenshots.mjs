// Takes screenshots of the given paths at desktop and phone widths, light and dark.
// Usage: node scripts/screenshots.mjs http://localhost:3000 / /login /register
import { chromium } from '@playwright/test';

const [base, ...pagePaths] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (const scheme of ['light', 'dark']) {
  for (const [label, width, height] of [['desktop', 1280, 800], ['phone', 390, 844]]) {
    const context = await browser.newContext({ viewport: { width, height }, colorScheme: scheme, deviceScaleFactor: 1 });
    const page = await context.newPage();
    for (const p of pagePaths) {
      await page.goto(base + p, { waitUntil: 'networkidle' });
      const name = (p === '/' ? 'landing' : p.replace(/^\//, '').replace(/[/?=&]/g, '-')) + `-${label}-${scheme}.png`;
      await page.screenshot({ path: `screenshots/${name}`, fullPage: process.env.FULL === '1' });
    }
    await context.close();
  }
}
await browser.close();
