import { StatusRegion } from '../components/_lib/StatusRegion';
import { Button } from '../components/Button/Button';
import { Image } from '../components/Image/Image';
import { Text } from '../components/Text/Text';
import { useConnect } from '../hooks/connect/useConnect';
import { useMessages, useMessageText } from '../i18n/useMessages';
import * as s from './shared.css';

/** Waiting for a browser (injected / EIP-6963) wallet; declined or failed with Retry. */
export function ConnectingExternalView() {
  const m = useMessages();
  const say = useMessageText();
  const T = m.connectingExternal;
  const { attempt, retry } = useConnect();
  if (!attempt) return <p className={s.status}>{T.noWallet}</p>;
  const { wallet, status, error } = attempt;
  const failed = status === 'declined' || status === 'error';
  return (
    <div className={s.status} data-kw-view="ConnectingExternal" data-status={status}>
      <span
        className={s.waitingPicture}
        data-state={failed ? 'failed' : status === 'connecting' ? 'waiting' : 'done'}
      >
        <Image src={wallet.imageUrl} alt={wallet.name} size="xxl" />
      </span>
      <StatusRegion>
        {status === 'connecting' ? (
          <>
            <Text variant="title" as="h3">
              {T.waiting({ name: wallet.name })}
            </Text>
            <p className={s.muted}>{T.waitingHint}</p>
          </>
        ) : null}
        {status === 'connected' ? (
          <Text variant="title" as="h3">
            {m.common.connected}
          </Text>
        ) : null}
      </StatusRegion>
      {failed ? (
        <>
          <Text variant="title" as="h3">
            {status === 'declined' ? T.declined : T.failed}
          </Text>
          <p className={s.errorText} role="alert">
            {status === 'declined' ? T.declinedHint : say(error)}
          </p>
          <Button onClick={() => void retry().catch(() => undefined)}>{m.common.retry}</Button>
        </>
      ) : null}
    </div>
  );
}
