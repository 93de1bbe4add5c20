import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

export const section = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  padding: vars.space['3'],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  margin: 0,
});

export const heading = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.muted,
});

export const value = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  color: vars.color.foreground,
  overflowWrap: 'anywhere',
});
