import { type ButtonHTMLAttributes, forwardRef, type ReactNode } from 'react';
import { Spinner } from '../Spinner/Spinner';
import { button } from './buttonClass';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'ghost' | 'danger';
  size?: 'sm' | 'md' | 'lg';
  fullWidth?: boolean;
  /** Shows a spinner, keeps the label for screen readers, and blocks clicks. */
  loading?: boolean;
  leadingIcon?: ReactNode;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  {
    variant,
    size,
    fullWidth,
    loading = false,
    leadingIcon,
    className,
    children,
    disabled,
    type,
    onClick,
    ...rest
  },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type ?? 'button'}
      className={[button({ variant, size, fullWidth }), className].filter(Boolean).join(' ')}
      disabled={disabled}
      aria-busy={loading || undefined}
      aria-disabled={loading || undefined}
      onClick={loading ? (e) => e.preventDefault() : onClick}
      {...rest}
    >
      {loading ? <Spinner size="sm" label={null} /> : leadingIcon}
      {children}
    </button>
  );
});

type IconButtonBase = Omit<ButtonProps, 'children' | 'leadingIcon' | 'fullWidth'> & { icon: ReactNode };
/** An icon-only button must carry an accessible name: the type requires `aria-label` or `aria-labelledby`. */
export type IconButtonProps = IconButtonBase &
  (
    | { 'aria-label': string; 'aria-labelledby'?: string }
    | { 'aria-label'?: undefined; 'aria-labelledby': string }
  );

export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
  { icon, variant = 'ghost', size, className, ...rest },
  ref,
) {
  const label = rest['aria-label'];
  const labelledBy = rest['aria-labelledby'];
  if (!label?.trim() && !labelledBy?.trim() && import.meta.env?.DEV) {
    console.error('Keyway IconButton: an icon-only button needs an aria-label or aria-labelledby.');
  }
  return (
    <button
      ref={ref}
      type="button"
      className={[button({ variant, size, iconOnly: true }), className].filter(Boolean).join(' ')}
      {...rest}
    >
      <span aria-hidden="true" style={{ display: 'contents' }}>
        {icon}
      </span>
    </button>
  );
});
