import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { NARROW } from '../_lib/media';

/** Below this width the modal is a bottom sheet. */
const SHEET = '(max-width: 479.98px)';
const REDUCED = '(prefers-reduced-motion: reduce)';

// The open is short (the theme's fast duration, 100 ms): the modal reads as there within a few frames of the
// click. Reduced motion: none.
const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });
// The card is opaque after 60% of the open (60 ms); its small rise settles over the whole of it.
const popIn = keyframes({
  from: { opacity: 0, transform: 'translateY(8px) scale(0.98)' },
  '60%': { opacity: 1 },
  to: { opacity: 1, transform: 'none' },
});
const slideUp = keyframes({ from: { transform: 'translateY(100%)' }, to: { transform: 'none' } });
const shake = keyframes({
  '0%, 100%': { translate: '0 0' },
  '15%, 55%': { translate: '-8px 0' },
  '35%, 75%': { translate: '8px 0' },
  '90%': { translate: '-3px 0' },
});

export const backdrop = style({
  position: 'fixed',
  inset: 0,
  zIndex: vars.zIndex.modal,
  backgroundColor: vars.color.overlay,
  animation: `${fadeIn} ${vars.duration.fast} ease-out`,
  '@media': { [REDUCED]: { animation: 'none' } },
});

export const positioner = style({
  position: 'fixed',
  inset: 0,
  zIndex: vars.zIndex.modal,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: vars.space['4'],
  animation: `${popIn} ${vars.duration.fast} ease-out`,
  '@media': {
    [SHEET]: {
      alignItems: 'flex-end',
      padding: 0,
      animation: `${slideUp} ${vars.duration.fast} ease-out`,
    },
    [REDUCED]: { animation: 'none' },
  },
});

export const content = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  width: '100%',
  maxWidth: '400px',
  maxHeight: 'min(640px, calc(100dvh - 32px))',
  backgroundColor: vars.color.surfaceRaised,
  color: vars.color.foreground,
  borderRadius: vars.radius.xl,
  borderWidth: '1px',
  borderColor: vars.color.border,
  boxShadow: vars.shadow.lg,
  overflow: 'hidden',
  outline: 'none',
  selectors: {
    // Shake runs once each time the attribute appears; its length is the theme's shake duration (500 ms).
    '&[data-shake]': { animation: `${shake} ${vars.duration.shake} ease-in-out` },
  },
  '@media': {
    [SHEET]: {
      maxWidth: 'none',
      maxHeight: 'calc(100dvh - 24px)',
      borderBottomWidth: 0,
      borderRadius: `${vars.radius.xl} ${vars.radius.xl} 0 0`,
      // Clear of the home indicator on phones with one.
      paddingBottom: 'env(safe-area-inset-bottom, 0px)',
    },
    // Reduced motion: no shake; the card's outline turns the error colour for the same 500 ms instead.
    [REDUCED]: {
      selectors: { '&[data-shake]': { animation: 'none', boxShadow: `0 0 0 2px ${vars.color.error}` } },
    },
  },
});

export const header = style({
  display: 'grid',
  gridTemplateColumns: '40px 1fr 40px',
  alignItems: 'center',
  gap: vars.space['2'],
  padding: `${vars.space['4']} ${vars.space['4']} ${vars.space['2']}`,
  flexShrink: 0,
});

export const title = style({
  gridColumn: 2,
  textAlign: 'center',
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  // Narrow: the title has a line of its own under Back and Close, and wraps instead of being cut.
  '@media': {
    [NARROW]: { gridColumn: '1 / -1', gridRow: 2, whiteSpace: 'normal', overflowWrap: 'anywhere' },
  },
});

export const backSlot = style({ gridColumn: 1, gridRow: 1, justifySelf: 'start' });
export const closeSlot = style({ gridColumn: 3, gridRow: 1, justifySelf: 'end' });

export const body = style({
  flex: '1 1 auto',
  minHeight: 0,
  overflowY: 'auto',
  overscrollBehavior: 'contain',
  padding: `${vars.space['2']} ${vars.space['4']} ${vars.space['4']}`,
});

export const footer = style({
  flexShrink: 0,
  padding: vars.space['4'],
  borderTopWidth: '1px',
  borderColor: vars.color.border,
  color: vars.color.muted,
  fontSize: vars.fontSize.sm,
});
