import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { FORCED_COLORS, NARROW } from '../_lib/media';
import { badge } from './badge.css';

export const row = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['3'],
  width: '100%',
  minHeight: '56px',
  paddingBlock: vars.space['2'],
  paddingInline: vars.space['3'],
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surface,
  color: vars.color.foreground,
  textAlign: 'start',
  textDecoration: 'none',
  cursor: 'pointer',
  transition: `background-color ${vars.duration.fast}`,
  selectors: {
    '&:hover:not(:disabled):not([aria-disabled="true"])': { backgroundColor: vars.color.border },
    '&:disabled, &[aria-disabled="true"]': { cursor: 'not-allowed', opacity: 0.5 },
  },
  '@media': {
    '(prefers-reduced-motion: reduce)': { transition: 'none' },
    // Narrow: two columns, the picture and the texts; the badge goes under the name (below).
    [NARROW]: {
      display: 'grid',
      gridTemplateColumns: 'auto minmax(0, 1fr)',
      alignItems: 'center',
      gap: 0,
      paddingInline: vars.space['2'],
    },
    // The row is a surface told apart by its background alone: a border keeps it under forced colours.
    [FORCED_COLORS]: {
      borderWidth: '1px',
      selectors: {
        '&:disabled, &[aria-disabled="true"]': { opacity: 1, color: 'GrayText', borderColor: 'GrayText' },
      },
    },
  },
});

// `a` inside the kit is styled as an inline link by the root reset: a row link looks like a row.
export const link = style({
  color: vars.color.foreground,
  textDecoration: 'none',
});

export const body = style({
  display: 'flex',
  flexDirection: 'column',
  flex: '1 1 auto',
  minWidth: 0,
});

export const name = style({
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  '@media': { [NARROW]: { whiteSpace: 'normal', overflowWrap: 'anywhere' } },
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.medium,
  lineHeight: vars.lineHeight.normal,
});

export const description = style({
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  '@media': { [NARROW]: { whiteSpace: 'normal', overflowWrap: 'anywhere' } },
  fontSize: vars.fontSize.sm,
  color: vars.color.muted,
  lineHeight: vars.lineHeight.normal,
});

export const chevron = style({
  flexShrink: 0,
  // Decorative (the row's role says it leads somewhere): its room goes to the name on a narrow screen.
  '@media': { [NARROW]: { display: 'none' } },
  width: '16px',
  height: '16px',
  color: vars.color.muted,
  // Points forwards along the reading direction (`--kw-mirror`: -1 in right-to-left text, root.css.ts).
  transform: 'scaleX(var(--kw-mirror, 1))',
});

export const inert = style({ cursor: 'not-allowed', opacity: 0.5 });

// Narrow rows (see `row`): the picture spans both lines of the first column; the texts, and the badge under
// them, share the second.
globalStyle(`${row} > :not(${body}, ${badge}, ${chevron})`, {
  '@media': { [NARROW]: { gridColumn: 1, gridRow: '1 / span 2', marginInlineEnd: vars.space['2'] } },
});
globalStyle(`${row} > ${body}`, { '@media': { [NARROW]: { gridColumn: 2, gridRow: 1 } } });
globalStyle(`${row} > ${badge}`, {
  '@media': { [NARROW]: { gridColumn: 2, gridRow: 2, justifySelf: 'start', marginTop: vars.space['1'] } },
});
