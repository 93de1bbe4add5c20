/**
 * Fixed data for the component stories and the visual tests: icons are inline SVG data URLs
 * (no network, no fonts), so screenshots are deterministic.
 */

function svg(body: string, bg: string): string {
  const markup = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${bg}"/>${body}</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(markup)}`;
}

export const icons = {
  fox: svg('<path d="M14 18l12 10h12l12-10-4 22-14 10-14-10z" fill="#fff"/>', '#f6851b'),
  coin: svg(
    '<circle cx="32" cy="32" r="16" fill="#fff"/><rect x="26" y="26" width="12" height="12" fill="#0052ff"/>',
    '#0052ff',
  ),
  rainbow: svg(
    '<path d="M12 48a20 20 0 0 1 40 0" stroke="#ff4e4e" stroke-width="6" fill="none"/><path d="M20 48a12 12 0 0 1 24 0" stroke="#ffd23f" stroke-width="6" fill="none"/>',
    '#174299',
  ),
  shield: svg('<path d="M32 12l16 6v12c0 10-7 18-16 22-9-4-16-12-16-22V18z" fill="#fff"/>', '#3375bb'),
  phantom: svg('<path d="M16 34a16 16 0 0 1 32 0v14l-5-4-5 4-6-4-6 4-5-4-5 4z" fill="#fff"/>', '#ab9ff2'),
  grid: svg(
    '<rect x="14" y="14" width="14" height="14" rx="3" fill="#fff"/><rect x="36" y="14" width="14" height="14" rx="3" fill="#fff"/><rect x="14" y="36" width="14" height="14" rx="3" fill="#fff"/><rect x="36" y="36" width="14" height="14" rx="3" fill="#fff"/>',
    '#5b6270',
  ),
  ethereum: svg(
    '<path d="M32 10l13 22-13 8-13-8z" fill="#fff"/><path d="M32 43l13-8-13 19-13-19z" fill="#dfe3ff"/>',
    '#627eea',
  ),
  polygon: svg(
    '<path d="M20 24l12-7 12 7v16l-12 7-12-7z" fill="none" stroke="#fff" stroke-width="5"/>',
    '#8247e5',
  ),
  usdc: svg(
    '<circle cx="32" cy="32" r="18" fill="none" stroke="#fff" stroke-width="5"/><rect x="29" y="20" width="6" height="24" fill="#fff"/>',
    '#2775ca',
  ),
};

/** A 1×1 PNG that fails to decode: the `<img>` fires `error`, so the fallback must show. */
export const BROKEN_IMAGE = 'data:image/png;base64,AAAA';
/** Would run script if it ever reached `<img src>` / `<a href>`. */
export const JAVASCRIPT_URL = 'javascript:alert(document.domain)';

export const ADDRESS_A = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';
export const ADDRESS_B = '0xFABB0ac9d68B0B445fB7357272Ff202C5651694a';
export const ADDRESS_C = '0x1CBd3b2770909D4e10f157cABC84C7264073C9Ec';

export const LONG_NAME =
  'An Extremely Long Wallet Name That Keeps Going And Going Well Past Any Sensible Length For A Tile Label';
