import { Avatar } from '../components/Avatar/Avatar';
import { Button } from '../components/Button/Button';
import { Image } from '../components/Image/Image';
import { formatTokenAmount, shortenAddress } from '../core/format';
import { capText, MAX_TEXT } from '../core/text';
import { useKeywayStore } from '../hooks/context';
import { useModal } from '../hooks/modal/useModal';
import { useSend } from '../hooks/send/useSend';
import { useLocale } from '../i18n/context';
import { useMessages } from '../i18n/useMessages';
import * as s from './shared.css';
import * as v from './WalletSendView.css';

/**
 * Review a send: the amount and its USD value, from and to (with the receiver's name and avatar), the network
 * and its fee, then Send. While the wallet asks the user the button says so; a refusal in the wallet shows a
 * toast and keeps the preview; success goes to the Account view.
 */
export function WalletSendPreviewView() {
  const { locale } = useLocale();
  const m = useMessages();
  const T = m.sendPreview;
  const send = useSend();
  const { back } = useModal();
  const from = useKeywayStore('account', (a) => a.address);
  const fromName = useKeywayStore('account', (a) => a.profileName);
  const network = useKeywayStore('networks', (n) => n.activeNetwork.name);
  const { token, validation } = send;
  const busy = send.sending;

  if (!busy && (!token || !validation.valid || !send.receiverAddress)) {
    return (
      <div className={s.status} data-kw-view="SendPreview">
        <p>{T.incomplete}</p>
        <Button variant="secondary" onClick={back}>
          {T.edit}
        </Button>
      </div>
    );
  }
  const symbol = token ? capText(token.symbol, MAX_TEXT.symbol) : '';
  const to = send.receiverAddress ?? '';
  const name = send.receiverProfileName ? capText(send.receiverProfileName, MAX_TEXT.name) : null;

  return (
    <div className={s.stack} data-kw-view="SendPreview" aria-busy={busy}>
      <section className={v.amountHero} aria-label={T.youSend}>
        <span className={s.muted}>{T.youSend}</span>
        <Image src={token?.iconUrl || null} alt="" size="lg" shape="circle" />
        <span className={v.amountText} data-kw-send-amount="">
          {formatTokenAmount(send.sendTokenAmount.trim(), { maxDecimals: 18, locale })} {symbol}
        </span>
        {send.formattedAmountUsd ? <span className={s.muted}>≈ {send.formattedAmountUsd}</span> : null}
      </section>
      <section aria-label={T.summary}>
        <dl className={v.details}>
          <div className={v.row}>
            <dt className={v.rowLabel}>{T.from}</dt>
            <dd className={`${v.rowValue} ${v.mono}`} title={from ?? undefined}>
              {/* The account's name when it has one, the short address always next to it. */}
              {fromName ? <span data-kw-send-from-name="">{capText(fromName, MAX_TEXT.name)} </span> : null}
              {from ? shortenAddress(from) : ''}
            </dd>
          </div>
          <div className={v.row}>
            <dt className={v.rowLabel}>{T.to}</dt>
            <dd className={v.rowValue} title={to} data-kw-send-to={to}>
              <Avatar src={send.receiverProfileImageUrl} address={to} alt="" size="sm" />
              {name ? <span>{name}</span> : null}
              {/* The whole address, never shortened: a look-alike address (same start and end, planted in
                  the history by a zero-value transfer) differs only in the middle. */}
              <span className={v.fullAddress} dir="ltr" data-kw-full-address="">
                {to}
              </span>
            </dd>
          </div>
          <div className={v.row}>
            <dt className={v.rowLabel}>{T.network}</dt>
            <dd className={v.rowValue}>{capText(network, MAX_TEXT.name)}</dd>
          </div>
          <div className={v.row}>
            <dt className={v.rowLabel}>{T.fee}</dt>
            <dd className={v.rowValue} data-kw-send-fee="">
              {send.formattedFee ?? T.feeUnknown}
            </dd>
          </div>
        </dl>
      </section>
      <div className={s.actions}>
        <Button variant="secondary" onClick={back} disabled={busy}>
          {m.common.cancel}
        </Button>
        <Button onClick={() => void send.submit()} loading={busy} disabled={busy}>
          {send.status === 'confirming' ? T.confirming : send.status === 'pending' ? T.pending : T.send}
        </Button>
      </div>
    </div>
  );
}
