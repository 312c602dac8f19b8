// Draws the app icons for the web manifest from web/public/favicon.svg. Run again after
// changing the logo: node scripts/make-icons.mjs (the PNGs are committed).
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { root } from './lib.mjs';

const svg = fs.readFileSync(path.join(root, 'web/public/favicon.svg'));
const out = (name) => path.join(root, 'web/public/icons', name);

for (const size of [192, 512]) {
  await sharp(svg, { density: 300 })
    .resize(size, size)
    .png()
    .toFile(out(`icon-${size}.png`));
}
// Maskable: the logo inside the safe zone (80%) on a full-bleed background, as launchers crop it.
const inner = await sharp(svg, { density: 300 }).resize(384, 384).png().toBuffer();
await sharp({ create: { width: 512, height: 512, channels: 4, background: '#e11d48' } })
  .composite([{ input: inner, gravity: 'center' }])
  .png()
  .toFile(out('icon-maskable-512.png'));
await sharp(svg, { density: 300 })
  .resize(180, 180)
  .flatten({ background: '#e11d48' })
  .png()
  .toFile(out('apple-touch-icon.png'));
console.log('icons written to web/public/icons');
