import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

/** A labelled native select (currency, method, network, provider). */
export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space['1'], minWidth: 0 });

export const fieldLabel = style({ fontSize: vars.fontSize.sm, color: vars.color.muted });

export const select = style({
  appearance: 'auto',
  minHeight: 40,
  paddingInline: vars.space['2'],
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.foreground,
  font: 'inherit',
  ':focus-visible': { outline: `2px solid ${vars.color.accent}`, outlineOffset: 1 },
});

export const grid = style({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: vars.space['3'] });

/** "Provider unavailable: estimated" beside fallback figures. */
export const estimate = style({ color: vars.color.warning, fontSize: vars.fontSize.sm, margin: 0 });

export const link = style({ color: vars.color.accent, fontWeight: 600, wordBreak: 'break-all' });
