import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

const pulse = keyframes({
  '0%': { opacity: 1 },
  '50%': { opacity: 0.45 },
  '100%': { opacity: 1 },
});

export const skeleton = style({
  display: 'block',
  flexShrink: 0,
  backgroundColor: vars.color.border,
  animation: `${pulse} 1.6s ease-in-out infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});

export const shapes = styleVariants({
  text: { height: '0.9em', borderRadius: vars.radius.sm },
  title: { height: '1.3em', borderRadius: vars.radius.sm },
  circle: { borderRadius: vars.radius.full, aspectRatio: '1 / 1' },
  rect: { borderRadius: vars.radius.md },
  tile: { borderRadius: vars.radius.lg, width: '76px', height: '100px' },
});

export const widths = styleVariants({
  full: { width: '100%' },
  '3/4': { width: '75%' },
  '1/2': { width: '50%' },
  '1/3': { width: '33%' },
  '1/4': { width: '25%' },
});

export const circleSizes = styleVariants({
  sm: { width: '24px' },
  md: { width: '40px' },
  lg: { width: '56px' },
});

export const rectHeights = styleVariants({
  sm: { height: '40px' },
  md: { height: '56px' },
  lg: { height: '120px' },
});

export const region = style({ position: 'relative' });

export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space['2'] });
