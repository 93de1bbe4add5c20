import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

export const suffix = style({ color: vars.color.muted, fontSize: vars.fontSize.sm });

export const suggestions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['2'],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const available = style({ color: vars.color.success, fontSize: vars.fontSize.sm });

export const name = style({
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
  overflowWrap: 'anywhere',
});

export const address = style({
  color: vars.color.muted,
  fontSize: vars.fontSize.sm,
  fontFamily: vars.font.mono,
  overflowWrap: 'anywhere',
});

/** The one-time offer in the Account view. */
export const offer = style({
  display: 'grid',
  gap: vars.space['2'],
  padding: vars.space['3'],
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  textAlign: 'center',
});
