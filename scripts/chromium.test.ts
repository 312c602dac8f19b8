import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chromiumMissingMessage, DEBIAN_CHROMIUM, findChromium } from './chromium.mjs';

describe('finding Chromium for the browser tests', () => {
  it('takes CHROMIUM_PATH first, and only when a file is there', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vouch-chromium-')), 'chrome');
    expect(findChromium({ CHROMIUM_PATH: file })).toBeNull();
    expect(chromiumMissingMessage({ CHROMIUM_PATH: file })).toBe(
      `CHROMIUM_PATH is set to ${file}, and there is no file there.`,
    );
    fs.writeFileSync(file, '');
    expect(findChromium({ CHROMIUM_PATH: file })).toBe(file);
  });

  it("takes Debian's Chromium when nothing is set and it is installed", () => {
    if (!fs.existsSync(DEBIAN_CHROMIUM)) return;
    expect(findChromium({})).toBe(DEBIAN_CHROMIUM);
  });

  it('names a command for a machine with root and one without', () => {
    const message = chromiumMissingMessage({});
    expect(message).toContain('sudo apt-get update && sudo apt-get install -y chromium');
    expect(message).toContain('npx playwright install chromium');
    expect(message).toContain('CHROMIUM_PATH=');
  });
});
