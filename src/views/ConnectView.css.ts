import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

export const legal = style({ fontSize: vars.fontSize.sm, color: vars.color.muted });
globalStyle(`${legal} a`, { color: vars.color.accent, textDecoration: 'underline' });

export const slot = style({ display: 'flex', flexDirection: 'column', gap: vars.space['2'] });

export const allIcon = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '40px',
  height: '40px',
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surface,
  color: vars.color.accent,
});
