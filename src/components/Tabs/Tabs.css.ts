import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const root = style({ display: 'flex', flexDirection: 'column', gap: vars.space['3'], minWidth: 0 });

export const list = style({
  position: 'relative',
  display: 'flex',
  gap: vars.space['1'],
  padding: vars.space['1'],
  backgroundColor: vars.color.surface,
  borderRadius: vars.radius.md,
  isolation: 'isolate',
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
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
});

export const indicator = style({
  zIndex: -1,
  top: vars.space['1'],
  width: 'var(--width)',
  height: '32px',
  borderRadius: vars.radius.sm,
  backgroundColor: vars.color.surfaceRaised,
  boxShadow: vars.shadow.sm,
  vars: { '--transition-duration': vars.duration.normal },
  '@media': { '(prefers-reduced-motion: reduce)': { vars: { '--transition-duration': '0ms' } } },
});

export const content = style({
  minWidth: 0,
  outline: 'none',
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' } },
});
