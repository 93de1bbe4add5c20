import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

export const accountButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
  maxWidth: '280px',
});
export const accountName = style({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
export const accountBalance = style({ color: vars.color.muted, fontWeight: vars.fontWeight.regular });
