import { style } from '@vanilla-extract/css';

export const tokenButton = style({ whiteSpace: 'nowrap' });
