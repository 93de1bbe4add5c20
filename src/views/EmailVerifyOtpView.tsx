import { useEffect, useRef, useState } from 'react';
import { StatusRegion } from '../components/_lib/StatusRegion';
import { Button } from '../components/Button/Button';
import { OtpInput } from '../components/OtpInput/OtpInput';
import { Spinner } from '../components/Spinner/Spinner';
import { Text } from '../components/Text/Text';
import { useEmailLogin } from '../hooks/email/useEmailLogin';
import { useMessages, useMessageText } from '../i18n/useMessages';
import { otpDigitText } from './componentTexts';
import * as e from './EmailLogin.css';
import * as s from './shared.css';

/** EmailVerifyOtp: six code boxes; a wrong code shows the frame's message and empties the boxes. */
export function EmailVerifyOtpView() {
  const m = useMessages();
  const say = useMessageText();
  const T = m.emailOtp;
  const login = useEmailLogin();
  const boxes = useRef<HTMLDivElement>(null);
  const [code, setCode] = useState('');
  const { otpResetKey } = login;
  // After a wrong code the boxes are emptied and the focus goes back to the first one (the boxes stay
  // mounted: removing the focused box would hand the focus to the dialog's first button).
  useEffect(() => {
    if (otpResetKey === 0) return;
    setCode('');
    boxes.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, [otpResetKey]);
  if (!login.email) return <p className={s.status}>{T.noEmail}</p>;
  const busy = login.status === 'verifying' || login.status === 'connecting';
  return (
    <div className={s.status} data-kw-view="EmailVerifyOtp" data-status={login.status}>
      <Text variant="title" as="h3">
        {T.heading}
      </Text>
      <p className={s.muted}>
        {m.email.codeSent({ email: '' })}
        <span className={e.email}>{login.email}</span>
      </p>
      <div ref={boxes} className={e.form}>
        <OtpInput
          value={code}
          onChange={setCode}
          label={T.codeLabel}
          digitLabel={otpDigitText(m)}
          autoFocus
          // Not disabled while verifying: a disabled box would lose the focus (it must stay for a new try).
          error={
            login.step === 'otp' && !login.cooldown ? (login.error ? say(login.error) : undefined) : undefined
          }
          onComplete={(code) => void login.submitOtp(code)}
        />
      </div>
      <StatusRegion>
        {busy ? (
          <p className={s.muted}>
            <Spinner size="sm" label={null} /> {login.status === 'verifying' ? T.verifying : T.connecting}
          </p>
        ) : null}
        {login.resent && login.status === 'waiting' ? <p>{m.email.codeResent}</p> : null}
      </StatusRegion>
      {login.cooldown ? (
        <p className={s.errorText} role="alert">
          {say(login.error)}
        </p>
      ) : null}
      <p className={s.muted}>{T.hint}</p>
      <Button
        variant="ghost"
        size="sm"
        loading={login.status === 'sending'}
        disabled={busy}
        onClick={() => void login.resend()}
      >
        {T.resend}
      </Button>
    </div>
  );
}
