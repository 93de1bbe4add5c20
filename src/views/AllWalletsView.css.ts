import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

export const COLUMNS = 4;

export const scroller = style({
  height: '400px',
  maxHeight: 'calc(100dvh - 220px)',
  contain: 'strict',
});

/** A row of tiles (an item of the virtual list). */
export const row = style({
  display: 'grid',
  gridTemplateColumns: `repeat(${COLUMNS}, minmax(0, 1fr))`,
  gap: vars.space['2'],
  paddingBottom: vars.space['2'],
  justifyItems: 'center',
});

export const grid = style({
  display: 'grid',
  gridTemplateColumns: `repeat(${COLUMNS}, minmax(0, 1fr))`,
  gap: vars.space['2'],
  justifyItems: 'stretch',
});

export const tileSkeleton = style({ height: '104px' });
