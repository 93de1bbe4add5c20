import { radiusScales, type ThemeOptions, themeOptionsSchema } from './options';
import { baseTokens, type DeepPartial, type ThemeTokens, tokensToCssVars } from './tokens';

export { radiusScales, type ThemeOptions } from './options';

export type ThemeMode = 'light' | 'dark' | 'system';

/** A theme a host hands to the kit: a mode and CSS custom-property overrides. Plain data, no runtime CSS. */
export interface KeywayTheme {
  mode: ThemeMode;
  /** `{ '--kw-color-accent': '#ff0066', ... }`: applied on the kit root through the CSSOM (CSP-safe). */
  vars: Readonly<Record<string, string>>;
}

function scaleRadius(px: string, factor: number): string {
  if (px.endsWith('px')) return `${Math.round(Number.parseFloat(px) * factor * 100) / 100}px`;
  return px;
}

/**
 * Builds a host theme from a few choices. Throws a readable error naming the bad option.
 *
 * ```ts
 * const theme = createTheme({ accentColor: '#ff0066', radius: 'lg', fontFamily: 'Inter', mode: 'system' });
 * <KeywayProvider keyway={kw} theme={theme}>
 * ```
 */
export function createTheme(options: ThemeOptions = {}): KeywayTheme {
  const parsed = themeOptionsSchema.safeParse(options);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? issue.path.join('.') : 'theme';
    throw new Error(`Invalid theme option "${where}": ${issue?.message ?? 'invalid value'}`);
  }
  const o = parsed.data;
  const tokens: DeepPartial<ThemeTokens> = { ...(o.tokens ?? {}) };
  const color = { ...(tokens.color ?? {}) };
  if (o.accentColor) {
    color.accent = o.accentColor;
    color.focusRing = o.accentColor;
  }
  if (o.accentForegroundColor) color.accentForeground = o.accentForegroundColor;
  if (Object.keys(color).length) tokens.color = color;
  if (o.fontFamily) tokens.font = { ...(tokens.font ?? {}), family: o.fontFamily };
  if (o.radius !== undefined) {
    const factor = typeof o.radius === 'number' ? o.radius : radiusScales[o.radius];
    const radius: Record<string, string> = {};
    for (const [name, value] of Object.entries(baseTokens.radius)) {
      radius[name] = name === 'full' ? (factor === 0 ? '0px' : value) : scaleRadius(value, factor);
    }
    tokens.radius = { ...radius, ...(tokens.radius ?? {}) };
  }
  return Object.freeze({ mode: o.mode ?? 'system', vars: Object.freeze(tokensToCssVars(tokens)) });
}

export const lightTheme: KeywayTheme = Object.freeze({ mode: 'light', vars: Object.freeze({}) });
export const darkTheme: KeywayTheme = Object.freeze({ mode: 'dark', vars: Object.freeze({}) });
export const systemTheme: KeywayTheme = Object.freeze({ mode: 'system', vars: Object.freeze({}) });

/**
 * The same theme as static CSS, for hosts that prefer a stylesheet (or server rendering under a strict CSP):
 * `themeToCss(theme)` gives `[data-keyway] { --kw-color-accent: #ff0066; }`.
 */
export function themeToCss(theme: KeywayTheme, selector = '[data-keyway]'): string {
  const body = Object.entries(theme.vars)
    .map(([k, v]) => `  ${k}: ${v};`)
    .join('\n');
  return `${selector} {\n${body}\n}\n`;
}
