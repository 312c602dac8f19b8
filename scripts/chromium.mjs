// Where the browser tests find Chromium, in this order: CHROMIUM_PATH when it is set, Debian's
// /usr/bin/chromium, then a browser Playwright installed itself (`npx playwright install`).
// Nothing here downloads a browser.
import fs from 'node:fs';
import { createRequire } from 'node:module';

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

function playwrightsOwnChromium() {
  try {
    const { chromium } = createRequire(import.meta.url)('playwright-core');
    const file = chromium.executablePath();
    return file && fs.existsSync(file) ? file : null;
  } catch {
    return null;
  }
}

/** The Chromium to drive, or null when there is none on this machine. */
export function findChromium(env = process.env) {
  if (env.CHROMIUM_PATH) return fs.existsSync(env.CHROMIUM_PATH) ? env.CHROMIUM_PATH : null;
  if (fs.existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  return playwrightsOwnChromium();
}

/** What to run when no Chromium was found: the exact commands, with root and without. */
export function chromiumMissingMessage(env = process.env) {
  if (env.CHROMIUM_PATH) return `CHROMIUM_PATH is set to ${env.CHROMIUM_PATH}, and there is no file there.`;
  return [
    'The browser tests need Chromium, and none was found. Any one of these will do:',
    '  sudo apt-get update && sudo apt-get install -y chromium      (Debian, with root)',
    '  npx playwright install chromium                              (no root needed)',
    '  CHROMIUM_PATH=/path/to/chrome npm test                       (a Chromium you already have)',
  ].join('\n');
}
