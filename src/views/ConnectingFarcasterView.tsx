import { Button } from '../components/Button/Button';
import { QrCode } from '../components/QrCode/QrCode';
import { Spinner } from '../components/Spinner/Spinner';
import { Text } from '../components/Text/Text';
import { useSocialLogin } from '../hooks/social/useSocialLogin';
import * as c from './SocialLogin.css';
import * as s from './shared.css';

export const CONNECTING_FARCASTER_TEXTS = {
  title: 'Log in with Farcaster',
  qrLabel: 'QR code to log in with Farcaster',
  loading: 'Preparing the Farcaster login',
  waiting: 'Scan the code with your phone, or open the link, and approve the login.',
  openLink: 'Open Farcaster',
  connecting: 'Connecting your wallet…',
  connected: 'Connected',
  retry: 'Try again',
  cancel: 'Cancel',
} as const;

/** Farcaster login: a QR code and a link to the approval page, then waiting for the approval. */
export function ConnectingFarcasterView() {
  const { farcaster, connectFarcaster, cancelFarcaster } = useSocialLogin();
  const { status, url } = farcaster;
  // The frame's answer is checked at the boundary (the GET_FARCASTER_URI reply schema: https:, or http: on a
  // local host) before it reaches the store; the view renders what the hook gives it.
  const link = url || null;
  return (
    <div className={s.status} data-kw-view="ConnectingFarcaster" data-status={status}>
      <Text variant="title" as="h3">
        {CONNECTING_FARCASTER_TEXTS.title}
      </Text>
      {status !== 'error' && status !== 'connected' ? (
        <QrCode
          value={link ?? undefined}
          loading={status === 'loading' || status === 'idle'}
          label={CONNECTING_FARCASTER_TEXTS.qrLabel}
          loadingLabel={CONNECTING_FARCASTER_TEXTS.loading}
          size={220}
        />
      ) : null}
      {status === 'waiting' ? (
        <>
          <p className={s.muted} role="status">
            {CONNECTING_FARCASTER_TEXTS.waiting}
          </p>
          {link ? (
            <a className={c.link} href={link} target="_blank" rel="noopener noreferrer">
              {CONNECTING_FARCASTER_TEXTS.openLink}
            </a>
          ) : null}
        </>
      ) : null}
      {status === 'connecting' ? (
        <p className={s.muted} role="status">
          <Spinner size="sm" label={null} /> {CONNECTING_FARCASTER_TEXTS.connecting}
        </p>
      ) : null}
      {status === 'connected' ? <p role="status">{CONNECTING_FARCASTER_TEXTS.connected}</p> : null}
      {status === 'error' ? (
        <p className={s.errorText} role="alert">
          {farcaster.error}
        </p>
      ) : null}
      <div className={s.actions}>
        {status !== 'connected' && status !== 'connecting' ? (
          <Button variant="secondary" onClick={cancelFarcaster}>
            {CONNECTING_FARCASTER_TEXTS.cancel}
          </Button>
        ) : null}
        {status === 'error' ? (
          <Button onClick={() => void connectFarcaster()}>{CONNECTING_FARCASTER_TEXTS.retry}</Button>
        ) : null}
      </div>
    </div>
  );
}
