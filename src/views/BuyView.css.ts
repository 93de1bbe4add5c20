import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

export const fieldLabel = style({ fontSize: vars.fontSize.sm, color: vars.color.muted, padding: 0 });

/** A group of radio choices (payment method, provider) without the fieldset's frame. */
export const choices = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['2'],
  margin: 0,
  padding: 0,
  border: 0,
  minWidth: 0,
});

/** One radio choice: the native radio and its text, framed; the chosen one in the accent colour. */
export const choice = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space['2'],
  flex: '1 1 auto',
  padding: vars.space['2'],
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  cursor: 'pointer',
  selectors: { '&:has(input:checked)': { borderColor: vars.color.accent } },
});

export const choiceBody = style({ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 });

export const providerName = style({ fontWeight: 600 });

/** "Provider unavailable: estimated" beside fallback figures. */
export const estimate = style({ color: vars.color.warning, fontSize: vars.fontSize.sm, margin: 0 });

export const link = style({ color: vars.color.accent, fontWeight: 600, wordBreak: 'break-all' });
