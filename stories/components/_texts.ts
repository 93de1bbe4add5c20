/**
 * The English texts the stories and visual sheets give the components, which hold no text of their own (the
 * kit's views pass the active locale's catalogue texts; see `src/views/componentTexts.ts`).
 */
import type { TransactionRowLabels } from '../../src/components/TransactionRow/TransactionRow';
import { en } from '../../src/i18n/en';
import { formatMessage } from '../../src/i18n/message';

const c = en.components;

export const modalTexts = { closeLabel: en.modal.close, backLabel: en.modal.back };

export const toastRegionTexts = { label: en.toastRegion.label, dismissLabel: en.toastRegion.dismiss };

export const addressInputTexts = {
  placeholder: en.send.receiverPlaceholder,
  resolvingLabel: en.send.resolving,
};

export const amountInputTexts = {
  maxLabel: c.max,
  tooManyDecimalsMessage: (decimals: number) =>
    decimals === 0 ? c.noDecimals : formatMessage(c.maxDecimals, { count: decimals }, 'en'),
};

export const otpInputTexts = {
  label: en.updateEmail.codeLabel,
  digitLabel: (index: number, length: number) =>
    formatMessage(c.otpDigit, { index: index + 1, length }, 'en'),
};

export const qrCodeTexts = { loadingLabel: c.qrLoading };

export const networkBadgeTexts = { unsupportedLabel: en.components.unsupportedNetwork };

export const spinnerLabel = en.common.loading;

export const transactionRowLabels: TransactionRowLabels = {
  direction: { in: c.received, out: c.sent, self: c.selfTransfer, trade: c.trade },
  status: { pending: c.pending, confirmed: c.confirmed, failed: c.failed },
  explorer: c.explorer,
  newTab: c.newTab,
};
