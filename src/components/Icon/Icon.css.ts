import { style } from '@vanilla-extract/css';

export const icon = style({
  display: 'inline-block',
  flexShrink: 0,
  verticalAlign: 'middle',
  color: 'inherit',
});

/** Icons that point along the reading direction (back, chevrons) turn around in right-to-left text. */
export const directional = style({ transform: 'scaleX(var(--kw-mirror, 1))' });
