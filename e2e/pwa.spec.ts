import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test } from '@playwright/test';

// Chromium never offers to install from an incognito window, and every ordinary test context
// is one; so this test opens a real profile, with the same browser and flags as the others.
test("the app passes Chromium's installability check and explains when the network is gone", async ({
  baseURL,
}, testInfo) => {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'vouch-pwa-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...testInfo.project.use.launchOptions,
    baseURL,
    serviceWorkers: 'allow',
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    // Wait until the service worker is installed and controls the page.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller)
        await new Promise((resolve) =>
          navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
        );
    });

    // The worker's cache is named after this build, so the next build's worker clears this one's.
    const served = await (await page.request.get('/sw.js')).text();
    expect(served).toMatch(/const VERSION = 'vouch-[0-9a-f]{12}';/);

    const cdp = await context.newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
    expect(manifest.errors).toEqual([]);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);

    await context.setOffline(true);
    await page.goto('/settings');
    await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
    await context.setOffline(false);
    await page.getByRole('link', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { name: 'You are offline' })).toHaveCount(0);
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});
