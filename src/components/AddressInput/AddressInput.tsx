import { type ChangeEvent, type ReactNode, useId, useState } from 'react';
import { Field } from '../Input/Field';
import * as inputStyles from '../Input/Input.css';
import { Spinner } from '../Spinner/Spinner';
import * as s from './AddressInput.css';

export interface AddressInputProps {
  label: ReactNode;
  hideLabel?: boolean;
  /** What the user typed: an address or a name. Omit for an uncontrolled field. */
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  placeholder: string;
  /** The name the caller resolved for the typed address, or the name that was typed, shown as text. */
  resolvedName?: string | undefined;
  /** An avatar for the resolved account (e.g. `<Avatar address=… />`). */
  avatar?: ReactNode;
  /** True while the caller resolves the name or address. */
  resolving?: boolean;
  resolvingLabel: string;
  hint?: ReactNode;
  /** The caller's validation result; the field itself validates nothing. */
  error?: ReactNode;
  /** Shown inside the box after the text (e.g. a paste or scan button). */
  trailing?: ReactNode;
  disabled?: boolean;
  name?: string;
  id?: string;
}

/**
 * A text field for a receiver address or name. Purely presentational: the caller validates and resolves,
 * and hands back `resolvedName`, `avatar`, `resolving` and `error` to show.
 */
export function AddressInput({
  label,
  hideLabel,
  value,
  defaultValue = '',
  onValueChange,
  placeholder,
  resolvedName,
  avatar,
  resolving = false,
  resolvingLabel,
  hint,
  error,
  trailing,
  disabled = false,
  name,
  id,
}: AddressInputProps) {
  const [internal, setInternal] = useState(defaultValue);
  const current = value ?? internal;
  const resolvedId = `kw-address-resolved-${useId()}`;
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    if (value === undefined) setInternal(event.target.value);
    onValueChange?.(event.target.value);
  };
  const showResolved = Boolean(resolvedName) && !error;
  return (
    <Field label={label} hideLabel={hideLabel} hint={hint} error={error} id={id}>
      {(control) => (
        <>
          <div
            className={inputStyles.control}
            data-invalid={control['aria-invalid'] ? '' : undefined}
            data-disabled={disabled ? '' : undefined}
          >
            <input
              {...control}
              aria-describedby={
                [showResolved ? resolvedId : null, control['aria-describedby']].filter(Boolean).join(' ') ||
                undefined
              }
              aria-busy={resolving || undefined}
              className={`${inputStyles.input} ${s.mono}`}
              type="text"
              autoComplete="off"
              autoCorrect="off"
              autoCapitalize="off"
              spellCheck={false}
              placeholder={placeholder}
              name={name}
              disabled={disabled}
              value={current}
              onChange={onChange}
            />
            {resolving ? (
              <span className={inputStyles.adornment}>
                <Spinner size="sm" label={resolvingLabel} />
              </span>
            ) : null}
            {trailing ? <span className={inputStyles.adornment}>{trailing}</span> : null}
          </div>
          {showResolved ? (
            <div id={resolvedId} className={s.resolved}>
              {avatar ? <span className={s.avatar}>{avatar}</span> : null}
              <span className={s.resolvedName}>{resolvedName}</span>
            </div>
          ) : null}
        </>
      )}
    </Field>
  );
}
