/** Deterministic generated SVG images (wallet logos, token, currency and asset icons). No scripts, text escaped. */
import { createHash } from 'node:crypto';

const escapeXml = (s: string): string =>
  s.replace(
    /[<>&'"]/g,
    (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[ch] ?? ch,
  );

function hues(seed: string): [number, number] {
  const digest = createHash('sha256').update(seed).digest();
  return [((digest[0] ?? 0) * 360) / 256, ((digest[1] ?? 0) * 360) / 256];
}

function initials(label: string, max: number): string {
  const words = label.split(/[\s_-]+/).filter(Boolean);
  const letters = words.length > 1 ? words.map((w) => w[0]).join('') : (words[0] ?? '?');
  return letters.slice(0, max).toUpperCase();
}

function render(seed: string, text: string, shape: 'circle' | 'square'): string {
  const [h1, h2] = hues(seed);
  const bg =
    shape === 'circle'
      ? '<circle cx="48" cy="48" r="48" fill="url(#g)"/>'
      : '<rect width="96" height="96" rx="24" fill="url(#g)"/>';
  const size = text.length > 3 ? 22 : text.length > 2 ? 28 : 36;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">',
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${h1.toFixed(0)},70%,52%)"/><stop offset="1" stop-color="hsl(${h2.toFixed(0)},70%,38%)"/></linearGradient></defs>`,
    bg,
    `<text x="48" y="48" dy="0.35em" text-anchor="middle" font-family="Inter,Arial,sans-serif" font-weight="700" font-size="${size}" fill="#fff">${escapeXml(text)}</text>`,
    '</svg>',
  ].join('');
}

export const walletSvg = (imageId: string, label: string): string =>
  render(`wallet:${imageId}`, initials(label, 2), 'square');
export const tokenSvg = (symbol: string): string => render(`token:${symbol}`, symbol.slice(0, 4), 'circle');
export const currencySvg = (iso: string): string => render(`currency:${iso}`, iso.slice(0, 3), 'circle');
export const assetSvg = (id: string, label?: string): string =>
  render(`asset:${id}`, initials(label ?? id, 2), 'circle');

export const svgDataUri = (svg: string): string =>
  `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
