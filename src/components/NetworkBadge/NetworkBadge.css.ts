import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { FORCED_COLORS } from '../_lib/media';

export const badge = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
  maxWidth: '220px',
  height: '32px',
  paddingInlineStart: '6px',
  paddingInlineEnd: vars.space['3'],
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.surface,
  color: vars.color.foreground,
  boxShadow: `inset 0 0 0 1px ${vars.color.border}`,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  lineHeight: vars.lineHeight.tight,
  verticalAlign: 'middle',
  // The ring is a shadow, which forced colours drop: a border instead.
  '@media': { [FORCED_COLORS]: { borderWidth: '1px' } },
});

export const interactive = style({
  cursor: 'pointer',
  selectors: {
    '&:hover:not(:disabled)': { backgroundColor: vars.color.border },
    '&:disabled': { cursor: 'not-allowed', opacity: 0.5 },
  },
  '@media': {
    [FORCED_COLORS]: {
      selectors: { '&:disabled': { opacity: 1, color: 'GrayText', borderColor: 'GrayText' } },
    },
  },
});

export const unsupported = style({
  color: vars.color.error,
  boxShadow: `inset 0 0 0 1px ${vars.color.error}`,
});

export const name = style({
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  minWidth: 0,
});

export const warnGlyph = style({ width: '20px', height: '20px', flexShrink: 0 });

/** The network's initial, drawn when it has no usable picture. */
export const initial = style({
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  lineHeight: 1,
  color: vars.color.muted,
});
