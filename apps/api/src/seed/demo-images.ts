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

/** The kinds of picture the demo posts, galleries and products use. */
export type SceneKind = 'sunset' | 'mountains' | 'abstract' | 'orbs' | 'product';
export const sceneKinds: readonly SceneKind[] = ['sunset', 'mountains', 'abstract', 'orbs'];

/** A sky from the palette, a sun low over the sea, its reflection and a few birds. */
function sunsetBody(width: number, height: number, palette: Palette, random: () => number): string {
  const horizon = round(height * (0.55 + random() * 0.12));
  const sunX = round(width * (0.25 + random() * 0.5));
  const sunR = round(height * (0.1 + random() * 0.08));
  const stripes = Array.from({ length: 7 }, (_, i) => {
    const y = round(horizon + (i + 1) * (height - horizon) * 0.12);
    const w = round(sunR * (1.8 - i * 0.2) * (0.7 + random() * 0.6));
    return `<rect x="${round(sunX - w / 2)}" y="${y}" width="${w}" height="${round(2 + i * 0.6)}" rx="2" fill="#fff3c4" fill-opacity="${round((0.55 - i * 0.06) * 100) / 100}"/>`;
  }).join('');
  const birds = Array.from({ length: 3 + Math.floor(random() * 3) }, () => {
    const x = round(width * (0.1 + random() * 0.8));
    const y = round(horizon * (0.15 + random() * 0.45));
    const s = round(6 + random() * 10);
    return `<path d="M${x - s} ${y}q${round(s / 2)} ${round(-s / 2)} ${s} 0q${round(s / 2)} ${round(-s / 2)} ${s} 0" fill="none" stroke="#2b1d3a" stroke-opacity="0.55" stroke-width="2" stroke-linecap="round"/>`;
  }).join('');
  return `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${palette[2]}"/><stop offset="0.55" stop-color="${palette[0]}"/><stop offset="1" stop-color="${palette[1]}"/>
    </linearGradient>
    <linearGradient id="sea" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${palette[2]}" stop-opacity="0.85"/><stop offset="1" stop-color="#1b1033"/></linearGradient>
    <radialGradient id="sun"><stop offset="0" stop-color="#fffbe6"/><stop offset="0.6" stop-color="#ffe29a"/><stop offset="1" stop-color="#ffe29a" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#sky)"/>
  <circle cx="${sunX}" cy="${horizon}" r="${round(sunR * 2.4)}" fill="url(#sun)" fill-opacity="0.55"/>
  <circle cx="${sunX}" cy="${horizon}" r="${sunR}" fill="#fff4d6"/>
  <rect y="${horizon}" width="${width}" height="${round(height - horizon)}" fill="url(#sea)"/>${stripes}${birds}`;
}

/** Three ridges of mountains fading into a gradient sky, with a pale moon. */
function mountainsBody(width: number, height: number, palette: Palette, random: () => number): string {
  const ridge = (base: number, peaks: number, color: string, opacity: number) => {
    let d = `M0 ${height}L0 ${round(base)}`;
    const step = width / peaks;
    for (let i = 0; i < peaks; i++) {
      const peakY = round(base - height * (0.08 + random() * 0.18));
      d += `L${round(i * step + step / 2)} ${peakY}L${round((i + 1) * step)} ${round(base - random() * height * 0.05)}`;
    }
    return `<path d="${d}L${width} ${height}Z" fill="${color}" fill-opacity="${opacity}"/>`;
  };
  return `<defs>${gradientDefs(palette, 90)}</defs>
  <rect width="${width}" height="${height}" fill="url(#bg)"/>
  <circle cx="${round(width * (0.2 + random() * 0.6))}" cy="${round(height * 0.22)}" r="${round(height * 0.07)}" fill="#ffffff" fill-opacity="0.8"/>
  ${ridge(height * 0.62, 4, palette[2], 0.45)}${ridge(height * 0.74, 5, palette[2], 0.7)}${ridge(height * 0.86, 6, '#1b1033', 0.75)}`;
}

/** Overlapping translucent shapes on a gradient: circles, rounded squares and arcs. */
function abstractBody(width: number, height: number, palette: Palette, random: () => number): string {
  const colors = [palette[0], palette[1], palette[2], '#ffffff', '#1b1033'];
  const shapes = Array.from({ length: 14 }, (_, i) => {
    const color = colors[Math.floor(random() * colors.length)]!;
    const x = round(random() * width);
    const y = round(random() * height);
    const s = round(Math.min(width, height) * (0.08 + random() * 0.3));
    const opacity = round((0.25 + random() * 0.5) * 100) / 100;
    if (i % 3 === 0)
      return `<circle cx="${x}" cy="${y}" r="${s}" fill="${color}" fill-opacity="${opacity}"/>`;
    if (i % 3 === 1)
      return `<rect x="${round(x - s / 2)}" y="${round(y - s / 2)}" width="${s}" height="${s}" rx="${round(s * 0.2)}" fill="${color}" fill-opacity="${opacity}" transform="rotate(${round(random() * 90)} ${x} ${y})"/>`;
    return `<path d="M${round(x - s)} ${y}A${s} ${s} 0 0 1 ${round(x + s)} ${y}" fill="none" stroke="${color}" stroke-opacity="${opacity}" stroke-width="${round(s * 0.18)}" stroke-linecap="round"/>`;
  }).join('');
  return `<defs>${gradientDefs(palette, random() * 180)}</defs><rect width="${width}" height="${height}" fill="url(#bg)"/>${shapes}`;
}

/** Soft glowing orbs (bokeh) over a dark gradient. */
function orbsBody(width: number, height: number, palette: Palette, random: () => number): string {
  const orbs = Array.from({ length: 22 }, () => {
    const color = palette[Math.floor(random() * 3)]!;
    const r = round(Math.min(width, height) * (0.03 + random() * 0.14));
    return `<circle cx="${round(random() * width)}" cy="${round(random() * height)}" r="${r}" fill="${color}" fill-opacity="${round((0.3 + random() * 0.5) * 100) / 100}" filter="url(#glowblur)"/>`;
  }).join('');
  return `<defs><linearGradient id="night" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#140c2b"/><stop offset="1" stop-color="${palette[2]}"/></linearGradient>
    <filter id="glowblur" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="6"/></filter></defs>
  <rect width="${width}" height="${height}" fill="url(#night)"/>${orbs}`;
}

/** A product shot: a soft backdrop, a shadow and a simple object (a mug, a print, a tote). */
function productBody(width: number, height: number, palette: Palette, random: () => number): string {
  const cx = width / 2;
  const cy = height * 0.55;
  const s = Math.min(width, height) * 0.28;
  const object =
    random() < 0.5
      ? `<rect x="${round(cx - s * 0.7)}" y="${round(cy - s)}" width="${round(s * 1.4)}" height="${round(s * 1.7)}" rx="${round(s * 0.12)}" fill="${palette[0]}"/>
         <path d="M${round(cx + s * 0.7)} ${round(cy - s * 0.6)}c${round(s * 0.6)} 0 ${round(s * 0.6)} ${round(s * 0.9)} 0 ${round(s * 0.9)}" fill="none" stroke="${palette[0]}" stroke-width="${round(s * 0.14)}"/>
         <circle cx="${round(cx)}" cy="${round(cy - s * 0.15)}" r="${round(s * 0.35)}" fill="${palette[2]}" fill-opacity="0.8"/>`
      : `<rect x="${round(cx - s)}" y="${round(cy - s * 1.1)}" width="${round(s * 2)}" height="${round(s * 1.9)}" fill="#ffffff"/>
         <rect x="${round(cx - s * 0.85)}" y="${round(cy - s * 0.95)}" width="${round(s * 1.7)}" height="${round(s * 1.6)}" fill="url(#bg)"/>
         <circle cx="${round(cx + s * 0.3)}" cy="${round(cy - s * 0.4)}" r="${round(s * 0.3)}" fill="#fff4d6"/>`;
  return `<defs>${gradientDefs(palette, 60)}</defs>
  <rect width="${width}" height="${height}" fill="#f4efe9"/>
  <ellipse cx="${round(cx)}" cy="${round(cy + s * 0.85)}" rx="${round(s * 1.2)}" ry="${round(s * 0.16)}" fill="#000000" fill-opacity="0.12"/>
  ${object}`;
}

const sceneBodies: Record<SceneKind, typeof sunsetBody> = {
  sunset: sunsetBody,
  mountains: mountainsBody,
  abstract: abstractBody,
  orbs: orbsBody,
  product: productBody,
};

/** The SVG of one demo picture; the same seed always draws the same picture. */
export function sceneSvg(options: {
  kind: SceneKind;
  seed: string;
  palette: number;
  width?: number;
  height?: number;
}): string {
  const width = options.width ?? 1200;
  const height = options.height ?? 900;
  const body = sceneBodies[options.kind](width, height, paletteAt(options.palette), randomFrom(options.seed));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;
}

/** Renders SVG text to JPEG bytes: what a phone would upload. */
export async function renderJpeg(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).jpeg({ quality: 86 }).toBuffer();
}
