import { style } from '@vanilla-extract/css';
import { FORCED_COLORS } from '../components/_lib/media';
import { vars } from '../theme/contract.css';

/** The token picker inside the amount box. */
export const tokenButton = style({ whiteSpace: 'nowrap' });

/** A label/value line (network fee, from, to, network). */
export const row = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['3'],
  fontSize: vars.fontSize.sm,
  margin: 0,
});

export const rowLabel = style({ color: vars.color.muted });

export const rowValue = style({
  margin: 0,
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
  minWidth: 0,
  fontVariantNumeric: 'tabular-nums',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const details = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  margin: 0,
  padding: vars.space['3'],
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surface,
  // A surface told apart by its background alone: a border keeps it under forced colours.
  '@media': { [FORCED_COLORS]: { borderWidth: '1px' } },
});

/** The amount being sent, large, in the preview. */
export const amountHero = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space['1'],
  paddingBlock: vars.space['2'],
  textAlign: 'center',
});

export const amountText = style({
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  fontVariantNumeric: 'tabular-nums',
  wordBreak: 'break-all',
});

export const mono = style({ fontFamily: vars.font.mono });

/** A full address on the preview: monospace, wrapping anywhere, so every character can be compared. */
export const fullAddress = style({
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
  wordBreak: 'break-all',
  minWidth: 0,
  unicodeBidi: 'isolate',
});

export const tokenList = style({
  listStyle: 'none',
  padding: 0,
  margin: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['1'],
});
