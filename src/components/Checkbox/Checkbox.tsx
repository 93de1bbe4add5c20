import { Checkbox as ArkCheckbox } from '@ark-ui/react';
import { type ReactNode, useId } from 'react';
import { CheckIcon, ErrorIcon } from '../Icon/Icon';
import * as s from './Checkbox.css';

export interface CheckboxProps {
  /** The label; may contain links (terms, privacy policy): clicking a link does not toggle the box. */
  children: ReactNode;
  checked?: boolean;
  defaultChecked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
  /** Must be checked before the form goes on (e.g. legal consent). */
  required?: boolean;
  /** An error message, e.g. when the user tries to continue without consenting. */
  error?: string | undefined;
  disabled?: boolean;
  name?: string;
  value?: string;
}

/** A checkbox with a rich label (Ark Checkbox), for legal consent and similar opt-ins. */
export function Checkbox({
  children,
  checked,
  defaultChecked,
  onCheckedChange,
  required = false,
  error,
  disabled = false,
  name,
  value,
}: CheckboxProps) {
  const errorId = `kw-checkbox-${useId()}-error`;
  const invalid = Boolean(error);
  return (
    <div>
      <ArkCheckbox.Root
        className={s.root}
        checked={checked}
        defaultChecked={defaultChecked}
        onCheckedChange={(details) => onCheckedChange?.(details.checked === true)}
        required={required}
        invalid={invalid}
        disabled={disabled}
        name={name}
        value={value}
      >
        <ArkCheckbox.Control className={s.control}>
          <ArkCheckbox.Indicator>
            <CheckIcon size={14} strokeWidth={3} />
          </ArkCheckbox.Indicator>
        </ArkCheckbox.Control>
        <ArkCheckbox.Label className={s.label}>{children}</ArkCheckbox.Label>
        <ArkCheckbox.HiddenInput aria-describedby={invalid ? errorId : undefined} />
      </ArkCheckbox.Root>
      <p id={errorId} className={s.error} aria-live="polite">
        {invalid ? (
          <>
            <ErrorIcon size={16} />
            <span>{error}</span>
          </>
        ) : null}
      </p>
    </div>
  );
}
