import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

export const COLUMNS = 4;

export const scroller = style({
  height: '400px',
  maxHeight: 'calc(100dvh - 220px)',
  overflowY: 'auto',
  overscrollBehavior: 'contain',
  contain: 'strict',
});

export const inner = style({ position: 'relative', width: '100%' });

export const row = style({
  position: 'absolute',
  top: 0,
  insetInlineStart: 0,
  width: '100%',
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
