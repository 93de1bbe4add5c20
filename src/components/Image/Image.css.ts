import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const frame = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  overflow: 'hidden',
  backgroundColor: vars.color.surface,
  color: vars.color.muted,
});

export const img = style({
  width: '100%',
  height: '100%',
  objectFit: 'cover',
});

export const sizes = styleVariants({
  xs: { width: '16px', height: '16px' },
  sm: { width: '20px', height: '20px' },
  md: { width: '32px', height: '32px' },
  lg: { width: '40px', height: '40px' },
  xl: { width: '56px', height: '56px' },
  xxl: { width: '72px', height: '72px' },
  fill: { width: '100%', height: '100%' },
});

export const shapes = styleVariants({
  square: { borderRadius: 0 },
  rounded: { borderRadius: vars.radius.md },
  circle: { borderRadius: vars.radius.full },
});

export const fallbackGlyph = style({
  width: '55%',
  height: '55%',
  opacity: 0.8,
});
