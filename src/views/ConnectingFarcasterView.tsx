import { StatusRegion } from '../components/_lib/StatusRegion';
import { Button } from '../components/Button/Button';
import { QrCode } from '../components/QrCode/QrCode';
import { Spinner } from '../components/Spinner/Spinner';
import { Text } from '../components/Text/Text';
import { useSocialLogin } from '../hooks/social/useSocialLogin';
import { useMessages, useMessageText } from '../i18n/useMessages';
import * as c from './SocialLogin.css';
import * as s from './shared.css';

/** Farcaster login: a QR code and a link to the approval page, then waiting for the approval. */
export function ConnectingFarcasterView() {
  const m = useMessages();
  const say = useMessageText();
  const T = m.farcaster;
  const { farcaster, connectFarcaster, cancelFarcaster } = useSocialLogin();
  const { status, url } = farcaster;
  // The frame's answer is checked at the boundary (the GET_FARCASTER_URI reply schema: https:, or http: on a
  // local host) before it reaches the store; the view renders what the hook gives it.
  const link = url || null;
  return (
    <div className={s.status} data-kw-view="ConnectingFarcaster" data-status={status}>
      <Text variant="title" as="h3">
        {T.title}
      </Text>
      {status !== 'error' && status !== 'connected' ? (
        <QrCode
          value={link ?? undefined}
          loading={status === 'loading' || status === 'idle'}
          label={T.qrLabel}
          loadingLabel={T.loading}
          size={220}
        />
      ) : null}
      <StatusRegion>
        {status === 'waiting' ? <p className={s.muted}>{T.waiting}</p> : null}
        {status === 'connecting' ? (
          <p className={s.muted}>
            <Spinner size="sm" label={null} /> {T.connecting}
          </p>
        ) : null}
        {status === 'connected' ? <p>{m.common.connected}</p> : null}
      </StatusRegion>
      {status === 'waiting' ? (
        link ? (
          <a className={c.link} href={link} target="_blank" rel="noopener noreferrer">
            {T.openLink}
          </a>
        ) : null
      ) : null}
      {status === 'error' ? (
        <p className={s.errorText} role="alert">
          {say(farcaster.error)}
        </p>
      ) : null}
      <div className={s.actions}>
        {status !== 'connected' && status !== 'connecting' ? (
          <Button variant="secondary" onClick={cancelFarcaster}>
            {m.common.cancel}
          </Button>
        ) : null}
        {status === 'error' ? (
          <Button onClick={() => void connectFarcaster()}>{m.common.retry}</Button>
        ) : null}
      </div>
    </div>
  );
}
