import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

// Plain classes per variant (no recipe runtime): the button is in a host's initial JS, and `button()`
// (buttonClass.ts) joins them in a few lines. The rules are emitted in this order (base, variant, size, fullWidth, iconOnly), so
// later groups win as they did (iconOnly's padding over size's).
export const base = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space['2'],
  borderRadius: vars.radius.md,
  fontWeight: vars.fontWeight.medium,
  lineHeight: vars.lineHeight.tight,
  cursor: 'pointer',
  userSelect: 'none',
  transition: `background-color ${vars.duration.fast}, opacity ${vars.duration.fast}`,
  selectors: {
    '&:disabled, &[aria-disabled="true"]': { cursor: 'not-allowed', opacity: 0.5 },
  },
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
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

export const size = styleVariants({
  sm: { height: '32px', paddingInline: vars.space['3'], fontSize: vars.fontSize.sm },
  md: { height: '40px', paddingInline: vars.space['4'], fontSize: vars.fontSize.md },
  lg: { height: '48px', paddingInline: vars.space['5'], fontSize: vars.fontSize.md },
});

export const fullWidth = style({ width: '100%' });
export const iconOnly = style({ paddingInline: 0, aspectRatio: '1 / 1' });
