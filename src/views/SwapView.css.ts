import { style } from '@vanilla-extract/css';
import { FORCED_COLORS } from '../components/_lib/media';
import { vars } from '../theme/contract.css';

/** The flip button between the two token fields. */
export const flipRow = style({
  display: 'flex',
  justifyContent: 'center',
  marginBlock: `calc(${vars.space['2']} * -1)`,
});

export const details = style({
  display: 'grid',
  gap: vars.space['1'],
  margin: 0,
  padding: vars.space['3'],
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  fontSize: vars.fontSize.sm,
  // A surface told apart by its background alone: a border keeps it under forced colours.
  '@media': { [FORCED_COLORS]: { borderWidth: '1px' } },
});

export const row = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space['2'],
  margin: 0,
});
export const label = style({ color: vars.color.muted });
export const value = style({
  margin: 0,
  textAlign: 'end',
  fontVariantNumeric: 'tabular-nums',
  // Each value takes the direction of its own first letter: `1 ETH = 3,173 USDC` and `0.008 ETH` read left to
  // right in a right-to-left modal, a translated word (`Unknown`) in its own direction.
  unicodeBidi: 'plaintext',
});

export const warn = style({ color: vars.color.warning });
export const danger = style({ color: vars.color.error });

export const slippage = style({
  display: 'flex',
  gap: vars.space['1'],
  alignItems: 'center',
  flexWrap: 'wrap',
});

export const toField = style({
  display: 'grid',
  gap: vars.space['1'],
  padding: vars.space['3'],
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
});
export const toAmount = style({
  fontSize: vars.fontSize.lg,
  fontVariantNumeric: 'tabular-nums',
  minHeight: '1.5em',
});
export const toHeader = style({
  display: 'flex',
  // The token picker goes under the amount when both do not fit on a line (a narrow screen).
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space['2'],
});

export const steps = style({
  display: 'grid',
  gap: vars.space['2'],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});
export const step = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space['2'],
  padding: vars.space['3'],
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
});

export const viewport = style({
  height: '360px',
  borderRadius: vars.radius.md,
});
export const groupLabel = style({
  margin: 0,
  paddingBlock: vars.space['2'],
  paddingInline: vars.space['3'],
  fontSize: vars.fontSize.sm,
  color: vars.color.muted,
});
