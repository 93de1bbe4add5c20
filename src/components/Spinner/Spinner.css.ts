import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const spinner = style({
  display: 'inline-block',
  borderRadius: vars.radius.full,
  borderStyle: 'solid',
  borderColor: 'currentColor',
  borderInlineEndColor: 'transparent',
  animation: `${spin} 0.8s linear infinite`,
  flexShrink: 0,
  '@media': { '(prefers-reduced-motion: reduce)': { animationDuration: '2.4s' } },
});

export const sizes = styleVariants({
  sm: { width: '14px', height: '14px', borderWidth: '2px' },
  md: { width: '20px', height: '20px', borderWidth: '2px' },
  lg: { width: '32px', height: '32px', borderWidth: '3px' },
});
