import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const root = style({
  display: 'inline-flex',
  alignItems: 'flex-start',
  gap: vars.space['2'],
  cursor: 'pointer',
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.normal,
  color: vars.color.foreground,
  selectors: { '&[data-disabled]': { cursor: 'not-allowed' } },
});

export const control = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: '20px',
  height: '20px',
  marginTop: '1px',
  borderWidth: '1.5px',
  borderColor: vars.color.muted,
  borderRadius: vars.radius.sm,
  backgroundColor: vars.color.background,
  color: vars.color.accentForeground,
  transition: `background-color ${vars.duration.fast}, border-color ${vars.duration.fast}`,
  selectors: {
    '&[data-state="checked"]': { backgroundColor: vars.color.accent, borderColor: vars.color.accent },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
    '&[data-invalid]': { borderColor: vars.color.error },
    '&[data-disabled]': { borderStyle: 'dashed' },
  },
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
});

export const label = style({ minWidth: 0 });

export const error = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['1'],
  marginTop: vars.space['1'],
  fontSize: vars.fontSize.sm,
  color: vars.color.error,
  selectors: { '&:empty': { display: 'none' } },
});
