import { useEffect, useId } from 'react';
import { capText, MAX_TEXT } from '../components/_safe/safe';
import { AmountInput } from '../components/AmountInput/AmountInput';
import { Button } from '../components/Button/Button';
import { Spinner } from '../components/Spinner/Spinner';
import { useModal } from '../hooks/modal/useModal';
import { ONRAMP_MESSAGES, paymentMethodLabel } from '../hooks/onramp/limits';
import { useOnramp, useOnrampStore } from '../hooks/onramp/useOnramp';
import * as b from './BuyView.css';
import * as s from './shared.css';
import * as w from './WalletSendView.css';

export const BUY_VIEW_TEXTS = {
  form: 'Buy crypto',
  loading: 'Loading on-ramp options',
  youPay: 'You pay',
  youReceive: 'You receive (estimate)',
  paymentCurrency: 'Currency',
  paymentMethod: 'Payment method',
  network: 'Network',
  purchaseCurrency: 'Token',
  provider: 'Provider',
  quoting: 'Getting a quote',
  limits: (min: string, max: string, currency: string) => `Limits: ${min} to ${max} ${currency}`,
  fees: (total: string, currency: string) => `Fees included: ${total} ${currency}`,
  estimated: ONRAMP_MESSAGES.estimated,
  continue: ONRAMP_MESSAGES.continue,
  useBank: 'Use bank transfer',
  notConnected: 'No wallet is connected.',
} as const;
const T = BUY_VIEW_TEXTS;

const methodName = (id: string) => {
  const label = paymentMethodLabel(id);
  return label.charAt(0).toUpperCase() + label.slice(1);
};

function Select({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  options: { value: string; label: string }[];
}) {
  const id = useId();
  return (
    <div className={b.field}>
      <label className={b.fieldLabel} htmlFor={id}>
        {label}
      </label>
      <select id={id} className={b.select} value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {capText(o.label, MAX_TEXT.name)}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * Buy: the fiat amount with its currency, the crypto estimate, provider, payment method, network, the limits
 * message and Continue, which opens the provider page (then BuyInProgress). Fallback figures are marked
 * "Provider unavailable: estimated"; the provider page quotes for real.
 */
export function BuyView() {
  const onramp = useOnramp();
  const { push } = useModal();
  const v = onramp.validation;
  const store = useOnrampStore();
  // Back on the form (the header's back included): a purchase still waited for is given up (on showing the
  // form only, never while Continue is opening the provider page); a success stays.
  useEffect(() => {
    const { purchase, cancelPurchase } = store.getState();
    if (purchase.status !== 'idle' && purchase.status !== 'generating' && purchase.status !== 'success')
      cancelPurchase();
  }, [store]);

  if (!onramp.address) return <p className={s.muted}>{T.notConnected}</p>;
  if (onramp.status !== 'ready') {
    return (
      <div className={s.status}>
        <Spinner label={T.loading} />
      </div>
    );
  }

  const currency = onramp.paymentCurrency?.id ?? '';
  const symbol = onramp.purchaseCurrency?.symbol ?? '';
  const estimated = onramp.source === 'fallback';
  const onContinue = async () => {
    const r = await onramp.buy();
    if (r.outcome === 'opened' || r.outcome === 'blocked') push('BuyInProgress');
  };
  const fee =
    onramp.quote && !onramp.quote.fallback && !onramp.quotesLoading
      ? (Number(onramp.quote.coinbaseFee.amount) + Number(onramp.quote.networkFee.amount)).toFixed(2)
      : null;

  return (
    <form
      aria-label={T.form}
      className={s.stack}
      onSubmit={(e) => {
        e.preventDefault();
        if (onramp.canContinue) void onContinue();
      }}
    >
      {estimated ? (
        <p className={b.estimate} role="note" data-kw-onramp-source="fallback">
          {T.estimated}
        </p>
      ) : null}
      <div className={b.grid}>
        <AmountInput
          label={T.youPay}
          value={onramp.paymentAmount}
          onValueChange={onramp.setPaymentAmount}
          decimals={2}
          placeholder="0.00"
          error={onramp.error ?? undefined}
          hint={v.limits && !onramp.error ? T.limits(v.limits.min, v.limits.max, currency) : undefined}
          trailing={<span aria-hidden="true">{currency}</span>}
        />
        <Select
          label={T.paymentCurrency}
          value={currency}
          onChange={onramp.setPaymentCurrency}
          options={onramp.paymentCurrencies.map((c) => ({ value: c.id, label: c.id }))}
        />
      </div>
      <AmountInput
        label={T.youReceive}
        value={onramp.purchaseAmount}
        onValueChange={onramp.setPurchaseAmount}
        decimals={6}
        placeholder="0"
        trailing={<span aria-hidden="true">{symbol}</span>}
        hint={
          onramp.quotesLoading ? (
            <span className={w.rowValue}>
              <Spinner size="sm" label={T.quoting} />
              {T.quoting}
            </span>
          ) : estimated && onramp.purchaseAmount ? (
            T.estimated
          ) : fee ? (
            T.fees(fee, currency)
          ) : undefined
        }
      />
      {v.suggestedMethod ? (
        <Button variant="secondary" onClick={() => onramp.setPaymentMethod(v.suggestedMethod ?? '')}>
          {T.useBank}
        </Button>
      ) : null}
      <div className={b.grid}>
        <Select
          label={T.paymentMethod}
          value={onramp.paymentMethod ?? ''}
          onChange={onramp.setPaymentMethod}
          options={(onramp.paymentCurrency?.payment_method_limits ?? []).map((l) => ({
            value: l.id,
            label: methodName(l.id),
          }))}
        />
        <Select
          label={T.network}
          value={onramp.network?.name ?? ''}
          onChange={onramp.setNetwork}
          options={(onramp.purchaseCurrency?.networks ?? []).map((n) => ({
            value: n.name,
            label: n.display_name,
          }))}
        />
      </div>
      {onramp.purchaseCurrencies.length > 1 ? (
        <Select
          label={T.purchaseCurrency}
          value={onramp.purchaseCurrency?.id ?? ''}
          onChange={onramp.setPurchaseCurrency}
          options={onramp.purchaseCurrencies.map((c) => ({ value: c.id, label: `${c.name} (${c.symbol})` }))}
        />
      ) : null}
      <Select
        label={T.provider}
        value={onramp.selectedProvider?.id ?? ''}
        onChange={onramp.selectProvider}
        options={onramp.providers.map((p) => ({ value: p.id, label: `${p.name} (${p.description})` }))}
      />
      <Button
        type="submit"
        fullWidth
        disabled={!onramp.canContinue && onramp.purchase.status !== 'generating'}
        loading={onramp.purchase.status === 'generating'}
      >
        {T.continue}
      </Button>
    </form>
  );
}
