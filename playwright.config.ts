import { defineConfig } from '@playwright/test';
import { E2E_DEV_KEY, e2eDataDir, PAYMENT_URL } from './e2e/data-dir';
import { chromiumMissingMessage, findChromium } from './scripts/chromium.mjs';

const chromiumPath = findChromium();
if (!chromiumPath) throw new Error(chromiumMissingMessage());

const port = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  // One embedded database behind one server: tests run one after another.
  workers: 1,
  retries: 0,
  // Generous bounds: CI machines are shared, and under contention a page can take ten times as
  // long. They only cost time when a test is failing anyway.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : 'list',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    // The app's service worker would sit between the tests and the network; pwa.spec.ts allows it.
    serviceWorkers: 'block',
    launchOptions: {
      // CHROMIUM_PATH, Debian's Chromium or Playwright's own (scripts/chromium.mjs); never a download.
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--use-fake-device-for-media-stream',
      ],
    },
  },
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    // No trial: browser-test members start on the free plan, and Premium comes from an admin.
    // Every browser test signs up from 127.0.0.1: the per-address limits (60 sign-ups an hour)
    // would refuse the later ones. The per-account limits, which a test checks, stay as they are.
    env: {
      PORT: String(port),
      BASE_URL: baseURL,
      DATA_DIR: e2eDataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      TRIAL_DAYS: '0',
      PAYMENT_URL,
      RATE_LIMIT_IP_MAX: '1000',
      DEV_TOOLS_KEY: E2E_DEV_KEY,
    },
  },
});
