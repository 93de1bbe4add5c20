import { Button } from '../components/Button/Button';
import { Spinner } from '../components/Spinner/Spinner';
import { Text } from '../components/Text/Text';
import { SOCIAL_PROVIDER_NAMES } from '../hooks/social/store';
import { useSocialLogin } from '../hooks/social/useSocialLogin';
import { SocialMark } from './SocialLoginButtons';
import * as s from './shared.css';

export const CONNECTING_SOCIAL_TEXTS = {
  title: (name: string) => `Log in with ${name}`,
  preparing: (name: string) => `Opening ${name}…`,
  waiting: (name: string) => `Continue in the ${name} window`,
  waitingHint: 'Keep this window open until the login is complete.',
  connecting: 'Connecting your wallet…',
  connected: 'Connected',
  showWindow: 'Show the login window',
  retry: 'Try again',
  cancel: 'Cancel',
  notStarted: 'Choose a social account on the previous screen.',
} as const;

/** A social login in progress: the popup is open (or was blocked, closed, timed out, or failed). */
export function ConnectingSocialView() {
  const social = useSocialLogin();
  const { provider, status } = social;
  if (!provider) return <p className={s.status}>{CONNECTING_SOCIAL_TEXTS.notStarted}</p>;
  const name = SOCIAL_PROVIDER_NAMES[provider];
  const busy = status === 'preparing' || status === 'waiting' || status === 'connecting';
  return (
    <div className={s.status} data-kw-view="ConnectingSocial" data-status={status}>
      <span
        className={s.waitingPicture}
        data-state={status === 'error' ? 'failed' : busy ? 'waiting' : 'idle'}
      >
        <SocialMark provider={provider} size="lg" />
      </span>
      <Text variant="title" as="h3">
        {CONNECTING_SOCIAL_TEXTS.title(name)}
      </Text>
      {status === 'preparing' ? (
        <p className={s.muted} role="status">
          <Spinner size="sm" label={null} /> {CONNECTING_SOCIAL_TEXTS.preparing(name)}
        </p>
      ) : null}
      {status === 'waiting' ? (
        <>
          <p role="status">{CONNECTING_SOCIAL_TEXTS.waiting(name)}</p>
          <p className={s.muted}>{CONNECTING_SOCIAL_TEXTS.waitingHint}</p>
        </>
      ) : null}
      {status === 'connecting' ? (
        <p className={s.muted} role="status">
          <Spinner size="sm" label={null} /> {CONNECTING_SOCIAL_TEXTS.connecting}
        </p>
      ) : null}
      {status === 'connected' ? <p role="status">{CONNECTING_SOCIAL_TEXTS.connected}</p> : null}
      {status === 'error' ? (
        <p className={s.errorText} role="alert">
          {social.error}
        </p>
      ) : null}
      <div className={s.actions}>
        {status !== 'connected' && status !== 'connecting' ? (
          <Button variant="secondary" onClick={social.cancel}>
            {CONNECTING_SOCIAL_TEXTS.cancel}
          </Button>
        ) : null}
        {status === 'waiting' ? (
          <Button variant="secondary" onClick={social.focusWindow}>
            {CONNECTING_SOCIAL_TEXTS.showWindow}
          </Button>
        ) : null}
        {status === 'error' ? (
          // A click is a fresh user gesture: the popup may open again.
          <Button onClick={() => void social.connectSocial(provider)}>{CONNECTING_SOCIAL_TEXTS.retry}</Button>
        ) : null}
      </div>
    </div>
  );
}
