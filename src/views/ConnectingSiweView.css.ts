import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

export const preview = style({
  margin: 0,
  padding: vars.space['3'],
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surface,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.xs,
  textAlign: 'start',
  width: '100%',
});

export const pre = style({ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', font: 'inherit' });
