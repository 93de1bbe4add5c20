import { style } from '@vanilla-extract/css';

/** The scrolling viewport; its height comes from the caller's class (a list needs a bounded height). */
export const viewport = style({
  position: 'relative',
  overflowY: 'auto',
  overscrollBehavior: 'contain',
});

/** As tall as every item together (measured), so the scrollbar is right while only a window is rendered. */
export const inner = style({ position: 'relative', width: '100%' });

/** One rendered item, placed at its offset. */
export const item = style({ position: 'absolute', top: 0, insetInlineStart: 0, width: '100%' });
