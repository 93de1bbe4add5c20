import { style } from '@vanilla-extract/css';

/** The restoring face keeps the Connect button's size: its label holds the width, hidden, under a spinner. */
export const restoring = style({ position: 'relative' });
export const hiddenLabel = style({ visibility: 'hidden' });
export const centered = style({
  position: 'absolute',
  inset: 0,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
});
