// Pictures of every mail a member or their trusted contact gets beyond sign-in, as a mail reader
// shows them: the HTML rendered in Chromium at a phone's width, attached photos in place.
// Run by `npm run screenshots` (into docs/screenshots/), or alone: `npx tsx scripts/mail-screenshots.ts <dir>`.
import path from 'node:path';
import fs from 'node:fs';
import { chromium } from '@playwright/test';
import { sampleMails } from '../server/test/mail-samples';
import { DEBIAN_CHROMIUM, findChromium } from './chromium.mjs';

const outDir = path.resolve(process.argv[2] ?? 'docs/screenshots');
fs.mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: findChromium() ?? DEBIAN_CHROMIUM,
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage({ viewport: { width: 600, height: 400 } });
  for (const [name, mail] of Object.entries(await sampleMails())) {
    let html = mail.html;
    for (const attachment of mail.attachments ?? [])
      html = html.replaceAll(
        `cid:${attachment.cid}`,
        `data:${attachment.contentType};base64,${attachment.content.toString('base64')}`,
      );
    // The reader's header above the mail as it was sent.
    const header = `<div style="font:13px system-ui;color:#6b7280;border-bottom:1px solid #e5e7eb;padding:0 0 12px;margin-bottom:8px">To: ${mail.to}<br>Subject: <b style="color:#111827">${mail.subject}</b></div>`;
    await page.setContent(html.replace(/(<body[^>]*>)/, `$1${header}`));
    await page.screenshot({ path: path.join(outDir, `mail-${name}.png`), fullPage: true });
    console.log(`mail-${name}.png`);
  }
} finally {
  await browser.close();
}
