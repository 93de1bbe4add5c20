import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space['2'], width: '100%' });

export const row = style({ display: 'flex', gap: vars.space['2'], alignItems: 'flex-end' });

export const grow = style({ flex: '1 1 auto', minWidth: 0 });

export const email = style({ fontWeight: 600, overflowWrap: 'anywhere' });

/** Holds the modal body's place while the secure frame's own approval screen is shown over it. */
export const approvalArea = style({
  position: 'relative',
  minHeight: '420px',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space['3'],
  textAlign: 'center',
});
