import { sizes, spinner } from './Spinner.css';

export interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  /** Announced to screen readers; `null` when a surrounding element already says what is loading. */
  label: string | null;
}

export function Spinner({ size = 'md', label }: SpinnerProps) {
  if (label === null) return <span aria-hidden="true" className={`${spinner} ${sizes[size]}`} />;
  return <span role="status" aria-label={label} className={`${spinner} ${sizes[size]}`} />;
}
