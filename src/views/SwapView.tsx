import { useState } from 'react';
import { AmountInput } from '../components/AmountInput/AmountInput';
import { Button } from '../components/Button/Button';
import { Checkbox } from '../components/Checkbox/Checkbox';
import { type IconProps, SvgIcon } from '../components/Icon/Icon';
import { Spinner } from '../components/Spinner/Spinner';
import { SWAP_PROVIDER_FEE_RATE, SWAP_SLIPPAGE_CHOICES } from '../core/constants';
import { formatTokenAmount } from '../core/format';
import { capText, MAX_TEXT } from '../core/text';
import { useKeywayStore } from '../hooks/context';
import { useModal } from '../hooks/modal/useModal';
import type { SwapTokenItem } from '../hooks/swap/store';
import { useSwap } from '../hooks/swap/useSwap';
import { useLocale } from '../i18n/context';
import { formatDecimal, formatPercent } from '../i18n/intl';
import { useMessages, useMessageText } from '../i18n/useMessages';
import { tooManyDecimalsText } from './componentTexts';
import * as v from './SwapView.css';
import * as s from './shared.css';
import { TokenPickerButton } from './TokenPickerButton';

function FlipIcon(props: IconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M7 4v14M3 14l4 4 4-4M17 20V6M13 10l4-4 4 4" />
    </SvgIcon>
  );
}

/** The swap token picker button of one side (what you pay, what you receive). */
function TokenButton({ token, onClick }: { token: SwapTokenItem | null; onClick: () => void }) {
  const T = useMessages().swap;
  return (
    <TokenPickerButton
      token={token ? { symbol: token.symbol, iconUrl: token.logoUri || null } : null}
      selectLabel={T.selectToken}
      changeLabel={(symbol) => T.changeToken({ symbol })}
      onClick={onClick}
    />
  );
}

/**
 * Swap: what you pay (token, amount with Max and its USD value, your balance), a flip button, what you
 * receive (the quote, 6 decimals), then the rate, price impact (a warning above 1 %, a confirmation to tick
 * above 5 %), the provider fee, the network fee (or "Unknown") and the slippage, and Review swap. Every
 * input problem has its message under the amount; nothing typed is cleared.
 */
export function SwapView() {
  const m = useMessages();
  const T = m.swap;
  const say = useMessageText();
  const { locale } = useLocale();
  const swap = useSwap();
  const { push } = useModal();
  const connected = useKeywayStore('account', (a) => a.isConnected);
  const [impactAccepted, setImpactAccepted] = useState(false);
  if (!connected) return <p className={s.status}>{m.common.notConnected}</p>;
  // No trusted router on this network (the Account view offers no Swap there; a host may still open it).
  if (!swap.available) {
    return (
      <p className={s.status} data-kw-view="Swap" data-kw-swap="unavailable">
        {T.notAvailable}
      </p>
    );
  }
  if (swap.status !== 'initialized') {
    return !swap.fetchError ? (
      <div className={s.status} data-kw-view="Swap" data-kw-swap="initializing">
        <Spinner label={T.initializing} />
      </div>
    ) : (
      <div className={s.status} data-kw-view="Swap" data-kw-swap="failed">
        <p>{T.initFailed}</p>
        <Button variant="secondary" onClick={() => void swap.initialize({ force: true })}>
          {m.common.retry}
        </Button>
      </div>
    );
  }
  const { sourceToken, toToken, validation } = swap;
  const sourceSymbol = sourceToken ? capText(sourceToken.symbol, MAX_TEXT.symbol) : '';
  const impact = swap.priceImpact === null ? null : swap.priceImpact.toFixed(2);
  const needsConfirm = swap.priceImpactLevel === 'confirm' && !impactAccepted;
  const ready =
    validation.valid &&
    !swap.loadingQuote &&
    !!(swap.swapTransaction || swap.approvalTransaction || swap.permit);
  const busy = swap.loadingQuote || swap.loadingBuildTransaction || swap.loadingApprovalTransaction;
  const balanceOf = (t: SwapTokenItem) =>
    T.balance({
      quantity: formatTokenAmount(t.quantity.numeric, { locale }),
      symbol: capText(t.symbol, MAX_TEXT.symbol),
    });

  return (
    <form
      className={s.stack}
      data-kw-view="Swap"
      aria-label={T.form}
      aria-busy={busy}
      onSubmit={(e) => {
        e.preventDefault();
        if (!needsConfirm) swap.preview();
      }}
    >
      <AmountInput
        label={T.youPay}
        value={swap.sourceTokenAmount}
        onValueChange={swap.setSourceTokenAmount}
        {...(sourceToken ? { decimals: sourceToken.decimals, onMax: swap.setMax } : {})}
        maxLabel={T.max}
        tooManyDecimalsMessage={tooManyDecimalsText(m)}
        fiatValue={swap.formattedSourceUsd ? `≈ ${swap.formattedSourceUsd}` : undefined}
        labelAside={
          sourceToken ? (
            <span className={s.muted} data-kw-swap-balance="">
              {balanceOf(sourceToken)}
            </span>
          ) : undefined
        }
        error={
          (validation.inputError ?? swap.inputError)
            ? say(validation.inputError ?? swap.inputError)
            : undefined
        }
        trailing={
          <TokenButton
            token={sourceToken}
            onClick={() => push('SwapSelectToken', { target: 'sourceToken' })}
          />
        }
      />
      <div className={v.flipRow}>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          aria-label={T.flip}
          onClick={swap.switchTokens}
          disabled={!sourceToken || !toToken}
        >
          <FlipIcon />
        </Button>
      </div>
      <section className={v.toField} aria-label={T.youReceive}>
        <div className={v.toHeader}>
          <span className={s.muted}>{T.youReceive}</span>
          {toToken ? <span className={s.muted}>{balanceOf(toToken)}</span> : null}
        </div>
        <div className={v.toHeader}>
          {/* data-kw-swap-to-amount: the exact amount (a decimal string), shown in the locale's way. */}
          <output
            className={v.toAmount}
            data-kw-swap-to-amount={swap.toTokenAmount || '0'}
            aria-live="polite"
          >
            {swap.loadingQuote ? (
              <Spinner size="sm" label={T.quoting} />
            ) : (
              formatDecimal(swap.toTokenAmount || '0', locale, 6)
            )}
          </output>
          <TokenButton token={toToken} onClick={() => push('SwapSelectToken', { target: 'toToken' })} />
        </div>
        {swap.formattedToUsd ? <span className={s.muted}>≈ {swap.formattedToUsd}</span> : null}
      </section>
      {swap.quoteToAmount && toToken ? (
        <dl className={v.details} aria-label={T.details}>
          <div className={v.row}>
            <dt className={v.label}>{T.rate}</dt>
            <dd className={v.value} data-kw-swap-rate="">
              {swap.rate}
            </dd>
          </div>
          {impact !== null ? (
            <div className={v.row}>
              <dt className={v.label}>{T.priceImpact}</dt>
              <dd
                className={`${v.value} ${swap.priceImpactLevel === 'confirm' ? v.danger : swap.priceImpactLevel === 'warn' ? v.warn : ''}`}
                data-kw-swap-impact={swap.priceImpactLevel}
              >
                {formatPercent(Number(impact) / 100, locale, 2)}
              </dd>
            </div>
          ) : null}
          <div className={v.row}>
            <dt className={v.label}>
              {T.providerFee({ rate: formatPercent(SWAP_PROVIDER_FEE_RATE, locale, 2) })}
            </dt>
            <dd className={v.value}>
              {swap.providerFee ? `${formatTokenAmount(swap.providerFee, { locale })} ${sourceSymbol}` : '—'}
            </dd>
          </div>
          <div className={v.row}>
            <dt className={v.label}>{T.networkFee}</dt>
            <dd className={v.value} data-kw-swap-fee="">
              {swap.formattedFee ?? T.feeUnknown}
            </dd>
          </div>
          <div className={v.row}>
            <dt className={v.label}>{T.slippage}</dt>
            <dd className={`${v.value} ${v.slippage}`}>
              {SWAP_SLIPPAGE_CHOICES.map((p) => (
                <Button
                  key={p}
                  type="button"
                  size="sm"
                  variant={swap.slippage === p ? 'primary' : 'secondary'}
                  aria-pressed={swap.slippage === p}
                  onClick={() => swap.setSlippage(p)}
                >
                  {formatPercent(p / 100, locale)}
                </Button>
              ))}
            </dd>
          </div>
        </dl>
      ) : null}
      {impact !== null && swap.priceImpactLevel !== 'none' ? (
        <p className={swap.priceImpactLevel === 'confirm' ? s.errorText : v.warn} role="alert">
          {T.impactWarning({ percent: formatPercent(Number(impact) / 100, locale, 2) })}
        </p>
      ) : null}
      {impact !== null && swap.priceImpactLevel === 'confirm' ? (
        <Checkbox checked={impactAccepted} onCheckedChange={setImpactAccepted}>
          {T.impactConfirm({ percent: formatPercent(Number(impact) / 100, locale, 2) })}
        </Checkbox>
      ) : null}
      <Button type="submit" fullWidth disabled={!ready || needsConfirm} loading={busy}>
        {swap.loadingQuote ? T.quoting : say(validation.action)}
      </Button>
    </form>
  );
}
