import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { FORCED_COLORS, NARROW } from '../_lib/media';

export const root = style({ display: 'flex', flexDirection: 'column', gap: vars.space['3'], minWidth: 0 });

export const list = style({
  position: 'relative',
  display: 'flex',
  gap: vars.space['1'],
  padding: vars.space['1'],
  backgroundColor: vars.color.surface,
  borderRadius: vars.radius.md,
  isolation: 'isolate',
  // The list is a surface told apart by its background alone: a border keeps it under forced colours.
  '@media': { [FORCED_COLORS]: { borderWidth: '1px' } },
});

export const trigger = style({
  flex: '1 1 0',
  minWidth: 0,
  height: '32px',
  paddingInline: vars.space['3'],
  borderRadius: vars.radius.sm,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.muted,
  cursor: 'pointer',
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  transition: `color ${vars.duration.fast}`,
  selectors: {
    '&[data-selected]': { color: vars.color.foreground },
    '&:hover:not([data-selected]):not([data-disabled])': { color: vars.color.foreground },
    '&[data-disabled]': { cursor: 'not-allowed', textDecoration: 'line-through' },
  },
  '@media': {
    '(prefers-reduced-motion: reduce)': { transition: 'none' },
    // Narrow: the label wraps (the tab grows) instead of being cut.
    [NARROW]: {
      height: 'auto',
      minHeight: '32px',
      paddingInline: vars.space['1'],
      whiteSpace: 'normal',
      overflowWrap: 'anywhere',
    },
    // A boundary per tab; the selected one framed three times thicker in the system highlight, its label
    // bold, so its state is not told by a colour alone (the indicator, a background, is hidden there).
    [FORCED_COLORS]: {
      borderWidth: '1px',
      selectors: {
        '&[data-selected]': {
          borderWidth: '3px',
          borderColor: 'Highlight',
          fontWeight: vars.fontWeight.bold,
        },
        '&[data-disabled]': { color: 'GrayText', borderColor: 'GrayText' },
      },
    },
  },
});

export const indicator = style({
  zIndex: -1,
  top: vars.space['1'],
  width: 'var(--width)',
  // The selected tab's height (measured by Ark): taller than 32px where its label wraps.
  height: 'var(--height, 32px)',
  borderRadius: vars.radius.sm,
  backgroundColor: vars.color.surfaceRaised,
  boxShadow: vars.shadow.sm,
  vars: { '--transition-duration': vars.duration.normal },
  '@media': {
    '(prefers-reduced-motion: reduce)': { vars: { '--transition-duration': '0ms' } },
    [FORCED_COLORS]: { display: 'none' },
  },
});

export const content = style({
  minWidth: 0,
  outline: 'none',
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' } },
});
