import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

const enter = keyframes({
  from: { opacity: 0, transform: 'translateY(-6px)' },
  to: { opacity: 1, transform: 'none' },
});

export const region = style({
  position: 'fixed',
  // Centred in both directions: inline insets with auto margins, not left + translate.
  insetInline: 0,
  marginInline: 'auto',
  zIndex: vars.zIndex.toast,
  width: 'max-content',
  maxWidth: 'calc(100vw - 32px)',
  pointerEvents: 'none',
});

export const placement = styleVariants({
  top: { top: vars.space['4'] },
  bottom: { bottom: vars.space['4'] },
});

export const list = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space['2'],
  listStyle: 'none',
});

export const toast = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  maxWidth: '360px',
  minHeight: '40px',
  paddingBlock: vars.space['1'],
  paddingInlineStart: vars.space['3'],
  paddingInlineEnd: vars.space['1'],
  backgroundColor: vars.color.surfaceRaised,
  color: vars.color.foreground,
  borderWidth: '1px',
  borderColor: vars.color.border,
  borderRadius: vars.radius.full,
  boxShadow: vars.shadow.md,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  pointerEvents: 'auto',
  animation: `${enter} ${vars.duration.normal} ease-out`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});

export const message = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  minWidth: 0,
  overflowWrap: 'anywhere',
});

export const icon = styleVariants({
  success: { color: vars.color.success, display: 'inline-flex' },
  error: { color: vars.color.error, display: 'inline-flex' },
});
