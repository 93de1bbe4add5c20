import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const resolved = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  minWidth: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.foreground,
});

export const resolvedName = style({
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  fontWeight: vars.fontWeight.medium,
});

export const avatar = style({ display: 'inline-flex', flexShrink: 0 });

export const mono = style({ fontFamily: vars.font.mono, fontSize: vars.fontSize.sm });
