import { Button } from '../components/Button/Button';
import { Spinner } from '../components/Spinner/Spinner';
import { Text } from '../components/Text/Text';
import { EMAIL_TEXTS } from '../hooks/email/store';
import { useEmailLogin } from '../hooks/email/useEmailLogin';
import * as e from './EmailLogin.css';
import * as s from './shared.css';

export const DEVICE_TEXTS = {
  heading: 'Approve this device',
  explanation: 'We sent an approval link to ',
  next: 'Open it on any device, then come back here: we will send you a code.',
  waiting: 'Waiting for approval…',
  resend: 'Resend link',
  retry: 'Try again',
} as const;

/** EmailVerifyDevice: waits for the approval link of a new device, then continues to the code. */
export function EmailVerifyDeviceView() {
  const login = useEmailLogin();
  const failed = login.status === 'error' && !login.cooldown;
  return (
    <div className={s.status} data-kw-view="EmailVerifyDevice" data-status={login.status}>
      <Text variant="title" as="h3">
        {DEVICE_TEXTS.heading}
      </Text>
      <p className={s.muted}>
        {DEVICE_TEXTS.explanation}
        <span className={e.email}>{login.email}</span>
      </p>
      <p className={s.muted}>{DEVICE_TEXTS.next}</p>
      {login.status === 'waiting' ? (
        <p className={s.muted} role="status">
          <Spinner size="sm" label={null} /> {DEVICE_TEXTS.waiting}
        </p>
      ) : null}
      {login.resent && login.status === 'waiting' ? <p role="status">{EMAIL_TEXTS.codeResent}</p> : null}
      {login.error ? (
        <p className={s.errorText} role="alert">
          {login.error}
        </p>
      ) : null}
      <Button
        variant={failed ? 'primary' : 'ghost'}
        size="sm"
        loading={login.status === 'sending'}
        onClick={() => void login.resend()}
      >
        {failed ? DEVICE_TEXTS.retry : DEVICE_TEXTS.resend}
      </Button>
    </div>
  );
}
