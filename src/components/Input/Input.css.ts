import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { FORCED_COLORS, NARROW } from '../_lib/media';

export const field = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  minWidth: 0,
});

export const labelRow = style({
  display: 'flex',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: vars.space['2'],
});

export const label = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.foreground,
});

export const visuallyHidden = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  borderWidth: 0,
});

export const control = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  minHeight: '44px',
  paddingInline: vars.space['3'],
  backgroundColor: vars.color.surface,
  borderWidth: '1px',
  borderColor: vars.color.border,
  borderRadius: vars.radius.md,
  color: vars.color.foreground,
  transition: `border-color ${vars.duration.fast}, box-shadow ${vars.duration.fast}`,
  selectors: {
    '&:focus-within': {
      borderColor: vars.color.focusRing,
      boxShadow: `0 0 0 1px ${vars.color.focusRing}`,
    },
    '&[data-invalid]': { borderColor: vars.color.error },
    '&[data-invalid]:focus-within': { boxShadow: `0 0 0 1px ${vars.color.error}` },
    // No opacity: adornments next to a disabled input must keep their contrast.
    '&[data-disabled]': {
      cursor: 'not-allowed',
      borderStyle: 'dashed',
      backgroundColor: vars.color.background,
    },
  },
  '@media': {
    '(prefers-reduced-motion: reduce)': { transition: 'none' },
    // Narrow: more of the line for the text.
    [NARROW]: { paddingInline: vars.space['2'] },
    // The focus ring above is a shadow, which forced colours drop: an outline instead.
    [FORCED_COLORS]: {
      selectors: {
        '&:focus-within': { outline: '2px solid Highlight', outlineOffset: '1px' },
        '&[data-disabled]': { borderColor: 'GrayText' },
      },
    },
  },
});

export const input = style({
  flex: '1 1 auto',
  minWidth: 0,
  height: '42px',
  fontSize: vars.fontSize.md,
  color: vars.color.foreground,
  outline: 'none',
  selectors: {
    '&::placeholder': { color: vars.color.muted, opacity: 1 },
    // The control box shows focus (see `control`); a second ring on the input would double it.
    '&:focus-visible': { outline: 'none' },
    '&:disabled': { cursor: 'not-allowed', color: vars.color.muted },
  },
});

export const adornment = style({
  display: 'inline-flex',
  alignItems: 'center',
  flexShrink: 0,
  color: vars.color.muted,
});

export const hint = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.muted,
});

export const error = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['1'],
  fontSize: vars.fontSize.sm,
  color: vars.color.error,
  selectors: { '&:empty': { display: 'none' } },
});
