/**
 * Theme token values as plain data (no CSS-in-JS runtime), shared by the static
 * vanilla-extract stylesheet and by `createTheme()` for hosts.
 *
 * Every token has a stable public CSS custom property name `--kw-<group>-<name>`,
 * so a host can also write plain CSS against them.
 */

export const colorTokenNames = [
  'background',
  'surface',
  'surfaceRaised',
  'foreground',
  'muted',
  'border',
  'accent',
  'accentForeground',
  'success',
  'warning',
  'error',
  'overlay',
  'focusRing',
] as const;
export type ColorToken = (typeof colorTokenNames)[number];
export type ColorTokens = Record<ColorToken, string>;

export interface ThemeTokens {
  color: ColorTokens;
  font: { family: string; mono: string };
  fontSize: { xs: string; sm: string; md: string; lg: string; xl: string; xxl: string };
  fontWeight: { regular: string; medium: string; bold: string };
  lineHeight: { tight: string; normal: string };
  space: {
    '0': string;
    '1': string;
    '2': string;
    '3': string;
    '4': string;
    '5': string;
    '6': string;
    '8': string;
  };
  radius: { sm: string; md: string; lg: string; xl: string; full: string };
  shadow: { sm: string; md: string; lg: string };
  zIndex: { modal: string; toast: string; tooltip: string };
  duration: { fast: string; normal: string; slow: string; shake: string };
}

/** Values that do not change between light and dark. */
export const baseTokens: Omit<ThemeTokens, 'color' | 'shadow'> = {
  font: {
    family: "'Inter', ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
    mono: "ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace",
  },
  fontSize: { xs: '12px', sm: '14px', md: '16px', lg: '18px', xl: '22px', xxl: '28px' },
  fontWeight: { regular: '400', medium: '500', bold: '600' },
  lineHeight: { tight: '1.2', normal: '1.5' },
  space: {
    '0': '0px',
    '1': '4px',
    '2': '8px',
    '3': '12px',
    '4': '16px',
    '5': '20px',
    '6': '24px',
    '8': '32px',
  },
  radius: { sm: '6px', md: '10px', lg: '16px', xl: '24px', full: '9999px' },
  zIndex: { modal: '2147483000', toast: '2147483100', tooltip: '2147483200' },
  duration: { fast: '100ms', normal: '200ms', slow: '320ms', shake: '500ms' },
};

export const lightColors: ColorTokens = {
  background: '#ffffff',
  surface: '#f4f5f7',
  surfaceRaised: '#ffffff',
  foreground: '#14161a',
  muted: '#5b6270',
  border: '#e1e4ea',
  accent: '#3b5bdb',
  accentForeground: '#ffffff',
  success: '#1f7a3f',
  warning: '#8a5a00',
  error: '#c92a2a',
  overlay: 'rgba(12, 14, 18, 0.55)',
  focusRing: '#3b5bdb',
};

export const darkColors: ColorTokens = {
  background: '#15171c',
  surface: '#1f2229',
  surfaceRaised: '#262a33',
  foreground: '#f2f4f7',
  muted: '#a3aab8',
  border: '#343945',
  accent: '#7c93f0',
  accentForeground: '#0d1020',
  success: '#5fd38d',
  warning: '#f2c14e',
  error: '#ff8a8a',
  overlay: 'rgba(0, 0, 0, 0.7)',
  focusRing: '#a5b4fc',
};

export const lightShadows: ThemeTokens['shadow'] = {
  sm: '0 1px 2px rgba(16, 24, 40, 0.08)',
  md: '0 4px 12px rgba(16, 24, 40, 0.12)',
  lg: '0 16px 48px rgba(16, 24, 40, 0.22)',
};

export const darkShadows: ThemeTokens['shadow'] = {
  sm: '0 1px 2px rgba(0, 0, 0, 0.5)',
  md: '0 4px 12px rgba(0, 0, 0, 0.5)',
  lg: '0 16px 48px rgba(0, 0, 0, 0.6)',
};

export const lightTokens: ThemeTokens = { ...baseTokens, color: lightColors, shadow: lightShadows };
export const darkTokens: ThemeTokens = { ...baseTokens, color: darkColors, shadow: darkShadows };

/** `accentForeground` -> `accent-foreground`; `surfaceRaised` -> `surface-raised`. */
export function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/** The public CSS custom property for a token, e.g. `cssVarName('color', 'accent')` is `--kw-color-accent`. */
export function cssVarName(group: string, name: string): string {
  return `--kw-${kebab(group)}-${kebab(name)}`;
}

/** Flattens a (partial) token tree into `{ '--kw-color-accent': '#3b5bdb', ... }`. */
export function tokensToCssVars(tokens: DeepPartial<ThemeTokens>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [group, values] of Object.entries(tokens)) {
    if (!values) continue;
    for (const [name, value] of Object.entries(values as Record<string, string | undefined>)) {
      if (typeof value === 'string') out[cssVarName(group, name)] = value;
    }
  }
  return out;
}

export type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] };
