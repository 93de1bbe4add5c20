import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

const base = style({ margin: 0, minWidth: 0 });

export const variants = styleVariants({
  title: {
    fontSize: vars.fontSize.lg,
    fontWeight: vars.fontWeight.bold,
    lineHeight: vars.lineHeight.tight,
    color: vars.color.foreground,
  },
  body: {
    fontSize: vars.fontSize.md,
    fontWeight: vars.fontWeight.regular,
    lineHeight: vars.lineHeight.normal,
    color: vars.color.foreground,
  },
  small: {
    fontSize: vars.fontSize.sm,
    fontWeight: vars.fontWeight.regular,
    lineHeight: vars.lineHeight.normal,
    color: vars.color.foreground,
  },
  label: {
    fontSize: vars.fontSize.sm,
    fontWeight: vars.fontWeight.medium,
    lineHeight: vars.lineHeight.tight,
    color: vars.color.foreground,
  },
  mono: {
    fontFamily: vars.font.mono,
    fontSize: vars.fontSize.sm,
    lineHeight: vars.lineHeight.normal,
    color: vars.color.foreground,
    fontVariantNumeric: 'tabular-nums',
  },
  muted: {
    fontSize: vars.fontSize.sm,
    fontWeight: vars.fontWeight.regular,
    lineHeight: vars.lineHeight.normal,
    color: vars.color.muted,
  },
});

export const text = base;

/** One line, ellipsis at the end: untrusted names never push a layout wider. */
export const truncate = style({
  display: 'block',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  maxWidth: '100%',
});

export const align = styleVariants({
  start: { textAlign: 'start' },
  center: { textAlign: 'center' },
  end: { textAlign: 'end' },
});

/** Hidden on screen, read by screen readers. */
export const visuallyHidden = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  borderWidth: 0,
});
