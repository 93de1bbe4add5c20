import { StatusRegion } from '../components/_lib/StatusRegion';
import { Button } from '../components/Button/Button';
import { Spinner } from '../components/Spinner/Spinner';
import { Text } from '../components/Text/Text';
import { useEmailLogin } from '../hooks/email/useEmailLogin';
import { useMessages, useMessageText } from '../i18n/useMessages';
import * as e from './EmailLogin.css';
import * as s from './shared.css';

/** EmailVerifyDevice: waits for the approval link of a new device, then continues to the code. */
export function EmailVerifyDeviceView() {
  const m = useMessages();
  const say = useMessageText();
  const T = m.emailDevice;
  const login = useEmailLogin();
  const failed = login.status === 'error' && !login.cooldown;
  return (
    <div className={s.status} data-kw-view="EmailVerifyDevice" data-status={login.status}>
      <Text variant="title" as="h3">
        {T.heading}
      </Text>
      <p className={s.muted}>
        {T.explanation}
        <span className={e.email}>{login.email}</span>
      </p>
      <p className={s.muted}>{T.next}</p>
      <StatusRegion>
        {login.status === 'waiting' ? (
          <p className={s.muted}>
            <Spinner size="sm" label={null} /> {T.waiting}
          </p>
        ) : null}
        {login.resent && login.status === 'waiting' ? <p>{m.email.codeResent}</p> : null}
      </StatusRegion>
      {login.error ? (
        <p className={s.errorText} role="alert">
          {say(login.error)}
        </p>
      ) : null}
      <Button
        variant={failed ? 'primary' : 'ghost'}
        size="sm"
        loading={login.status === 'sending'}
        onClick={() => void login.resend()}
      >
        {failed ? m.common.retry : T.resend}
      </Button>
    </div>
  );
}
