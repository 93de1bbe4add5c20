import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { FORCED_COLORS, NARROW } from '../_lib/media';

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
  // Narrow: the picture, then the name and amount over the value, in one column.
  '@media': {
    [NARROW]: {
      display: 'grid',
      gridTemplateColumns: 'auto minmax(0, 1fr)',
      columnGap: vars.space['2'],
      rowGap: 0,
      paddingInline: vars.space['2'],
    },
  },
});

export const interactive = style({
  cursor: 'pointer',
  transition: `background-color ${vars.duration.fast}`,
  selectors: {
    '&:hover:not(:disabled)': { backgroundColor: vars.color.surface },
    '&:disabled': { cursor: 'not-allowed', opacity: 0.5 },
  },
  '@media': {
    '(prefers-reduced-motion: reduce)': { transition: 'none' },
    // A row told apart on hover by its background alone: a border keeps it a control under forced colours.
    [FORCED_COLORS]: {
      borderWidth: '1px',
      selectors: { '&:disabled': { opacity: 1, color: 'GrayText', borderColor: 'GrayText' } },
    },
  },
});

export const column = style({
  display: 'flex',
  flexDirection: 'column',
  minWidth: 0,
});

// The picture (always the first child) spans both lines of a narrow row.
globalStyle(`${row} > :first-child`, { '@media': { [NARROW]: { gridRow: '1 / span 2' } } });

export const main = style([column, { flex: '1 1 0%', '@media': { [NARROW]: { gridColumn: 2 } } }]);
export const end = style([
  column,
  {
    flex: '0 0 auto',
    alignItems: 'flex-end',
    maxWidth: '50%',
    '@media': { [NARROW]: { gridColumn: 2, alignItems: 'flex-start', maxWidth: 'none' } },
  },
]);

const line = style({
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  maxWidth: '100%',
  lineHeight: vars.lineHeight.normal,
  '@media': { [NARROW]: { whiteSpace: 'normal', overflowWrap: 'anywhere' } },
});

export const primary = style([line, { fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.medium }]);
export const secondary = style([line, { fontSize: vars.fontSize.sm, color: vars.color.muted }]);
export const numeric = style({ fontVariantNumeric: 'tabular-nums' });
