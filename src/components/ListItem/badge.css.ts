import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { FORCED_COLORS } from '../_lib/media';

/** A small pill for "Installed", "Recent", "Popular": shared by ListItem and WalletTile. */
export const badge = style({
  display: 'inline-flex',
  alignItems: 'center',
  flexShrink: 0,
  maxWidth: '100%',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  paddingBlock: '2px',
  paddingInline: vars.space['2'],
  borderRadius: vars.radius.full,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.medium,
  lineHeight: vars.lineHeight.normal,
  // The tones' rings are shadows and their fills backgrounds, both gone under forced colours: a border.
  '@media': { [FORCED_COLORS]: { borderWidth: '1px' } },
});

export const badgeTones = styleVariants({
  neutral: {
    backgroundColor: vars.color.surface,
    color: vars.color.muted,
    boxShadow: `inset 0 0 0 1px ${vars.color.border}`,
  },
  accent: { backgroundColor: vars.color.accent, color: vars.color.accentForeground },
  success: {
    backgroundColor: vars.color.surface,
    color: vars.color.success,
    boxShadow: `inset 0 0 0 1px ${vars.color.border}`,
  },
});
