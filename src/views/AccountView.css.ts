import { style } from '@vanilla-extract/css';
import { NARROW } from '../components/_lib/media';
import { vars } from '../theme/contract.css';

export const header = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space['2'],
  paddingBlock: vars.space['2'],
  textAlign: 'center',
});

export const nameRow = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['1'],
  // Narrow: the copy button goes under the name when both do not fit on a line.
  '@media': { [NARROW]: { flexWrap: 'wrap', justifyContent: 'center', maxWidth: '100%' } },
});

export const name = style({
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  maxWidth: '260px',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  '@media': { [NARROW]: { maxWidth: '100%', whiteSpace: 'normal', overflowWrap: 'anywhere' } },
});

export const balance = style({
  fontSize: vars.fontSize.lg,
  color: vars.color.muted,
  minHeight: '1.5em',
  // `12.5 ETH` reads left to right in a right-to-left modal too (the line is centred: nothing else moves).
  direction: 'ltr',
  unicodeBidi: 'isolate',
});

export const fieldset = style({ border: 0, padding: 0, margin: 0, minWidth: 0 });
export const legend = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.muted,
  marginBottom: vars.space['2'],
});
