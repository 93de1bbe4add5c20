import { formatUnits } from 'viem';
import { minimumOut } from '../chains/evm/swap';
import { Button } from '../components/Button/Button';
import { Image } from '../components/Image/Image';
import { formatTokenAmount } from '../core/format';
import { capText, MAX_TEXT } from '../core/text';
import { useKeywayStore } from '../hooks/context';
import { useModal } from '../hooks/modal/useModal';
import { useSwap } from '../hooks/swap/useSwap';
import * as v from './SwapView.css';
import * as s from './shared.css';
import * as w from './WalletSendView.css';

export const SWAP_PREVIEW_TEXTS = {
  summary: 'Swap summary',
  youPay: 'You pay',
  youReceive: 'You receive at least',
  expected: (amount: string, symbol: string) => `Expected ${amount} ${symbol}`,
  network: 'Network',
  fee: 'Network fee',
  feeUnknown: 'Unknown',
  steps: 'Steps',
  approveStep: (amount: string, symbol: string) => `Allow the swap to use exactly ${amount} ${symbol}`,
  approve: 'Approve',
  approving: 'Confirm in your wallet',
  approvalPending: 'Approving…',
  approved: 'Approved',
  approvalRejected: 'The approval was not given. You can try again.',
  permitStep: (amount: string, symbol: string) => `Sign a permit for exactly ${amount} ${symbol}`,
  permitNote: 'A signature, not a transaction: no fee for the approval.',
  signPermit: 'Sign permit',
  signingPermit: 'Sign in your wallet',
  permitSigned: 'Signed',
  permitRejected: 'The permit was not signed. You can try again.',
  swapStep: 'Swap',
  swap: 'Swap',
  swapping: 'Confirm in your wallet',
  refreshed: 'The quote was more than 30 seconds old and has been updated. Check the amounts and swap again.',
  cancel: 'Cancel',
  incomplete: 'Something is missing in the swap form.',
  edit: 'Back to the form',
} as const;

/**
 * Review a swap: what you pay, the least you receive (the quote less the slippage) and the expected amount,
 * the network and its fee; then the approval step when the token needs one (for exactly the amount), then
 * Swap. The approval step is a permit signature instead of a transaction when the token and the router take
 * EIP-2612 permits. A rejected approval or permit keeps everything as it was; a stale quote is refreshed and
 * shown before it is used.
 */
export function SwapPreviewView() {
  const swap = useSwap({ initialize: false });
  const { back } = useModal();
  const network = useKeywayStore('networks', (n) => n.activeNetwork.name);
  const T = SWAP_PREVIEW_TEXTS;
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
          {formatTokenAmount(amount, { maxDecimals: sourceToken.decimals })} {fromSymbol}
        </span>
        {swap.formattedSourceUsd ? <span className={s.muted}>≈ {swap.formattedSourceUsd}</span> : null}
      </section>
      <dl className={v.details} aria-label={T.summary}>
        <div className={v.row}>
          <dt className={v.label}>{T.youReceive}</dt>
          <dd className={v.value} data-kw-swap-min="">
            {formatTokenAmount(least, { maxDecimals: 6 })} {toSymbol}
          </dd>
        </div>
        <div className={v.row}>
          <dt className={v.label} />
          <dd className={`${v.value} ${s.muted}`}>
            {T.expected(formatTokenAmount(swap.toTokenAmount, { maxDecimals: 6 }), toSymbol)}
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
              {T.permitStep(formatTokenAmount(amount, { maxDecimals: sourceToken.decimals }), fromSymbol)}
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
              {T.approveStep(formatTokenAmount(amount, { maxDecimals: sourceToken.decimals }), fromSymbol)}
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
          {T.cancel}
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
