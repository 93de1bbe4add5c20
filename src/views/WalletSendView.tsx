import { AddressInput } from '../components/AddressInput/AddressInput';
import { AmountInput } from '../components/AmountInput/AmountInput';
import { Avatar } from '../components/Avatar/Avatar';
import { Button } from '../components/Button/Button';
import { formatTokenAmount, shortenAddress } from '../core/format';
import { capText, MAX_TEXT } from '../core/text';
import { useKeywayStore } from '../hooks/context';
import { useModal } from '../hooks/modal/useModal';
import { useSend } from '../hooks/send/useSend';
import { looksLikeName } from '../hooks/send/validation';
import { useLocale } from '../i18n/context';
import { useMessages, useMessageText } from '../i18n/useMessages';
import { tooManyDecimalsText } from './componentTexts';
import * as s from './shared.css';
import { TokenPickerButton } from './TokenPickerButton';
import * as v from './WalletSendView.css';

/** The receiver line under the field: a typed name shows its address, a typed address its name. */
export function receiverSummary(
  input: string,
  address: string | null,
  name: string | null,
): string | undefined {
  if (!address) return undefined;
  if (looksLikeName(input.trim()))
    return `${capText(name ?? input.trim(), MAX_TEXT.name)} · ${shortenAddress(address)}`;
  return name ? capText(name, MAX_TEXT.name) : undefined;
}

/**
 * Send: the token (chosen from the balances), the amount with Max and its USD value, the receiver as an address
 * or a name (resolved with avatar), the network fee, and Preview, enabled once everything is valid. Each bad
 * input has its own message under its field; nothing the user typed is cleared.
 */
export function WalletSendView() {
  const m = useMessages();
  const T = m.send;
  const { locale } = useLocale();
  const say = useMessageText();
  const send = useSend();
  const { push } = useModal();
  const connected = useKeywayStore('account', (a) => a.isConnected);
  if (!connected) return <p className={s.status}>{m.common.notConnected}</p>;
  const { token, validation } = send;
  const tokenSymbol = token ? capText(token.symbol, MAX_TEXT.symbol) : null;

  return (
    <form
      className={s.stack}
      data-kw-view="Send"
      aria-label={T.form}
      onSubmit={(e) => {
        e.preventDefault();
        send.preview();
      }}
    >
      <AmountInput
        label={T.amount}
        value={send.sendTokenAmount}
        onValueChange={send.setAmount}
        {...(token ? { decimals: token.decimals, onMax: () => void send.setMax() } : {})}
        maxLabel={T.max}
        tooManyDecimalsMessage={tooManyDecimalsText(m)}
        fiatValue={send.formattedAmountUsd ? `≈ ${send.formattedAmountUsd}` : undefined}
        labelAside={
          token ? (
            <span className={s.muted} data-kw-send-balance="">
              {T.balance({
                quantity: formatTokenAmount(token.quantity, { locale }),
                symbol: tokenSymbol ?? '',
              }).trim()}
            </span>
          ) : undefined
        }
        error={validation.amountError ? say(validation.amountError) : undefined}
        trailing={
          <TokenPickerButton
            token={token ? { symbol: token.symbol, iconUrl: token.iconUrl || null } : null}
            selectLabel={T.selectToken}
            changeLabel={(symbol) => T.changeToken({ symbol })}
            onClick={() => push('WalletSendSelectToken')}
          />
        }
      />
      <AddressInput
        label={T.to}
        value={send.receiverInput}
        onValueChange={(value) => void send.setReceiver(value)}
        placeholder={T.receiverPlaceholder}
        resolving={send.receiverName.status === 'resolving'}
        resolvingLabel={T.resolving}
        resolvedName={receiverSummary(send.receiverInput, send.receiverAddress, send.receiverProfileName)}
        avatar={
          send.receiverAddress ? (
            <Avatar src={send.receiverProfileImageUrl} address={send.receiverAddress} alt="" size="sm" />
          ) : undefined
        }
        error={validation.receiverError ? say(validation.receiverError) : undefined}
      />
      <p className={v.row} data-kw-send-fee="">
        <span className={v.rowLabel}>{T.fee}</span>
        <span className={v.rowValue}>{send.formattedFee ?? T.feeUnknown}</span>
      </p>
      {validation.feeError ? (
        <p className={s.errorText} role="alert">
          {say(validation.feeError)}
        </p>
      ) : null}
      <Button type="submit" fullWidth disabled={!validation.valid}>
        {say(validation.action)}
      </Button>
    </form>
  );
}
