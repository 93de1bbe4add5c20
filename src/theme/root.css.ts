import { assignVars, globalKeyframes, globalStyle } from '@vanilla-extract/css';
import { vars } from './contract.css';
import { darkTokens, lightTokens } from './tokens';

/** The one attribute every kit subtree (inline or portalled) carries. */
export const ROOT_SELECTOR = '[data-keyway]';

// Themes: light by default, dark on request, and `system` follows the OS.
globalStyle(ROOT_SELECTOR, { vars: assignVars(vars, lightTokens) });
globalStyle(`${ROOT_SELECTOR}[data-kw-mode="dark"]`, { vars: assignVars(vars, darkTokens) });
globalStyle(`${ROOT_SELECTOR}[data-kw-mode="system"]`, {
  '@media': { '(prefers-color-scheme: dark)': { vars: assignVars(vars, darkTokens) } },
});

// `--kw-mirror`: -1 where text runs right to left, else 1; icons that point along the reading direction (Back,
// chevrons) scale by it. Not `:dir(rtl)`: CSS minifiers rewrite that into a `:lang(ar, he, …)` list for older
// browsers, which misses a right-to-left page in any other language.
globalStyle(`[dir="rtl"] ${ROOT_SELECTOR}, ${ROOT_SELECTOR}[dir="rtl"], ${ROOT_SELECTOR} [dir="rtl"]`, {
  vars: { '--kw-mirror': '-1' },
});
globalStyle(`${ROOT_SELECTOR}[dir="ltr"], ${ROOT_SELECTOR} [dir="ltr"]`, { vars: { '--kw-mirror': '1' } });

// The root restores typography that host resets commonly flatten.
globalStyle(ROOT_SELECTOR, {
  fontFamily: vars.font.family,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.normal,
  color: vars.color.foreground,
  WebkitFontSmoothing: 'antialiased',
  textAlign: 'start',
  letterSpacing: 'normal',
});

// A local reset, scoped to the kit: hosts' global CSS is neutralised here and ours never leaks out.
globalStyle(`${ROOT_SELECTOR} *, ${ROOT_SELECTOR} *::before, ${ROOT_SELECTOR} *::after`, {
  boxSizing: 'border-box',
  margin: 0,
  padding: 0,
  borderWidth: 0,
  borderStyle: 'solid',
  borderColor: vars.color.border,
});
globalStyle(`${ROOT_SELECTOR} :is(button, input, select, textarea)`, {
  font: 'inherit',
  color: 'inherit',
  backgroundColor: 'transparent',
  backgroundImage: 'none',
  textTransform: 'none',
  appearance: 'none',
});
globalStyle(`${ROOT_SELECTOR} :is(img, svg)`, { display: 'block', maxWidth: '100%' });
globalStyle(`${ROOT_SELECTOR} a`, { color: vars.color.accent, textDecoration: 'underline' });
globalStyle(`${ROOT_SELECTOR} :focus-visible`, {
  outline: `2px solid ${vars.color.focusRing}`,
  outlineOffset: '2px',
});

globalKeyframes('kw-spin', { to: { transform: 'rotate(360deg)' } });
