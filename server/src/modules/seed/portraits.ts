import sharp from 'sharp';
import { pick as pickWith } from '../../lib/random';

const SKIN = ['#f8d9c0', '#f1c27d', '#e0ac69', '#c68642', '#8d5524', '#5c3a21'];
const HAIR = ['#2b1b12', '#4a2f1b', '#7b4a26', '#b5763c', '#d9b26f', '#8b8b8b', '#1c1c1c', '#a33b20'];
const BACKGROUNDS = [
  ['#fda4af', '#fdba74'],
  ['#93c5fd', '#c4b5fd'],
  ['#86efac', '#67e8f9'],
  ['#fcd34d', '#fb7185'],
  ['#a5b4fc', '#f0abfc'],
  ['#5eead4', '#bef264'],
  ['#fca5a5', '#fde68a'],
  ['#c7d2fe', '#99f6e4'],
];
const SHIRTS = ['#1e3a8a', '#be123c', '#065f46', '#7c2d12', '#581c87', '#0f766e', '#f8fafc', '#334155'];

/**
 * A portrait-like picture drawn here (nothing can be downloaded on these machines): a
 * head and shoulders with varied skin, hair, clothes and background.
 */
export async function drawPortrait(random: () => number, longHair: boolean): Promise<Buffer> {
  const pick = <T>(list: readonly T[]) => pickWith(random, list);
  const [from, to] = pick(BACKGROUNDS);
  const skin = pick(SKIN);
  const hair = pick(HAIR);
  const shirt = pick(SHIRTS);
  const tilt = Math.round((random() - 0.5) * 10);
  const smile = 6 + random() * 8;
  const hairBack = longHair
    ? `<path d="M250 170c-110 0-130 90-125 190 2 50 20 110 20 110h210s18-60 20-110c5-100-15-190-125-190z" fill="${hair}"/>`
    : '';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800" viewBox="0 0 500 660">
    <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <rect width="500" height="660" fill="url(#bg)"/>
    <circle cx="${80 + random() * 340}" cy="${60 + random() * 120}" r="${40 + random() * 60}" fill="#ffffff" opacity="0.18"/>
    <g transform="rotate(${tilt} 250 330)">
      ${hairBack}
      <path d="M90 660c10-120 80-190 160-190s150 70 160 190z" fill="${shirt}"/>
      <rect x="222" y="380" width="56" height="70" rx="20" fill="${skin}"/>
      <ellipse cx="250" cy="300" rx="92" ry="112" fill="${skin}"/>
      <path d="M158 280c0-80 40-122 92-122s92 42 92 122c-20-40-60-62-92-62s-72 22-92 62z" fill="${hair}"/>
      <ellipse cx="215" cy="300" rx="9" ry="11" fill="#2d2018"/>
      <ellipse cx="285" cy="300" rx="9" ry="11" fill="#2d2018"/>
      <path d="M222 ${352 - smile / 3}q28 ${smile} 56 0" stroke="#7a3b2e" stroke-width="6" fill="none" stroke-linecap="round"/>
      <ellipse cx="200" cy="335" rx="14" ry="8" fill="#f87171" opacity="0.25"/>
      <ellipse cx="300" cy="335" rx="14" ry="8" fill="#f87171" opacity="0.25"/>
    </g>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}
