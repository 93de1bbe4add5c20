import { useEffect } from 'react';
import { StatusRegion } from '../components/_lib/StatusRegion';
import { useUrlPolicy } from '../components/_safe/urlPolicy';
import { Button } from '../components/Button/Button';
import { Spinner } from '../components/Spinner/Spinner';
import { capText, MAX_TEXT } from '../core/text';
import { safeLinkUrl } from '../core/url';
import { useModal } from '../hooks/modal/useModal';
import { useOnramp } from '../hooks/onramp/useOnramp';
import { useMessages } from '../i18n/useMessages';
import * as b from './BuyView.css';
import * as s from './shared.css';

/**
 * While the provider page is open: waiting (the history polled with `onramp`), the link when the popup was
 * blocked, "still waiting" after the time limit, and success with the received amount. The provider
 * window closed without a purchase, or Back, returns to Buy with the form kept.
 */
export function BuyInProgressView() {
  const m = useMessages();
  const T = m.buyProgress;
  const onramp = useOnramp({ load: false });
  const policy = useUrlPolicy();
  const { back, push, reset } = useModal();
  const { status, url, received } = onramp.purchase;

  useEffect(() => {
    if (status === 'closed' || status === 'idle') {
      onramp.cancelPurchase();
      back();
    }
  }, [status, onramp.cancelPurchase, back]);

  const goBack = () => {
    onramp.cancelPurchase();
    back();
  };

  if (status === 'success') {
    return (
      <div className={s.status} data-kw-buy-state="success">
        <StatusRegion>
          <h2>{T.successTitle}</h2>
          {received ? (
            <p>
              {T.received({
                amount: capText(received.amount, MAX_TEXT.amount),
                symbol: capText(received.symbol, MAX_TEXT.symbol),
              }).trim()}
            </p>
          ) : null}
        </StatusRegion>
        <div className={s.actions}>
          <Button
            onClick={() => {
              onramp.reset();
              reset('Account');
              push('Transactions');
            }}
          >
            {T.viewActivity}
          </Button>
          <Button
            variant="secondary"
            onClick={() => {
              onramp.reset();
              reset('Account');
            }}
          >
            {m.common.done}
          </Button>
        </div>
      </div>
    );
  }

  if (status === 'blocked') {
    // Checked by the store (the provider allow-list) and again here, under this instance's URL policy.
    const safe = safeLinkUrl(url, policy);
    return (
      <div className={s.status} data-kw-buy-state="blocked">
        <StatusRegion />
        <div role="alert" className={s.status}>
          <h2>{T.blockedTitle}</h2>
          <p className={s.muted}>{T.blocked}</p>
        </div>
        {safe ? (
          <a
            className={b.link}
            href={safe}
            target="_blank"
            rel="noopener noreferrer"
            onClick={() => onramp.linkOpened()}
          >
            {T.openLink}
          </a>
        ) : null}
        <Button variant="secondary" onClick={goBack}>
          {T.back}
        </Button>
      </div>
    );
  }

  if (status === 'stillWaiting') {
    return (
      <div className={s.status} data-kw-buy-state="stillWaiting">
        <StatusRegion>
          <h2>{T.stillWaitingTitle}</h2>
          <p className={s.muted}>{T.stillWaiting}</p>
        </StatusRegion>
        <div className={s.actions}>
          <Button onClick={() => void onramp.checkAgain()}>{T.checkAgain}</Button>
          <Button variant="secondary" onClick={goBack}>
            {T.back}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className={s.status} data-kw-buy-state="waiting">
      {/* First in every state: one region that stays while the purchase moves on, so each step is announced. */}
      <StatusRegion>
        <Spinner label={null} />
        <h2>{T.waitingTitle}</h2>
        <p className={s.muted}>{T.waiting}</p>
      </StatusRegion>
      <p className={s.muted}>{T.waitingHint}</p>
      <Button variant="secondary" onClick={goBack}>
        {T.back}
      </Button>
    </div>
  );
}
