import * as c from './Button.css';

export interface ButtonVariants {
  variant?: keyof typeof c.variant;
  size?: keyof typeof c.size;
  fullWidth?: boolean;
  iconOnly?: boolean;
}

/** The button's classes: base, then the variant (default primary) and size (default md), then the flags. */
export function button({ variant, size, fullWidth, iconOnly }: ButtonVariants = {}): string {
  let cls = `${c.base} ${c.variant[variant ?? 'primary']} ${c.size[size ?? 'md']}`;
  if (fullWidth) cls += ` ${c.fullWidth}`;
  if (iconOnly) cls += ` ${c.iconOnly}`;
  return cls;
}
