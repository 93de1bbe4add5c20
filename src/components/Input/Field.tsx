import { type ReactNode, useId } from 'react';
import { ErrorIcon } from '../Icon/Icon';
import * as s from './Input.css';

/** What a field hands to its control so label, hint and error are wired for assistive technology. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldProps {
  label: ReactNode;
  /** Keeps the label for screen readers only, when the context already shows what the field is for. */
  hideLabel?: boolean | undefined;
  hint?: ReactNode;
  /** Any error marks the control invalid and is read with it. */
  error?: ReactNode;
  /** Shown at the end of the label row (e.g. a balance). */
  labelAside?: ReactNode;
  id?: string | undefined;
  className?: string | undefined;
  children: (control: FieldControlProps) => ReactNode;
}

/** Label, hint and error around one control, with `aria-invalid` and `aria-describedby` set on it. */
export function Field({ label, hideLabel, hint, error, labelAside, id, className, children }: FieldProps) {
  const auto = useId();
  const controlId = id ?? `kw-field-${auto}`;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const hasError = error !== undefined && error !== null && error !== false && error !== '';
  const describedBy =
    [hint ? hintId : null, hasError ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className ? `${s.field} ${className}` : s.field}>
      <div className={hideLabel ? s.visuallyHidden : s.labelRow}>
        <label htmlFor={controlId} className={s.label}>
          {label}
        </label>
        {labelAside}
      </div>
      {children({ id: controlId, 'aria-invalid': hasError || undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <p id={hintId} className={s.hint}>
          {hint}
        </p>
      ) : null}
      {/* Always present so a new error is announced politely as it appears. */}
      <p id={errorId} className={s.error} aria-live="polite">
        {hasError ? (
          <>
            <ErrorIcon size={16} />
            <span>{error}</span>
          </>
        ) : null}
      </p>
    </div>
  );
}
