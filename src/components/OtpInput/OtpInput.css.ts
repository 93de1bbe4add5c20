import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space['2'],
});

export const label = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
});

export const control = style({
  display: 'flex',
  gap: vars.space['2'],
  justifyContent: 'center',
});

export const cell = style({
  width: '44px',
  height: '52px',
  textAlign: 'center',
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.medium,
  fontVariantNumeric: 'tabular-nums',
  color: vars.color.foreground,
  backgroundColor: vars.color.surface,
  borderWidth: '1px',
  borderColor: vars.color.border,
  borderRadius: vars.radius.md,
  caretColor: vars.color.accent,
  transition: `border-color ${vars.duration.fast}`,
  selectors: {
    '&::placeholder': { color: vars.color.muted, opacity: 1 },
    '&:focus-visible': {
      outline: 'none',
      borderColor: vars.color.focusRing,
      boxShadow: `0 0 0 1px ${vars.color.focusRing}`,
    },
    '&[data-invalid]': { borderColor: vars.color.error },
    '&:disabled': { opacity: 0.55, cursor: 'not-allowed' },
  },
  '@media': {
    '(max-width: 359.98px)': { width: '38px', height: '46px' },
    '(prefers-reduced-motion: reduce)': { transition: 'none' },
  },
});

export const error = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['1'],
  fontSize: vars.fontSize.sm,
  color: vars.color.error,
  selectors: { '&:empty': { display: 'none' } },
});
