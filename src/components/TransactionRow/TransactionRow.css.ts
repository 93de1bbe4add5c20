import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const row = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['3'],
  width: '100%',
  minHeight: '64px',
  paddingBlock: vars.space['2'],
  paddingInline: vars.space['3'],
  borderRadius: vars.radius.md,
  color: vars.color.foreground,
});

export const iconWrap = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: '40px',
  height: '40px',
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.surface,
  color: vars.color.foreground,
});

export const glyph = style({ width: '20px', height: '20px' });

export const column = style({ display: 'flex', flexDirection: 'column', minWidth: 0 });
export const main = style([column, { flex: '1 1 0%' }]);
export const end = style([column, { flex: '0 0 auto', alignItems: 'flex-end', maxWidth: '40%' }]);

const line = style({
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  maxWidth: '100%',
  lineHeight: vars.lineHeight.normal,
});

export const title = style([line, { fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.medium }]);
export const meta = style([
  line,
  {
    display: 'flex',
    alignItems: 'center',
    gap: vars.space['1'],
    fontSize: vars.fontSize.sm,
    color: vars.color.muted,
  },
]);
export const counterparty = style([line, { minWidth: 0 }]);
export const amount = style([
  line,
  { fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.medium, fontVariantNumeric: 'tabular-nums' },
]);
export const amountIn = style({ color: vars.color.success });
export const secondaryAmount = style([
  line,
  { fontSize: vars.fontSize.sm, color: vars.color.muted, fontVariantNumeric: 'tabular-nums' },
]);

export const status = style({ fontWeight: vars.fontWeight.medium, flexShrink: 0 });
export const statusTones = styleVariants({
  pending: { color: vars.color.warning },
  confirmed: { color: vars.color.success },
  failed: { color: vars.color.error },
});

export const explorer = style({
  flexShrink: 0,
  whiteSpace: 'nowrap',
  fontSize: vars.fontSize.sm,
  color: vars.color.accent,
});

export const dot = style({ flexShrink: 0 });
