import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

export const qrBox = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '240px',
  height: '240px',
  padding: vars.space['3'],
  borderRadius: vars.radius.lg,
  backgroundColor: '#ffffff',
  color: '#000000',
  borderWidth: '1px',
  borderColor: vars.color.border,
});

export const qrFrame = style({ width: '100%', height: '100%' });
export const qrPattern = style({ fill: '#000000' });
