import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

export const actions = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(64px, 1fr))',
  gap: vars.space['2'],
});
