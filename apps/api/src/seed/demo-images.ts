import sharp from 'sharp';

/**
 * Avatars and covers for the demo accounts, drawn as SVG and rendered by sharp to WebP: no downloads,
 * and the same person always gets the same picture.
 */

/** Gradient start, gradient end, accent. */
type Palette = readonly [string, string, string];

export const palettes: readonly Palette[] = [
  ['#ff7e5f', '#feb47b', '#6a4c93'], // dusk
  ['#0f9b8e', '#43cea2', '#185a9d'], // lagoon
  ['#8e2de2', '#c471ed', '#f64f59'], // orchid
  ['#f6d365', '#fda085', '#e76f51'], // peach
  ['#2193b0', '#6dd5ed', '#1e3c72'], // ocean
  ['#11998e', '#38ef7d', '#0b486b'], // mint
  ['#cc2b5e', '#753a88', '#ff9a9e'], // berry
  ['#355c7d', '#6c5b7b', '#c06c84'], // slate
  ['#f7971e', '#ffd200', '#f45c43'], // citrus
  ['#00c9ff', '#92fe9d', '#5f2c82'], // aurora
];

/**
 * Capital letters as strokes on a 10 × 14 box. Drawing initials as paths rather than <text> keeps
 * them identical on machines without fonts (slim containers have none).
 */
const glyphs: Record<string, string> = {
  A: 'M0 14L5 0L10 14M2 8.5H8',
  B: 'M1 14V0H5.5C8 0 9.5 1.4 9.5 3.5C9.5 5.6 8 7 5.5 7H1M5.5 7C8.3 7 10 8.5 10 10.5C10 12.6 8.3 14 5.5 14H1',
  C: 'M10 2C8.8 0.7 7.3 0 5.5 0C2.2 0 0 3 0 7C0 11 2.2 14 5.5 14C7.3 14 8.8 13.3 10 12',
  D: 'M1 0V14H4.5C8.2 14 10 11 10 7C10 3 8.2 0 4.5 0Z',
  E: 'M10 0H1V14H10M1 7H8',
  F: 'M10 0H1V14M1 7H8',
  G: 'M10 2C8.8 0.7 7.3 0 5.5 0C2.2 0 0 3 0 7C0 11 2.2 14 5.5 14C7.5 14 9 13.2 10 12V8H6',
  H: 'M0 0V14M10 0V14M0 7H10',
  I: 'M5 0V14M2 0H8M2 14H8',
  J: 'M9 0V10C9 12.5 7.5 14 5 14C2.5 14 1 12.5 1 10',
  K: 'M1 0V14M10 0L1 9M4 6L10 14',
  L: 'M1 0V14H10',
  M: 'M0 14V0L5 9L10 0V14',
  N: 'M0 14V0L10 14V0',
  O: 'M5 0C8 0 10 3 10 7C10 11 8 14 5 14C2 14 0 11 0 7C0 3 2 0 5 0Z',
  P: 'M1 14V0H6C8.5 0 10 1.5 10 4C10 6.5 8.5 8 6 8H1',
  Q: 'M5 0C8 0 10 3 10 7C10 11 8 14 5 14C2 14 0 11 0 7C0 3 2 0 5 0ZM6 10L10 14',
  R: 'M1 14V0H6C8.5 0 10 1.5 10 4C10 6.5 8.5 8 6 8H1M6 8L10 14',
  S: 'M10 2C9 0.7 7.5 0 5.2 0C2.5 0 0.5 1.5 0.5 3.7C0.5 9 9.5 5 9.5 10.3C9.5 12.6 7.5 14 4.8 14C2.5 14 1 13.3 0 12',
  T: 'M0 0H10M5 0V14',
  U: 'M0 0V9C0 12 2 14 5 14C8 14 10 12 10 9V0',
  V: 'M0 0L5 14L10 0',
  W: 'M0 0L2.5 14L5 5L7.5 14L10 0',
  X: 'M0 0L10 14M10 0L0 14',
  Y: 'M0 0L5 7L10 0M5 7V14',
  Z: 'M0 0H10L0 14H10',
};

/** Up to two capital letters A–Z from a display name ("Sofía Marín" → "SM"). */
export function initialsOf(name: string): string {
  const words = name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .split(/\s+/)
    .map((w) => w.replace(/[^A-Z]/g, ''))
    .filter(Boolean);
  const letters = words.length > 1 ? [words[0]![0], words.at(-1)![0]] : [words[0]?.[0], words[0]?.[1]];
  return letters.filter((l): l is string => l !== undefined && l in glyphs).join('') || 'F';
}

/** A small deterministic random source, so a username always draws the same picture. */
function randomFrom(seed: string): () => number {
  let h = 2166136261;
  for (const ch of seed) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return () => {
    h = (h + 0x6d2b79f5) | 0;
    let t = Math.imul(h ^ (h >>> 15), 1 | h);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const paletteAt = (index: number): Palette => palettes[Math.abs(index) % palettes.length]!;
const round = (n: number) => Math.round(n * 10) / 10;

function gradientDefs(palette: Palette, angle: number): string {
  const rad = (angle * Math.PI) / 180;
  const dx = round(50 * Math.cos(rad));
  const dy = round(50 * Math.sin(rad));
  return `<linearGradient id="bg" x1="${50 - dx}%" y1="${50 - dy}%" x2="${50 + dx}%" y2="${50 + dy}%">
      <stop offset="0" stop-color="${palette[0]}"/><stop offset="1" stop-color="${palette[1]}"/>
    </linearGradient>
    <filter id="soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="40"/></filter>`;
}

/** The initials centred in a square of `size`, with a soft shadow under white strokes. */
function initialsGroup(initials: string, size: number): string {
  const letterHeight = size * 0.34;
  const scale = letterHeight / 14;
  const gap = 4;
  const width = initials.length * 10 + (initials.length - 1) * gap;
  const left = (size - width * scale) / 2;
  const top = (size - letterHeight) / 2;
  const paths = [...initials]
    .map((ch, i) => `<path d="${glyphs[ch]}" transform="translate(${i * (10 + gap)} 0)"/>`)
    .join('');
  const group = (dx: number, dy: number, stroke: string, opacity: number) =>
    `<g transform="translate(${round(left + dx)} ${round(top + dy)}) scale(${round(scale * 100) / 100})" fill="none" stroke="${stroke}" stroke-opacity="${opacity}" stroke-width="1.9" stroke-linecap="round" stroke-linejoin="round">${paths}</g>`;
  return group(0, size * 0.012, '#1b1033', 0.25) + group(0, 0, '#ffffff', 0.96);
}

/** The SVG of a square avatar: a gradient, blurred colour blobs, a thin ring and the initials. */
export function avatarSvg(options: { name: string; seed: string; palette: number; size?: number }): string {
  const size = options.size ?? 512;
  const palette = paletteAt(options.palette);
  const random = randomFrom(options.seed);
  const blobs = [palette[2], palette[0], '#ffffff']
    .map((color, i) => {
      const cx = round(size * (0.15 + random() * 0.7));
      const cy = round(size * (i === 2 ? 0.1 + random() * 0.2 : 0.3 + random() * 0.6));
      const r = round(size * (0.22 + random() * 0.18));
      return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${color}" fill-opacity="${i === 2 ? 0.35 : 0.55}" filter="url(#soft)"/>`;
    })
    .join('');
  const ring = `<circle cx="${size / 2}" cy="${size / 2}" r="${round(size * 0.4)}" fill="none" stroke="#ffffff" stroke-opacity="0.18" stroke-width="${round(size * 0.012)}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <defs>${gradientDefs(palette, 35 + random() * 70)}</defs>
  <rect width="${size}" height="${size}" fill="url(#bg)"/>${blobs}${ring}${initialsGroup(initialsOf(options.name), size)}
</svg>`;
}

/** One smooth wave across the cover, from a baseline with a random amplitude and phase. */
function wavePath(width: number, height: number, baseline: number, amplitude: number, phase: number): string {
  const steps = 6;
  const step = width / steps;
  const y = (i: number) => round(baseline + amplitude * Math.sin(phase + i * 1.3));
  let d = `M0 ${y(0)}`;
  for (let i = 1; i <= steps; i++) {
    const x0 = (i - 1) * step;
    d += `C${round(x0 + step / 2)} ${y(i - 1)} ${round(x0 + step / 2)} ${y(i)} ${round(i * step)} ${y(i)}`;
  }
  return `${d}V${height}H0Z`;
}

/** The SVG of a wide cover: a gradient sky, three layered waves and soft bokeh dots. */
export function coverSvg(options: {
  seed: string;
  palette: number;
  width?: number;
  height?: number;
}): string {
  const width = options.width ?? 1500;
  const height = options.height ?? 500;
  const palette = paletteAt(options.palette);
  const random = randomFrom(`${options.seed}:cover`);
  const bokeh = Array.from({ length: 14 }, () => {
    const r = round(8 + random() * 46);
    return `<circle cx="${round(random() * width)}" cy="${round(random() * height * 0.65)}" r="${r}" fill="#ffffff" fill-opacity="${round((0.06 + random() * 0.16) * 100) / 100}"/>`;
  }).join('');
  const waves = [
    { color: palette[2], opacity: 0.35, base: 0.55 },
    { color: palette[0], opacity: 0.45, base: 0.68 },
    { color: '#ffffff', opacity: 0.16, base: 0.8 },
  ]
    .map(
      (w) =>
        `<path d="${wavePath(width, height, height * w.base, height * (0.05 + random() * 0.07), random() * Math.PI * 2)}" fill="${w.color}" fill-opacity="${w.opacity}"/>`,
    )
    .join('');
  const glow = `<circle cx="${round(width * (0.6 + random() * 0.3))}" cy="${round(height * 0.3)}" r="${round(height * 0.7)}" fill="url(#glow)"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>${gradientDefs(palette, 10 + random() * 30)}
    <radialGradient id="glow"><stop offset="0" stop-color="#ffffff" stop-opacity="0.45"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#bg)"/>${glow}${bokeh}${waves}
</svg>`;
}

/** Renders SVG text to WebP bytes. */
export async function renderWebp(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).webp({ quality: 86 }).toBuffer();
}
