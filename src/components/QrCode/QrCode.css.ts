import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { lightColors } from '../../theme/tokens';
import { FORCED_COLORS } from '../_lib/media';

const pulse = keyframes({ '0%, 100%': { opacity: 1 }, '50%': { opacity: 0.55 } });

/**
 * The card around the code. It keeps the light theme's colours in every mode: scanners read dark modules on
 * a light ground far more reliably than the inverse.
 */
export const card = style({
  vars: {
    [vars.color.background]: lightColors.background,
    [vars.color.foreground]: lightColors.foreground,
    [vars.color.surface]: lightColors.surface,
    [vars.color.border]: lightColors.border,
  },
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 'var(--kw-qr-size, 240px)',
  height: 'var(--kw-qr-size, 240px)',
  padding: vars.space['2'],
  backgroundColor: vars.color.background,
  borderWidth: '1px',
  borderColor: vars.color.border,
  borderRadius: vars.radius.lg,
  // Dark modules on a light ground under forced colours too: a scanner cannot read a code the palette
  // repainted (light on dark in a dark high-contrast theme). The card's own colours are already fixed above.
  '@media': { [FORCED_COLORS]: { forcedColorAdjust: 'none' } },
});

export const root = style({ width: '100%', height: '100%' });

export const frame = style({ display: 'block', width: '100%', height: '100%' });

export const pattern = style({ fill: vars.color.foreground });

export const overlay = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  // At most about 5 % of the area: well within what high error correction (30 %) recovers.
  width: '22%',
  height: '22%',
  padding: '4px',
  backgroundColor: vars.color.background,
  borderRadius: vars.radius.md,
});

export const logo = style({
  width: '100%',
  height: '100%',
  objectFit: 'contain',
  borderRadius: vars.radius.sm,
});

export const placeholder = style({
  width: '100%',
  height: '100%',
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surface,
  animation: `${pulse} 1.6s ease-in-out infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});

/** The placeholder's text when it is shown: centred on the placeholder, muted. */
export const loadingLabel = style({
  position: 'absolute',
  inset: vars.space['4'],
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  textAlign: 'center',
  fontSize: vars.fontSize.sm,
  color: lightColors.muted,
});

export const visuallyHidden = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
});
