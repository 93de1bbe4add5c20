import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { FORCED_COLORS, NARROW } from '../_lib/media';

export const box = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['1'],
  padding: vars.space['3'],
  backgroundColor: vars.color.surface,
  borderWidth: '1px',
  borderColor: vars.color.border,
  borderRadius: vars.radius.lg,
  transition: `border-color ${vars.duration.fast}, box-shadow ${vars.duration.fast}`,
  selectors: {
    '&:focus-within': { borderColor: vars.color.focusRing, boxShadow: `0 0 0 1px ${vars.color.focusRing}` },
    '&[data-invalid]': { borderColor: vars.color.error },
    '&[data-invalid]:focus-within': { boxShadow: `0 0 0 1px ${vars.color.error}` },
    // No opacity: text next to a disabled input must keep its contrast.
    '&[data-disabled]': { borderStyle: 'dashed', backgroundColor: vars.color.background },
  },
  '@media': {
    '(prefers-reduced-motion: reduce)': { transition: 'none' },
    // The focus ring above is a shadow, which forced colours drop: an outline instead.
    [FORCED_COLORS]: {
      selectors: {
        '&:focus-within': { outline: '2px solid Highlight', outlineOffset: '1px' },
        '&[data-disabled]': { borderColor: 'GrayText' },
      },
    },
  },
});

export const row = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  minWidth: 0,
  // Narrow: the amount takes the whole line and the token picker goes under it.
  '@media': { [NARROW]: { flexWrap: 'wrap' } },
});

export const amount = style({
  flex: '1 1 auto',
  minWidth: 0,
  fontSize: vars.fontSize.xxl,
  fontWeight: vars.fontWeight.medium,
  lineHeight: vars.lineHeight.tight,
  fontVariantNumeric: 'tabular-nums',
  color: vars.color.foreground,
  outline: 'none',
  textOverflow: 'ellipsis',
  '@media': { [NARROW]: { flexBasis: '100%' } },
  selectors: {
    '&::placeholder': { color: vars.color.muted, opacity: 1 },
    '&:focus-visible': { outline: 'none' },
    '&:disabled': { cursor: 'not-allowed', color: vars.color.muted },
  },
});

export const trailing = style({
  display: 'inline-flex',
  alignItems: 'center',
  flexShrink: 0,
  '@media': { [NARROW]: { marginInlineStart: 'auto' } },
});

export const meta = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  flexWrap: 'wrap',
  gap: vars.space['2'],
  minHeight: '24px',
  fontSize: vars.fontSize.sm,
  color: vars.color.muted,
});

export const fiat = style({
  // Its whole width up to the full line (Max then wraps under it), cut only beyond that.
  minWidth: 'min(100%, max-content)',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  fontVariantNumeric: 'tabular-nums',
});

export const maxButton = style({
  // At the end of the line, also when it wraps under the fiat value.
  marginInlineStart: 'auto',
  height: '24px',
  paddingInline: vars.space['2'],
  borderRadius: vars.radius.sm,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
  color: vars.color.accent,
  backgroundColor: vars.color.background,
  borderWidth: '1px',
  borderColor: vars.color.border,
  cursor: 'pointer',
  selectors: {
    '&:hover:not(:disabled)': { borderColor: vars.color.accent },
    '&:disabled': { cursor: 'not-allowed', opacity: 0.55 },
  },
  '@media': {
    [FORCED_COLORS]: {
      selectors: { '&:disabled': { opacity: 1, color: 'GrayText', borderColor: 'GrayText' } },
    },
  },
});
