import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

export const accountButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
  maxWidth: '22rem',
});
// A short address (0x1234…abcd) always fits; only a long profile name is cut with an ellipsis. The balance
// never wraps (it used to take the room and cut the address to "0xf39F…2…").
export const accountName = style({
  minWidth: '13ch',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});
export const accountBalance = style({
  color: vars.color.muted,
  fontWeight: vars.fontWeight.regular,
  whiteSpace: 'nowrap',
  flexShrink: 0,
});
