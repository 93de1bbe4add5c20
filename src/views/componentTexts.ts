/**
 * The texts the views give the presentational components (`src/components` holds no text of its own): built
 * from the active catalogue, so a component reads the same locale as the view around it.
 */
import type { TransactionRowLabels } from '../components/TransactionRow/TransactionRow';
import type { KitMessages } from '../i18n/useMessages';

/** `AmountInput`'s message for an amount with more decimals than the token has. */
export function tooManyDecimalsText(m: KitMessages): (decimals: number) => string {
  return (decimals) =>
    decimals === 0 ? m.components.noDecimals : m.components.maxDecimals({ count: decimals });
}

/** `OtpInput`'s name of one box (`index` counts from 0, the text from 1). */
export function otpDigitText(m: KitMessages): (index: number, length: number) => string {
  return (index, length) => m.components.otpDigit({ index: index + 1, length });
}

/** `TransactionRow`'s direction and status words and its explorer link. */
export function transactionRowLabels(m: KitMessages): TransactionRowLabels {
  const t = m.components;
  return {
    direction: { in: t.received, out: t.sent, self: t.selfTransfer, trade: t.trade },
    status: { pending: t.pending, confirmed: t.confirmed, failed: t.failed },
    explorer: t.explorer,
    newTab: t.newTab,
  };
}
