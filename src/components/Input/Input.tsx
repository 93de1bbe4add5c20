import { forwardRef, type InputHTMLAttributes, type ReactNode } from 'react';
import { Field } from './Field';
import * as s from './Input.css';

export interface InputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size' | 'children'> {
  label: ReactNode;
  hideLabel?: boolean;
  hint?: ReactNode;
  /** An error message: marks the input invalid and is read with it. */
  error?: ReactNode;
  /** Shown inside the box before the text (an icon). */
  leading?: ReactNode;
  /** Shown inside the box after the text (an icon, a unit, a small button). */
  trailing?: ReactNode;
}

export const Input = forwardRef<HTMLInputElement, InputProps>(function Input(
  { label, hideLabel, hint, error, leading, trailing, id, className, disabled, type = 'text', ...rest },
  ref,
) {
  return (
    <Field label={label} hideLabel={hideLabel} hint={hint} error={error} id={id} className={className}>
      {(control) => (
        <div
          className={s.control}
          data-invalid={control['aria-invalid'] ? '' : undefined}
          data-disabled={disabled ? '' : undefined}
        >
          {leading ? <span className={s.adornment}>{leading}</span> : null}
          <input ref={ref} type={type} className={s.input} disabled={disabled} {...control} {...rest} />
          {trailing ? <span className={s.adornment}>{trailing}</span> : null}
        </div>
      )}
    </Field>
  );
});
