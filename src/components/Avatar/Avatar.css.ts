import { createVar, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

const from = createVar();
const to = createVar();

/** Twelve hues, 30° apart: with two picks and four angles, 576 static gradients (no inline styles, CSP-safe). */
export const HUE_COUNT = 12;
const hues = Array.from({ length: HUE_COUNT }, (_, i) => i * 30);

export const fromHue = hues.map((h) => style({ vars: { [from]: `hsl(${h} 78% 62%)` } }));
export const toHue = hues.map((h) => style({ vars: { [to]: `hsl(${h} 72% 42%)` } }));

export const angles = [
  style({ backgroundImage: `linear-gradient(135deg, ${from}, ${to})` }),
  style({ backgroundImage: `linear-gradient(45deg, ${from}, ${to})` }),
  style({ backgroundImage: `radial-gradient(circle at 30% 30%, ${from}, ${to})` }),
  style({ backgroundImage: `linear-gradient(200deg, ${from}, ${to})` }),
];

export const avatar = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  overflow: 'hidden',
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.surface,
  color: vars.color.muted,
  boxShadow: `inset 0 0 0 1px ${vars.color.border}`,
});

export const sizes = styleVariants({
  sm: { width: '24px', height: '24px' },
  md: { width: '32px', height: '32px' },
  lg: { width: '48px', height: '48px' },
  xl: { width: '72px', height: '72px' },
});

export const placeholderGlyph = style({ width: '60%', height: '60%' });
