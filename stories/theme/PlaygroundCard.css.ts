import { style } from '@vanilla-extract/css';
import { vars } from '../../src/theme/contract.css';

/** The page behind the card: follows the theme so dark mode shows a dark page. */
export const page = style({
  display: 'flex',
  justifyContent: 'center',
  alignItems: 'flex-start',
  padding: vars.space['6'],
  backgroundColor: vars.color.background,
  color: vars.color.foreground,
  fontFamily: vars.font.family,
});

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['4'],
  width: '100%',
  maxWidth: '400px',
  padding: vars.space['5'],
  borderRadius: vars.radius.xl,
  backgroundColor: vars.color.surfaceRaised,
  boxShadow: `${vars.shadow.lg}, inset 0 0 0 1px ${vars.color.border}`,
});

export const header = style({
  display: 'grid',
  gridTemplateColumns: '40px 1fr 40px',
  alignItems: 'center',
});

export const title = style({ textAlign: 'center' });

export const tiles = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(4, minmax(0, 1fr))',
  gap: vars.space['2'],
  justifyItems: 'center',
});

export const list = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  listStyle: 'none',
});

export const section = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
});
