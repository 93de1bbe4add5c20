import { PinInput } from '@ark-ui/react';
import { type KeyboardEvent, useId } from 'react';
import { asciiDigits } from '../../core/decimal';
import { ErrorIcon } from '../Icon/Icon';
import * as s from './OtpInput.css';

export const OTP_LENGTH = 6;
const INDEXES = Array.from({ length: OTP_LENGTH }, (_, i) => i);

export interface OtpInputProps {
  /** Visible label of the group of boxes. */
  label: string;
  /** Called once all six digits are in, with the code as a string. */
  onComplete?: (code: string) => void;
  /** Called on every change with the digits entered so far. */
  onChange?: (code: string) => void;
  /** Controlled value; omit to let the component hold the digits. */
  value?: string;
  defaultValue?: string;
  /** An error message: the boxes turn invalid and the message is read with them. */
  error?: string | undefined;
  disabled?: boolean;
  autoFocus?: boolean;
  /** Accessible name of each box ("Digit 1 of 6"): `index` counts from 0. */
  digitLabel: (index: number, length: number) => string;
}

/**
 * The digits a box takes: ASCII, and those of the keyboards `asciiDigits` reads (Arabic-Indic, Persian,
 * Devanagari, Thai, fullwidth). The code leaves the component in ASCII digits.
 */
const DIGIT = '0-9\u0660-\u0669\u06f0-\u06f9\u0966-\u096f\u0e50-\u0e59\uff10-\uff19';
const DIGITS_PATTERN = `^[${DIGIT}]+$`;
const ONE_DIGIT = new RegExp(`^[${DIGIT}]$`);

const toArray = (code: string | undefined) => {
  if (code === undefined) return undefined;
  const ascii = asciiDigits(code);
  return INDEXES.map((i) => (/\d/.test(ascii[i] ?? '') ? (ascii[i] as string) : ''));
};

/** Printable keys other than digits never reach the boxes (also where `beforeinput` is not delivered). */
function refuseNonDigitKey(event: KeyboardEvent<HTMLInputElement>) {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.key.length === 1 && !ONE_DIGIT.test(event.key)) event.preventDefault();
}

/** Six numeric boxes for a one-time code (Ark PinInput). Pasting a code into any box fills all six. */
export function OtpInput({
  label,
  onComplete,
  onChange,
  value,
  defaultValue,
  error,
  disabled = false,
  autoFocus = false,
  digitLabel,
}: OtpInputProps) {
  const id = useId();
  const labelId = `kw-otp-${id}-label`;
  const errorId = `kw-otp-${id}-error`;
  const invalid = Boolean(error);
  return (
    <PinInput.Root
      className={s.root}
      count={OTP_LENGTH}
      type="numeric"
      pattern={DIGITS_PATTERN}
      otp
      placeholder=""
      invalid={invalid}
      disabled={disabled}
      autoFocus={autoFocus}
      value={toArray(value)}
      defaultValue={toArray(defaultValue)}
      ids={{ label: labelId }}
      translations={{ inputLabel: digitLabel }}
      // A code copied from an email often carries spaces or a dash ("123 456", "123-456").
      sanitizeValue={(pasted) => asciiDigits(pasted).replace(/[\s-]/g, '')}
      onValueChange={(details) => onChange?.(asciiDigits(details.valueAsString))}
      onValueComplete={(details) => onComplete?.(asciiDigits(details.valueAsString))}
    >
      <PinInput.Label className={s.label}>{label}</PinInput.Label>
      <PinInput.Control className={s.control} role="group" aria-labelledby={labelId}>
        {INDEXES.map((index) => (
          <PinInput.Input
            key={index}
            index={index}
            className={s.cell}
            aria-describedby={invalid ? errorId : undefined}
            onKeyDown={refuseNonDigitKey}
          />
        ))}
      </PinInput.Control>
      <PinInput.HiddenInput />
      <p id={errorId} className={s.error} aria-live="polite">
        {invalid ? (
          <>
            <ErrorIcon size={16} />
            <span>{error}</span>
          </>
        ) : null}
      </p>
    </PinInput.Root>
  );
}
