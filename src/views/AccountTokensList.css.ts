import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

export const total = style({
  display: 'flex',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  // The amount goes under its label when both do not fit on a line (a narrow screen).
  flexWrap: 'wrap',
  gap: vars.space['2'],
  paddingInline: vars.space['3'],
});

export const totalValue = style({
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  fontVariantNumeric: 'tabular-nums',
  // A money amount reads left to right in a right-to-left modal too (sized to its text: nothing moves).
  direction: 'ltr',
  unicodeBidi: 'isolate',
});
