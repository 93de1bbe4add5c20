/**
 * The schema of the theme options (the host option `theme`, and `createTheme()`), apart from `createTheme`:
 * the host options are validated when an instance is created, so this module is in a host's initial JS,
 * while building a theme (and the token tables it needs) waits until the modal is shown.
 */
import { z } from '../core/zod-mini';
import type { DeepPartial, ThemeTokens } from './tokens';

// Values end up inside a CSS declaration: refuse anything that could break out of it.
const cssValue = z.string().check(
  z.minLength(1),
  z.maxLength(200),
  z.refine((v) => !/[;{}<>\\]|url\s*\(|expression\s*\(|@import/i.test(v), {
    message: 'must be a plain CSS value (no ; { } < > \\, url() or expression())',
  }),
);

export const radiusScales = { none: 0, sm: 0.5, md: 1, lg: 1.5, xl: 2 } as const;

const tokenOverrides = z.record(z.string(), z.record(z.string(), cssValue)) as unknown as z.ZodMiniType<
  DeepPartial<ThemeTokens>
>;

export const themeOptionsSchema = z.strictObject({
  mode: z.optional(z.enum(['light', 'dark', 'system'])),
  accentColor: z.optional(cssValue),
  accentForegroundColor: z.optional(cssValue),
  /** A named step, or a factor applied to every radius (0 = square corners, 2 = twice as round). */
  radius: z.optional(
    z.union([z.enum(['none', 'sm', 'md', 'lg', 'xl']), z.number().check(z.gte(0), z.lte(4))]),
  ),
  fontFamily: z.optional(cssValue),
  /** Any other token, by group and name: `{ color: { surface: '#fafafa' } }`. */
  tokens: z.optional(tokenOverrides),
});

export type ThemeOptions = z.input<typeof themeOptionsSchema>;
