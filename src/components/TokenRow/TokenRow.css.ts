import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const row = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['3'],
  width: '100%',
  minHeight: '56px',
  paddingBlock: vars.space['2'],
  paddingInline: vars.space['3'],
  borderRadius: vars.radius.md,
  color: vars.color.foreground,
  textAlign: 'start',
});

export const interactive = style({
  cursor: 'pointer',
  transition: `background-color ${vars.duration.fast}`,
  selectors: {
    '&:hover:not(:disabled)': { backgroundColor: vars.color.surface },
    '&:disabled': { cursor: 'not-allowed', opacity: 0.5 },
  },
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
});

export const column = style({
  display: 'flex',
  flexDirection: 'column',
  minWidth: 0,
});

export const main = style([column, { flex: '1 1 0%' }]);
export const end = style([column, { flex: '0 0 auto', alignItems: 'flex-end', maxWidth: '50%' }]);

const line = style({
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  maxWidth: '100%',
  lineHeight: vars.lineHeight.normal,
});

export const primary = style([line, { fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.medium }]);
export const secondary = style([line, { fontSize: vars.fontSize.sm, color: vars.color.muted }]);
export const numeric = style({ fontVariantNumeric: 'tabular-nums' });
