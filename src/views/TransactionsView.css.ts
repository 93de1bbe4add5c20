import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

/** The scrolling viewport of the virtual list. */
export const viewport = style({
  maxHeight: '420px',
  height: '420px',
  borderRadius: vars.radius.md,
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.accent}`, outlineOffset: '2px' },
  },
});

export const compactViewport = style({ height: '320px', maxHeight: '320px' });

export const dayHeader = style({
  margin: 0,
  paddingBlock: vars.space['2'],
  paddingInline: vars.space['3'],
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.muted,
});

export const activityRow = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['1'],
  paddingInlineStart: vars.space['2'],
});

export const tokenIcon = style({ flexShrink: 0 });

export const rowBody = style({ flex: '1 1 0%', minWidth: 0 });

export const skeletonRow = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['3'],
  paddingBlock: vars.space['2'],
  paddingInline: vars.space['3'],
});

export const skeletonLines = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['1'],
  flex: 1,
});
