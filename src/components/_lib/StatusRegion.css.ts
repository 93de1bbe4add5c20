import { style } from '@vanilla-extract/css';

/**
 * Lays its content out like the views' own status column; while empty it is taken out of the flow (no gap of
 * the parent's flex layout for it) but stays in the accessibility tree, so what appears in it later is
 * announced.
 */
export const region = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'inherit',
  gap: 'inherit',
  selectors: {
    '&:empty': { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden' },
  },
});
