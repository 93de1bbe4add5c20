import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

/** A vertical stack of view sections. */
export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space['3'] });

/** A centred status block: picture, title, explanation, actions. */
export const status = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space['3'],
  paddingBlock: vars.space['4'],
  textAlign: 'center',
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  gap: vars.space['2'],
  width: '100%',
});

// No bullets and no indent whatever the host's reset (a page without one showed bullets beside each row).
export const list = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const muted = style({ color: vars.color.muted, fontSize: vars.fontSize.sm });

export const errorText = style({ color: vars.color.error, fontSize: vars.fontSize.sm });

/** A wallet or network picture with a ring that pulses while waiting. */
const pulse = keyframes({
  '0%, 100%': { boxShadow: `0 0 0 0 ${vars.color.accent}` },
  '50%': { boxShadow: `0 0 0 6px transparent` },
});
export const waitingPicture = style({
  display: 'inline-flex',
  borderRadius: vars.radius.lg,
  selectors: {
    '&[data-state="waiting"]': { animation: `${pulse} 1.6s ease-in-out infinite` },
    '&[data-state="failed"]': { boxShadow: `0 0 0 2px ${vars.color.error}` },
  },
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});
