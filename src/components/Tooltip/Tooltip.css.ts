import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

const appear = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });

export const positioner = style({ zIndex: vars.zIndex.tooltip });

export const content = style({
  maxWidth: '260px',
  paddingBlock: vars.space['1'],
  paddingInline: vars.space['2'],
  borderRadius: vars.radius.sm,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  lineHeight: vars.lineHeight.normal,
  boxShadow: vars.shadow.md,
  overflowWrap: 'anywhere',
  animation: `${appear} ${vars.duration.fast} ease-out`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});

/** Shades: `inverse` (the default; `shade` is the same) stands out on any surface, `fill` uses the accent. */
export const variants = styleVariants({
  inverse: {
    backgroundColor: vars.color.foreground,
    color: vars.color.background,
    vars: { '--arrow-background': vars.color.foreground },
  },
  default: {
    backgroundColor: vars.color.surfaceRaised,
    color: vars.color.foreground,
    borderWidth: '1px',
    borderColor: vars.color.border,
    vars: { '--arrow-background': vars.color.surfaceRaised },
  },
  fill: {
    backgroundColor: vars.color.accent,
    color: vars.color.accentForeground,
    vars: { '--arrow-background': vars.color.accent },
  },
});

export const arrow = style({ vars: { '--arrow-size': '8px' } });
