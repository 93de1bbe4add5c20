import { type RecipeVariants, recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/contract.css';

export const button = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: vars.space['2'],
    borderRadius: vars.radius.md,
    fontWeight: vars.fontWeight.medium,
    lineHeight: vars.lineHeight.tight,
    cursor: 'pointer',
    userSelect: 'none',
    transition: `background-color ${vars.duration.fast}, opacity ${vars.duration.fast}`,
    selectors: {
      '&:disabled, &[aria-disabled="true"]': { cursor: 'not-allowed', opacity: 0.5 },
    },
    '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
  },
  variants: {
    variant: {
      primary: {
        backgroundColor: vars.color.accent,
        color: vars.color.accentForeground,
        selectors: { '&:hover:not(:disabled)': { opacity: 0.9 } },
      },
      secondary: {
        backgroundColor: vars.color.surface,
        color: vars.color.foreground,
        borderWidth: '1px',
        borderColor: vars.color.border,
        selectors: { '&:hover:not(:disabled)': { backgroundColor: vars.color.border } },
      },
      ghost: {
        backgroundColor: 'transparent',
        color: vars.color.foreground,
        selectors: { '&:hover:not(:disabled)': { backgroundColor: vars.color.surface } },
      },
      danger: {
        backgroundColor: vars.color.error,
        color: vars.color.background,
      },
    },
    size: {
      sm: { height: '32px', paddingInline: vars.space['3'], fontSize: vars.fontSize.sm },
      md: { height: '40px', paddingInline: vars.space['4'], fontSize: vars.fontSize.md },
      lg: { height: '48px', paddingInline: vars.space['5'], fontSize: vars.fontSize.md },
    },
    fullWidth: { true: { width: '100%' } },
    iconOnly: { true: { paddingInline: 0, aspectRatio: '1 / 1' } },
  },
  defaultVariants: { variant: 'primary', size: 'md' },
});

export type ButtonVariants = NonNullable<RecipeVariants<typeof button>>;
