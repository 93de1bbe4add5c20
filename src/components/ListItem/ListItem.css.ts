import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const row = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['3'],
  width: '100%',
  minHeight: '56px',
  paddingBlock: vars.space['2'],
  paddingInline: vars.space['3'],
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surface,
  color: vars.color.foreground,
  textAlign: 'start',
  textDecoration: 'none',
  cursor: 'pointer',
  transition: `background-color ${vars.duration.fast}`,
  selectors: {
    '&:hover:not(:disabled):not([aria-disabled="true"])': { backgroundColor: vars.color.border },
    '&:disabled, &[aria-disabled="true"]': { cursor: 'not-allowed', opacity: 0.5 },
  },
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
});

// `a` inside the kit is styled as an inline link by the root reset: a row link looks like a row.
export const link = style({
  color: vars.color.foreground,
  textDecoration: 'none',
});

export const body = style({
  display: 'flex',
  flexDirection: 'column',
  flex: '1 1 auto',
  minWidth: 0,
});

export const name = style({
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.medium,
  lineHeight: vars.lineHeight.normal,
});

export const description = style({
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  fontSize: vars.fontSize.sm,
  color: vars.color.muted,
  lineHeight: vars.lineHeight.normal,
});

export const chevron = style({
  flexShrink: 0,
  width: '16px',
  height: '16px',
  color: vars.color.muted,
  // Points forwards along the reading direction (`--kw-mirror`: -1 in right-to-left text, root.css.ts).
  transform: 'scaleX(var(--kw-mirror, 1))',
});

export const inert = style({ cursor: 'not-allowed', opacity: 0.5 });
