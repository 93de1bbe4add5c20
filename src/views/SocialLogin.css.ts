import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

/** The row of provider buttons on the Connect view. */
export const row = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(40px, 1fr))',
  gap: vars.space['2'],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const providerButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '100%',
  minHeight: '44px',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surface,
  color: vars.color.foreground,
  cursor: 'pointer',
  selectors: {
    '&:hover': { borderColor: vars.color.accent },
    '&:focus-visible': { outline: `2px solid ${vars.color.accent}`, outlineOffset: '2px' },
  },
});

/** A provider's brand mark (an inline SVG) on a neutral tile. */
export const mark = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '28px',
  height: '28px',
  borderRadius: vars.radius.sm,
  backgroundColor: vars.color.background,
  color: vars.color.foreground,
  lineHeight: 0,
});

export const bigMark = style([mark, { width: '64px', height: '64px', borderRadius: vars.radius.lg }]);

export const link = style({
  color: vars.color.accent,
  textDecoration: 'underline',
  fontSize: vars.fontSize.sm,
  wordBreak: 'break-all',
});
