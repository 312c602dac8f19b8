import sharp from 'sharp';
import { pick as pickWith } from '../../lib/random';

const SKIN = ['#f8d9c0', '#f1c27d', '#e0ac69', '#c68642', '#8d5524', '#5c3a21'];

/**
 * A portrait-like picture drawn here (nothing can be downloaded on these machines): a head and
 * shoulders in a scene. Every feature varies continuously (colours, where the person stands and
 * how large, the tilt, the hair, the backdrop), so two members' pictures are as different as two
 * photos: the reused-photo check must tell 200 of them apart (photo-print.unit.test.ts).
 */
export async function drawPortrait(random: () => number, longHair: boolean): Promise<Buffer> {
  const between = (low: number, high: number) => low + random() * (high - low);
  const hsl = (hue: number, saturation: number, lightness: number) =>
    `hsl(${Math.round(hue)} ${Math.round(saturation)}% ${Math.round(lightness)}%)`;
  const skinIndex = between(0, SKIN.length - 1);
  const skin = mix(SKIN[Math.floor(skinIndex)]!, SKIN[Math.ceil(skinIndex)]!, skinIndex % 1);
  const hair = hsl(between(10, 45), between(20, 70), between(8, 60));
  const shirt = hsl(between(0, 360), between(30, 85), between(20, 75));
  const backHue = between(0, 360);
  const from = hsl(backHue, between(40, 85), between(55, 85));
  const to = hsl(backHue + between(40, 180), between(40, 85), between(50, 85));
  const floor = between(420, 640);
  const floorColour = hsl(between(0, 360), between(10, 50), between(25, 70));
  const shapes = Array.from({ length: 1 + Math.floor(random() * 3) }, () => {
    const light = random() < 0.6;
    return `<circle cx="${between(0, 500)}" cy="${between(0, 420)}" r="${between(25, 110)}" fill="${light ? '#ffffff' : '#1f2937'}" opacity="${between(0.1, 0.3).toFixed(2)}"/>`;
  }).join('');
  const x = between(-80, 80);
  const y = between(0, 50);
  const scale = between(0.8, 1.15);
  const tilt = between(-12, 12);
  const smile = between(4, 14);
  const glasses = random() < 0.3;
  const style = pickWith(random, ['short', 'side', 'curly'] as const);
  const hairBack = longHair
    ? `<path d="M250 170c-110 0-130 90-125 190 2 50 20 110 20 ${between(90, 150)}h210s18-60 20-110c5-100-15-190-125-190z" fill="${hair}"/>`
    : '';
  const hairTop = {
    short: `<path d="M158 280c0-80 40-122 92-122s92 42 92 122c-20-40-60-62-92-62s-72 22-92 62z" fill="${hair}"/>`,
    side: `<path d="M156 290c-6-90 44-134 100-130 58 4 92 50 86 120-30-50-90-70-140-50-20 8-36 30-46 60z" fill="${hair}"/>`,
    curly: [170, 205, 250, 295, 330]
      .map((cx, i) => `<circle cx="${cx}" cy="${i % 4 === 0 ? 225 : 188}" r="${between(34, 44)}" fill="${hair}"/>`)
      .join(''),
  }[style];
  const frames = glasses
    ? `<g fill="none" stroke="#111827" stroke-width="5"><circle cx="215" cy="300" r="24"/><circle cx="285" cy="300" r="24"/><path d="M239 300h22"/></g>`
    : '';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800" viewBox="0 0 500 660">
    <defs><linearGradient id="bg" x1="${random().toFixed(2)}" y1="0" x2="${random().toFixed(2)}" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <rect width="500" height="660" fill="url(#bg)"/>
    <rect y="${floor}" width="500" height="${660 - floor}" fill="${floorColour}" opacity="0.55"/>
    ${shapes}
    <g transform="translate(${x} ${y}) translate(250 660) scale(${scale}) translate(-250 -660) rotate(${tilt} 250 330)">
      ${hairBack}
      <path d="M90 660c10-120 80-190 160-190s150 70 160 190z" fill="${shirt}"/>
      <rect x="222" y="380" width="56" height="70" rx="20" fill="${skin}"/>
      <ellipse cx="250" cy="300" rx="${between(84, 98)}" ry="${between(104, 118)}" fill="${skin}"/>
      ${hairTop}
      <ellipse cx="215" cy="300" rx="9" ry="11" fill="#2d2018"/>
      <ellipse cx="285" cy="300" rx="9" ry="11" fill="#2d2018"/>
      ${frames}
      <path d="M222 ${352 - smile / 3}q28 ${smile} 56 0" stroke="#7a3b2e" stroke-width="6" fill="none" stroke-linecap="round"/>
      <ellipse cx="200" cy="335" rx="14" ry="8" fill="#f87171" opacity="0.25"/>
      <ellipse cx="300" cy="335" rx="14" ry="8" fill="#f87171" opacity="0.25"/>
    </g>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** The colour a fraction of the way from one #rrggbb colour to another. */
function mix(from: string, to: string, fraction: number): string {
  const channel = (hex: string, at: number) => parseInt(hex.slice(at, at + 2), 16);
  const mixed = [1, 3, 5].map((at) => Math.round(channel(from, at) + (channel(to, at) - channel(from, at)) * fraction));
  return `#${mixed.map((value) => value.toString(16).padStart(2, '0')).join('')}`;
}
