import { createTheme } from '../../src/theme';

/** Shared by the Theme playground story, the visual tests and the CSP fixture. */
export const fontFamilies = {
  Inter: "'Inter', ui-sans-serif, system-ui, sans-serif",
  system: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  serif: "Georgia, 'Times New Roman', serif",
  mono: "ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace",
} as const;

export interface PlaygroundArgs {
  accentColor: string;
  radius: 'none' | 'sm' | 'md' | 'lg' | 'xl';
  font: keyof typeof fontFamilies;
  mode: 'light' | 'dark' | 'system';
  onConnect?: () => void;
}

/** White or near-black text on the accent, whichever has more contrast (WCAG relative luminance). */
export function readableOn(color: string): string | undefined {
  const m = /^#([0-9a-f]{6})$/i.exec(color.trim());
  if (!m?.[1]) return undefined;
  const n = Number.parseInt(m[1], 16);
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const L = 0.2126 * lin((n >> 16) & 255) + 0.7152 * lin((n >> 8) & 255) + 0.0722 * lin(n & 255);
  return 1.05 / (L + 0.05) >= (L + 0.05) / 0.05 ? '#ffffff' : '#0d1020';
}

export function playgroundTheme(args: PlaygroundArgs) {
  return createTheme({
    accentColor: args.accentColor,
    accentForegroundColor: readableOn(args.accentColor),
    radius: args.radius,
    fontFamily: fontFamilies[args.font],
    mode: args.mode,
  });
}
