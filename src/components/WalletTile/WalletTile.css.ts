import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { FORCED_COLORS } from '../_lib/media';

export const tile = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space['2'],
  width: '100%',
  minWidth: '76px',
  maxWidth: '112px',
  paddingBlock: vars.space['3'],
  paddingInline: vars.space['2'],
  borderRadius: vars.radius.lg,
  backgroundColor: vars.color.surface,
  color: vars.color.foreground,
  cursor: 'pointer',
  textAlign: 'center',
  transition: `background-color ${vars.duration.fast}`,
  selectors: {
    '&:hover:not(:disabled)': { backgroundColor: vars.color.border },
    '&:disabled': { cursor: 'not-allowed', opacity: 0.5 },
  },
  '@media': {
    '(prefers-reduced-motion: reduce)': { transition: 'none' },
    // A surface told apart by its background alone: a border keeps it under forced colours.
    [FORCED_COLORS]: {
      borderWidth: '1px',
      selectors: { '&:disabled': { opacity: 1, color: 'GrayText', borderColor: 'GrayText' } },
    },
  },
});

export const name = style({
  display: 'block',
  width: '100%',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.medium,
  lineHeight: vars.lineHeight.normal,
});

export const badgeSlot = style({
  display: 'flex',
  justifyContent: 'center',
  width: '100%',
  minHeight: '18px',
});
