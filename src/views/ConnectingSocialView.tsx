import { StatusRegion } from '../components/_lib/StatusRegion';
import { Button } from '../components/Button/Button';
import { Spinner } from '../components/Spinner/Spinner';
import { Text } from '../components/Text/Text';
import { SOCIAL_PROVIDER_NAMES } from '../hooks/social/store';
import { useSocialLogin } from '../hooks/social/useSocialLogin';
import { useMessages, useMessageText } from '../i18n/useMessages';
import { SocialMark } from './SocialLoginButtons';
import * as s from './shared.css';

/** A social login in progress: the popup is open (or was blocked, closed, timed out, or failed). */
export function ConnectingSocialView() {
  const m = useMessages();
  const say = useMessageText();
  const T = m.social;
  const social = useSocialLogin();
  const { provider, status } = social;
  if (!provider) return <p className={s.status}>{T.notStarted}</p>;
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
        {T.logInWith({ name })}
      </Text>
      <StatusRegion>
        {status === 'preparing' ? (
          <p className={s.muted}>
            <Spinner size="sm" label={null} /> {T.preparing({ name })}
          </p>
        ) : null}
        {status === 'waiting' ? (
          <>
            <p>{T.waiting({ name })}</p>
            <p className={s.muted}>{T.waitingHint}</p>
          </>
        ) : null}
        {status === 'connecting' ? (
          <p className={s.muted}>
            <Spinner size="sm" label={null} /> {T.connecting}
          </p>
        ) : null}
        {status === 'connected' ? <p>{m.common.connected}</p> : null}
      </StatusRegion>
      {status === 'error' ? (
        <p className={s.errorText} role="alert">
          {say(social.error)}
        </p>
      ) : null}
      <div className={s.actions}>
        {status !== 'connected' && status !== 'connecting' ? (
          <Button variant="secondary" onClick={social.cancel}>
            {m.common.cancel}
          </Button>
        ) : null}
        {status === 'waiting' ? (
          <Button variant="secondary" onClick={social.focusWindow}>
            {T.showWindow}
          </Button>
        ) : null}
        {status === 'error' ? (
          // A click is a fresh user gesture: the popup may open again.
          <Button onClick={() => void social.connectSocial(provider)}>{m.common.retry}</Button>
        ) : null}
      </div>
    </div>
  );
}
