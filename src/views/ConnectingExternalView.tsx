import { Button } from '../components/Button/Button';
import { Image } from '../components/Image/Image';
import { Text } from '../components/Text/Text';
import { useConnect } from '../hooks/connect/useConnect';
import * as s from './shared.css';

export const EXTERNAL_TEXTS = {
  waiting: (name: string) => `Continue in ${name}`,
  waitingHint: 'Accept the connection request in your wallet.',
  declined: 'Connection declined',
  declinedHint: 'The request was declined in the wallet.',
  failed: 'Connection failed',
  connected: 'Connected',
  retry: 'Try again',
  noWallet: 'Choose a wallet to connect.',
} as const;

/** Waiting for a browser (injected / EIP-6963) wallet; declined or failed with Retry. */
export function ConnectingExternalView() {
  const { attempt, retry } = useConnect();
  if (!attempt) return <p className={s.status}>{EXTERNAL_TEXTS.noWallet}</p>;
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
      {status === 'connecting' ? (
        <>
          <Text variant="title" as="h3">
            {EXTERNAL_TEXTS.waiting(wallet.name)}
          </Text>
          <p className={s.muted}>{EXTERNAL_TEXTS.waitingHint}</p>
        </>
      ) : null}
      {status === 'connected' ? (
        <div role="status">
          <Text variant="title" as="h3">
            {EXTERNAL_TEXTS.connected}
          </Text>
        </div>
      ) : null}
      {failed ? (
        <>
          <Text variant="title" as="h3">
            {status === 'declined' ? EXTERNAL_TEXTS.declined : EXTERNAL_TEXTS.failed}
          </Text>
          <p className={s.errorText} role="alert">
            {status === 'declined' ? EXTERNAL_TEXTS.declinedHint : error}
          </p>
          <Button onClick={() => void retry().catch(() => undefined)}>{EXTERNAL_TEXTS.retry}</Button>
        </>
      ) : null}
    </div>
  );
}
