import {
  type ChangeEvent,
  type ClipboardEvent,
  type FocusEvent,
  type ReactNode,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { countDecimals, exceedsDecimals, parsePastedAmount, sanitizeAmount } from '../../core/decimal';
import { Field } from '../Input/Field';
import * as s from './AmountInput.css';

export interface AmountInputProps {
  label: ReactNode;
  hideLabel?: boolean;
  /** The amount as the user typed it (a decimal string; never a float). Omit for an uncontrolled field. */
  value?: string;
  defaultValue?: string;
  /** Called with the cleaned decimal string: digits and at most one `.`. */
  onValueChange?: (value: string) => void;
  /** Most fractional digits the token allows (its `decimals`). Typing beyond it is refused. */
  decimals?: number;
  /** Shows a "Max" button that calls this (the caller fills in the balance). */
  onMax?: () => void;
  /** The text of the Max button. */
  maxLabel: string;
  /** The value in fiat, already formatted by the caller ("≈ $12.34"). */
  fiatValue?: string | undefined;
  /** Shown after the amount: a token symbol or a token selector. */
  trailing?: ReactNode;
  /** Shown at the end of the label row (e.g. "Balance: 1.5 ETH"). */
  labelAside?: ReactNode;
  hint?: ReactNode;
  /** An error from the caller (e.g. insufficient balance). Takes precedence over the decimals message. */
  error?: ReactNode;
  /** Message when the value has more decimals than allowed (pasted or set from outside); `0`: none allowed. */
  tooManyDecimalsMessage: (decimals: number) => string;
  disabled?: boolean;
  placeholder?: string;
  name?: string;
  id?: string;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
}

/**
 * A decimal-safe amount field. It keeps the user's digits as a string: `,` typed as a decimal separator
 * becomes `.`, anything but digits and one separator is dropped, and the value is never parsed to a number.
 */
export function AmountInput({
  label,
  hideLabel,
  value,
  defaultValue = '',
  onValueChange,
  decimals,
  onMax,
  maxLabel,
  fiatValue,
  trailing,
  labelAside,
  hint,
  error,
  tooManyDecimalsMessage,
  disabled = false,
  placeholder = '0',
  name,
  id,
  onBlur,
}: AmountInputProps) {
  const [internal, setInternal] = useState(() => sanitizeAmount(defaultValue));
  const current = value ?? internal;
  const fiatId = `kw-amount-fiat-${useId()}`;
  const inputRef = useRef<HTMLInputElement>(null);
  // Where the caret belongs after a cleaned value is rendered (React would otherwise put it at the end).
  const pendingCaret = useRef<number | null>(null);
  useLayoutEffect(() => {
    const el = inputRef.current;
    const caret = pendingCaret.current;
    pendingCaret.current = null;
    if (el && caret !== null && document.activeElement === el) el.setSelectionRange(caret, caret);
  });

  const commit = (next: string) => {
    if (next === current) return;
    if (value === undefined) setInternal(next);
    onValueChange?.(next);
  };

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const el = event.target;
    const raw = el.value;
    const caret = el.selectionStart ?? raw.length;
    const next = sanitizeAmount(raw, decimals);
    const typed = (event.nativeEvent as InputEvent).inputType?.startsWith('insert') ?? false;
    // A keystroke that adds a digit beyond the token's decimals is refused (deleting is always allowed).
    const refused =
      typed &&
      decimals !== undefined &&
      exceedsDecimals(next, decimals) &&
      countDecimals(next) > countDecimals(current);
    if (refused || next === current) {
      // React puts the old value back; keep the caret where it was before the refused input.
      const back = Math.max(0, caret - (raw.length - current.length));
      queueMicrotask(() => {
        if (document.activeElement === el) el.setSelectionRange(back, back);
      });
      return;
    }
    if (next !== raw) {
      pendingCaret.current = Math.min(next.length, sanitizeAmount(raw.slice(0, caret), decimals).length);
    }
    commit(next);
  };

  // A pasted amount may carry grouping ("1,234.56"): read it whole, then insert it at the selection.
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData('text/plain');
    const pasted = parsePastedAmount(text, decimals);
    event.preventDefault();
    if (pasted === null) return;
    const el = event.currentTarget;
    const start = el.selectionStart ?? current.length;
    const end = el.selectionEnd ?? current.length;
    const before = current.slice(0, start) + pasted;
    const next = sanitizeAmount(before + current.slice(end), decimals);
    pendingCaret.current = Math.min(next.length, sanitizeAmount(before, decimals).length);
    commit(next);
  };

  const decimalsError =
    decimals !== undefined && exceedsDecimals(current, decimals)
      ? tooManyDecimalsMessage(decimals)
      : undefined;
  const shownError = error || decimalsError;

  return (
    <Field label={label} hideLabel={hideLabel} hint={hint} error={shownError} labelAside={labelAside} id={id}>
      {(control) => (
        <div
          className={s.box}
          data-invalid={control['aria-invalid'] ? '' : undefined}
          data-disabled={disabled ? '' : undefined}
        >
          <div className={s.row}>
            <input
              ref={inputRef}
              {...control}
              aria-describedby={
                [control['aria-describedby'], fiatValue ? fiatId : null].filter(Boolean).join(' ') ||
                undefined
              }
              className={s.amount}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              autoCorrect="off"
              spellCheck={false}
              placeholder={placeholder}
              name={name}
              disabled={disabled}
              value={current}
              onChange={onChange}
              onPaste={onPaste}
              onBlur={onBlur}
            />
            {trailing ? <span className={s.trailing}>{trailing}</span> : null}
          </div>
          {fiatValue !== undefined || onMax ? (
            <div className={s.meta}>
              <span id={fiatId} className={s.fiat}>
                {fiatValue}
              </span>
              {onMax ? (
                <button type="button" className={s.maxButton} onClick={onMax} disabled={disabled}>
                  {maxLabel}
                </button>
              ) : null}
            </div>
          ) : null}
        </div>
      )}
    </Field>
  );
}
