import { style } from '@vanilla-extract/css';
import { vars } from '../src/theme/contract.css';

export const previewPage = style({
  minHeight: '100vh',
  padding: vars.space['6'],
  backgroundColor: vars.color.background,
  color: vars.color.foreground,
});
