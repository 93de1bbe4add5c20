import { style } from '@vanilla-extract/css';
import { vars } from '../../src/theme/contract.css';

export const frame = style({
  width: '100%',
  maxWidth: '400px',
  margin: `${vars.space['6']} auto`,
  padding: vars.space['4'],
  borderRadius: vars.radius.xl,
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: vars.color.border,
  backgroundColor: vars.color.surfaceRaised,
  color: vars.color.foreground,
  boxShadow: vars.shadow.md,
});

export const title = style({
  textAlign: 'center',
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
  marginBottom: vars.space['3'],
});
