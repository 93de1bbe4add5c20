import { sizes, spinner } from './Spinner.css';

export interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  /** Announced to screen readers; `null` when a surrounding element already says what is loading. */
  label: string | null;
}

export function Spinner({ size = 'md', label }: SpinnerProps) {
  const className = `${spinner} ${sizes[size]}`;
  return label === null ? (
    <span aria-hidden="true" className={className} />
  ) : (
    <span role="status" aria-label={label} className={className} />
  );
}
