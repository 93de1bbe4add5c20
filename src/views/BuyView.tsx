import { useEffect, useId } from 'react';
import { AmountInput } from '../components/AmountInput/AmountInput';
import { Button } from '../components/Button/Button';
import { Spinner } from '../components/Spinner/Spinner';
import { addDecimal } from '../core/decimal';
import { capText, MAX_TEXT } from '../core/text';
import { useKeyway } from '../hooks/context';
import { useModal } from '../hooks/modal/useModal';
import { useOnramp, useOnrampStore } from '../hooks/onramp/useOnramp';
import { useLocale } from '../i18n/context';
import { formatFiat, formatOrList } from '../i18n/intl';
import { type KitMessages, paymentMethodText } from '../i18n/messageText';
import { useMessages, useMessageText } from '../i18n/useMessages';
import * as b from './BuyView.css';
import { tooManyDecimalsText } from './componentTexts';
import * as s from './shared.css';
import * as w from './WalletSendView.css';

/** A payment method's name in the active locale, capitalised (`card` → `Card`); an unknown id as the API writes it. */
function methodNameIn(m: KitMessages, locale: string) {
  return (id: string) => {
    const label = paymentMethodText(m, id);
    return label.charAt(0).toLocaleUpperCase(locale) + label.slice(1);
  };
}

/** `text` with its first letter in upper case, as the locale writes it. */
const capitalized = (text: string, locale: string) =>
  text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);

/** The exact sum of two decimal amounts from the provider (core/decimal), or null when one is not a number. */
function sumOrNull(a: string, b: string): string | null {
  try {
    return addDecimal(a, b);
  } catch {
    return null;
  }
}

/**
 * Buy: the fiat amount with its currency (OnRampFiatSelect), the crypto estimate with the token and network
 * (OnRampTokenSelect), the payment method, the providers with their fee and the method's limits (unless the
 * host hides them: `onrampProviders: 'HIDE'`), the limits message and Continue, which opens the provider page
 * (then BuyInProgress). Fallback figures are marked "Provider unavailable: estimated"; the provider page
 * quotes for real.
 */
export function BuyView() {
  const m = useMessages();
  const T = m.buy;
  const say = useMessageText();
  const { locale } = useLocale();
  const methodName = methodNameIn(m, locale);
  const onramp = useOnramp();
  const { push } = useModal();
  const v = onramp.validation;
  const store = useOnrampStore();
  const showProviders = useKeyway().options.onrampProviders !== 'HIDE';
  const id = useId();
  // Back on the form (the header's back included): a purchase still waited for is given up (on showing the
  // form only, never while Continue is opening the provider page); a success stays.
  useEffect(() => {
    const { purchase, cancelPurchase } = store.getState();
    if (purchase.status !== 'idle' && purchase.status !== 'generating' && purchase.status !== 'success')
      cancelPurchase();
  }, [store]);

  if (!onramp.address) return <p className={s.muted}>{m.common.notConnected}</p>;
  if (onramp.status !== 'ready') {
    return (
      <div className={s.status}>
        <Spinner label={T.loading} />
      </div>
    );
  }

  const currency = onramp.paymentCurrency?.id ?? '';
  const symbol = onramp.purchaseCurrency?.symbol ?? '';
  const network = onramp.network?.display_name ?? '';
  const estimated = onramp.source === 'fallback';
  // BuyInProgress follows from the flow's outcome (views/modalRouter.ts).
  const onContinue = () => onramp.buy();
  const fee =
    onramp.quote && !onramp.quote.fallback && !onramp.quotesLoading
      ? sumOrNull(onramp.quote.coinbaseFee.amount, onramp.quote.networkFee.amount)
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
      <AmountInput
        label={T.youPay}
        value={onramp.paymentAmount}
        onValueChange={onramp.setPaymentAmount}
        decimals={2}
        maxLabel={m.components.max}
        tooManyDecimalsMessage={tooManyDecimalsText(m)}
        placeholder="0.00"
        error={onramp.error ? say(onramp.error) : undefined}
        hint={
          v.limits && !onramp.error
            ? T.limits({
                min: formatFiat(v.limits.min, currency, locale),
                max: formatFiat(v.limits.max, currency, locale),
              })
            : undefined
        }
        trailing={
          <Button
            variant="secondary"
            size="sm"
            className={w.tokenButton}
            aria-label={T.changeCurrency({ currency })}
            onClick={() => push('OnRampFiatSelect')}
          >
            {currency}
          </Button>
        }
      />
      <AmountInput
        label={T.youReceive}
        value={onramp.purchaseAmount}
        onValueChange={onramp.setPurchaseAmount}
        decimals={6}
        maxLabel={m.components.max}
        tooManyDecimalsMessage={tooManyDecimalsText(m)}
        placeholder="0"
        labelAside={network ? T.onNetwork({ network }) : undefined}
        trailing={
          <Button
            variant="secondary"
            size="sm"
            className={w.tokenButton}
            aria-label={T.changeToken({ symbol, network })}
            onClick={() => push('OnRampTokenSelect')}
          >
            {symbol}
          </Button>
        }
        hint={
          onramp.quotesLoading ? (
            <span className={w.rowValue}>
              <Spinner size="sm" label={T.quoting} />
              {T.quoting}
            </span>
          ) : estimated && onramp.purchaseAmount ? (
            T.estimated
          ) : fee && !showProviders ? (
            T.fees({ total: formatFiat(fee, currency, locale) })
          ) : undefined
        }
      />
      {v.suggestedMethod ? (
        <Button variant="secondary" onClick={() => onramp.setPaymentMethod(v.suggestedMethod ?? '')}>
          {T.useBank}
        </Button>
      ) : null}
      <fieldset className={b.choices}>
        <legend className={b.fieldLabel}>{T.paymentMethod}</legend>
        {(onramp.paymentCurrency?.payment_method_limits ?? []).map((l) => (
          <label key={l.id} className={b.choice}>
            <input
              type="radio"
              name={`${id}-method`}
              checked={onramp.paymentMethod === l.id}
              onChange={() => onramp.setPaymentMethod(l.id)}
            />
            {methodName(l.id)}
          </label>
        ))}
      </fieldset>
      {showProviders ? (
        <fieldset className={b.choices} data-kw-onramp-providers="">
          <legend className={b.fieldLabel}>{T.providers}</legend>
          {onramp.providers.map((p) => (
            <label key={p.id} className={b.choice}>
              <input
                type="radio"
                name={`${id}-provider`}
                checked={onramp.selectedProvider?.id === p.id}
                onChange={() => onramp.selectProvider(p.id)}
              />
              <span className={b.choiceBody}>
                <span className={b.providerName}>{capText(p.name, MAX_TEXT.name)}</span>
                <span className={s.muted}>
                  {capText(
                    capitalized(
                      formatOrList(
                        p.methods.map((id) => paymentMethodText(m, id)),
                        locale,
                      ),
                      locale,
                    ),
                    MAX_TEXT.description,
                  )}
                </span>
                <span className={s.muted}>
                  {fee ? T.fee({ total: formatFiat(fee, currency, locale) }) : T.feeWithQuote}
                </span>
                {v.limits && onramp.paymentMethod ? (
                  <span className={s.muted}>
                    {T.methodLimits({
                      method: methodName(onramp.paymentMethod),
                      min: formatFiat(v.limits.min, currency, locale),
                      max: formatFiat(v.limits.max, currency, locale),
                    })}
                  </span>
                ) : null}
              </span>
            </label>
          ))}
        </fieldset>
      ) : null}
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
