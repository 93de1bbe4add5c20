import { formatUnits } from 'viem';
import { minimumOut } from '../chains/evm/swap';
import { Button } from '../components/Button/Button';
import { Image } from '../components/Image/Image';
import { formatTokenAmount } from '../core/format';
import { capText, MAX_TEXT } from '../core/text';
import { useKeywayStore } from '../hooks/context';
import { useModal } from '../hooks/modal/useModal';
import { useSwap } from '../hooks/swap/useSwap';
import { useLocale } from '../i18n/context';
import { useMessages } from '../i18n/useMessages';
import * as v from './SwapView.css';
import * as s from './shared.css';
import * as w from './WalletSendView.css';

/**
 * Review a swap: what you pay, the least you receive (the quote less the slippage) and the expected amount,
 * the network and its fee; then the approval step when the token needs one (for exactly the amount), then
 * Swap. The approval step is a permit signature instead of a transaction when the token and the router take
 * EIP-2612 permits. A rejected approval or permit keeps everything as it was; a stale quote is refreshed and
 * shown before it is used.
 */
export function SwapPreviewView() {
  const { locale } = useLocale();
  const m = useMessages();
  const T = m.swapPreview;
  const swap = useSwap({ initialize: false });
  const { back } = useModal();
  const network = useKeywayStore('networks', (n) => n.activeNetwork.name);
  const { sourceToken, toToken } = swap;
  const busy = swap.loadingTransaction || swap.loadingQuote || swap.loadingBuildTransaction;
  const approvalBusy = swap.approvalStatus === 'signing' || swap.approvalStatus === 'pending';
  const isPermit = swap.approvalMethod === 'permit';

  if (
    !sourceToken ||
    !toToken ||
    !swap.quoteToAmount ||
    (!swap.swapTransaction && !swap.approvalTransaction && !swap.permit && !busy)
  ) {
    return (
      <div className={s.status} data-kw-view="SwapPreview">
        <p>{T.incomplete}</p>
        <Button variant="secondary" onClick={back}>
          {T.edit}
        </Button>
      </div>
    );
  }
  const fromSymbol = capText(sourceToken.symbol, MAX_TEXT.symbol);
  const toSymbol = capText(toToken.symbol, MAX_TEXT.symbol);
  const least = formatUnits(minimumOut(BigInt(swap.quoteToAmount), swap.slippage), toToken.decimals);
  const amount = swap.sourceTokenAmount.trim();

  return (
    <div className={s.stack} data-kw-view="SwapPreview" aria-busy={busy || approvalBusy}>
      <section className={w.amountHero} aria-label={T.youPay}>
        <span className={s.muted}>{T.youPay}</span>
        <Image src={sourceToken.logoUri || null} alt="" size="lg" shape="circle" />
        <span className={w.amountText} data-kw-swap-pay="">
          {formatTokenAmount(amount, { maxDecimals: sourceToken.decimals, locale })} {fromSymbol}
        </span>
        {swap.formattedSourceUsd ? <span className={s.muted}>≈ {swap.formattedSourceUsd}</span> : null}
      </section>
      <dl className={v.details} aria-label={T.summary}>
        <div className={v.row}>
          <dt className={v.label}>{T.youReceive}</dt>
          <dd className={v.value} data-kw-swap-min="">
            {formatTokenAmount(least, { maxDecimals: 6, locale })} {toSymbol}
          </dd>
        </div>
        <div className={v.row}>
          <dt className={v.label} />
          <dd className={`${v.value} ${s.muted}`}>
            {T.expected({
              amount: formatTokenAmount(swap.toTokenAmount, { maxDecimals: 6, locale }),
              symbol: toSymbol,
            })}
          </dd>
        </div>
        <div className={v.row}>
          <dt className={v.label}>{T.network}</dt>
          <dd className={v.value}>{capText(network, MAX_TEXT.name)}</dd>
        </div>
        <div className={v.row}>
          <dt className={v.label}>{T.fee}</dt>
          <dd className={v.value}>{swap.formattedFee ?? T.feeUnknown}</dd>
        </div>
      </dl>
      {swap.quoteRefreshed ? (
        <p className={v.warn} role="status">
          {T.refreshed}
        </p>
      ) : null}
      {isPermit && swap.permit ? (
        <ol className={v.steps} aria-label={T.steps}>
          <li className={v.step} data-kw-swap-step="permit" data-kw-state={swap.approvalStatus}>
            <span>
              {T.permitStep({
                amount: formatTokenAmount(amount, { maxDecimals: sourceToken.decimals, locale }),
                symbol: fromSymbol,
              })}
              <br />
              <span className={s.muted}>{T.permitNote}</span>
            </span>
            {swap.approvalStatus === 'done' && swap.permit.signature ? (
              <span className={s.muted}>{T.permitSigned}</span>
            ) : (
              <Button
                size="sm"
                onClick={() => void swap.approve()}
                loading={approvalBusy}
                disabled={approvalBusy}
              >
                {swap.approvalStatus === 'signing' ? T.signingPermit : T.signPermit}
              </Button>
            )}
          </li>
          <li className={v.step} data-kw-swap-step="swap">
            <span>{T.swapStep}</span>
          </li>
        </ol>
      ) : swap.approvalTransaction || swap.approvalStatus !== 'idle' ? (
        <ol className={v.steps} aria-label={T.steps}>
          <li className={v.step} data-kw-swap-step="approve" data-kw-state={swap.approvalStatus}>
            <span>
              {T.approveStep({
                amount: formatTokenAmount(amount, { maxDecimals: sourceToken.decimals, locale }),
                symbol: fromSymbol,
              })}
            </span>
            {swap.approvalStatus === 'done' ? (
              <span className={s.muted}>{T.approved}</span>
            ) : (
              <Button
                size="sm"
                onClick={() => void swap.approve()}
                loading={approvalBusy}
                disabled={approvalBusy || !swap.approvalTransaction}
              >
                {swap.approvalStatus === 'signing'
                  ? T.approving
                  : swap.approvalStatus === 'pending'
                    ? T.approvalPending
                    : T.approve}
              </Button>
            )}
          </li>
          <li className={v.step} data-kw-swap-step="swap">
            <span>{T.swapStep}</span>
          </li>
        </ol>
      ) : null}
      {swap.approvalStatus === 'rejected' ? (
        <p className={s.errorText} role="alert">
          {isPermit ? T.permitRejected : T.approvalRejected}
        </p>
      ) : null}
      <div className={s.actions}>
        <Button variant="secondary" onClick={back} disabled={busy || approvalBusy}>
          {m.common.cancel}
        </Button>
        <Button
          onClick={() => void swap.swap()}
          loading={busy}
          disabled={busy || approvalBusy || !swap.swapTransaction}
        >
          {swap.loadingTransaction ? T.swapping : T.swap}
        </Button>
      </div>
    </div>
  );
}
