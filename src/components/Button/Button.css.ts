import { createVar, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { FORCED_COLORS } from '../_lib/media';

// Plain classes per variant (no recipe runtime): the button is in a host's initial JS, and `button()`
// (buttonClass.ts) joins them in a few lines. The rules are emitted in this order (base, variant, size, fullWidth, iconOnly), so
// later groups win as they did (iconOnly's padding over size's).
export const base = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space['2'],
  // Room above and below a label that wraps onto a second line.
  paddingBlock: vars.space['1'],
  borderRadius: vars.radius.md,
  fontWeight: vars.fontWeight.medium,
  lineHeight: vars.lineHeight.tight,
  cursor: 'pointer',
  userSelect: 'none',
  transition: `background-color ${vars.duration.fast}, opacity ${vars.duration.fast}`,
  selectors: {
    '&:disabled, &[aria-disabled="true"]': { cursor: 'not-allowed', opacity: 0.5 },
  },
  '@media': {
    '(prefers-reduced-motion: reduce)': { transition: 'none' },
    // Every button keeps a boundary (the palette paints the border, whatever its colour); a pressed one is
    // framed three times thicker in the system highlight, its label bold (not filled: Chromium paints a
    // Canvas plate behind text under forced colours, which hides HighlightText on a Highlight fill); a
    // disabled one is greyed by the system colour instead of faded.
    [FORCED_COLORS]: {
      borderWidth: '1px',
      selectors: {
        '&[aria-pressed="true"]': {
          borderWidth: '3px',
          borderColor: 'Highlight',
          fontWeight: vars.fontWeight.bold,
        },
        '&:disabled, &[aria-disabled="true"]': { opacity: 1, color: 'GrayText', borderColor: 'GrayText' },
      },
    },
  },
});

export const variant = styleVariants({
  primary: {
    backgroundColor: vars.color.accent,
    color: vars.color.accentForeground,
    selectors: { '&:hover:not(:disabled)': { opacity: 0.9 } },
  },
  secondary: {
    backgroundColor: vars.color.surface,
    color: vars.color.foreground,
    borderWidth: '1px',
    borderColor: vars.color.border,
    selectors: { '&:hover:not(:disabled)': { backgroundColor: vars.color.border } },
  },
  ghost: {
    backgroundColor: 'transparent',
    color: vars.color.foreground,
    selectors: { '&:hover:not(:disabled)': { backgroundColor: vars.color.surface } },
  },
  danger: {
    backgroundColor: vars.color.error,
    color: vars.color.background,
  },
});

/** The size's height: the minimum of a text button, the side of an icon-only one. */
const sizeHeight = createVar();

// A minimum height, not a height: a label that wraps (a narrow screen, a long translation) grows the button
// instead of spilling over its edges.
export const size = styleVariants({
  sm: {
    vars: { [sizeHeight]: '32px' },
    minHeight: sizeHeight,
    paddingInline: vars.space['3'],
    fontSize: vars.fontSize.sm,
  },
  md: {
    vars: { [sizeHeight]: '40px' },
    minHeight: sizeHeight,
    paddingInline: vars.space['4'],
    fontSize: vars.fontSize.md,
  },
  lg: {
    vars: { [sizeHeight]: '48px' },
    minHeight: sizeHeight,
    paddingInline: vars.space['5'],
    fontSize: vars.fontSize.md,
  },
});

export const fullWidth = style({ width: '100%' });
export const iconOnly = style({ paddingInline: 0, height: sizeHeight, aspectRatio: '1 / 1' });
