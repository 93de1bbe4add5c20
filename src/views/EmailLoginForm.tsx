import { type FormEvent, useState } from 'react';
import { Button } from '../components/Button/Button';
import { Input } from '../components/Input/Input';
import { useEmailLogin } from '../hooks/email/useEmailLogin';
import { useMessages, useMessageText } from '../i18n/useMessages';
import * as e from './EmailLogin.css';

/** The email entry point on the Connect view (shown when the instance has the embedded wallet). */
export function EmailLoginForm() {
  const m = useMessages();
  const say = useMessageText();
  const T = m.emailForm;
  const login = useEmailLogin();
  const [value, setValue] = useState(login.email);
  if (!login.available) return null;
  const sending = login.status === 'sending';
  // Only errors of the email step belong here (a wrong code shows on the code view).
  const error = login.step === 'email' ? (login.error ? say(login.error) : undefined) : undefined;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void login.submitEmail(value);
  };
  return (
    <form className={e.form} onSubmit={onSubmit} noValidate data-kw-email-form="">
      <div className={e.row}>
        <div className={e.grow}>
          <Input
            label={T.label}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            placeholder={T.placeholder}
            value={value}
            maxLength={254}
            onChange={(event) => {
              setValue(event.target.value);
              if (login.error && !login.cooldown) login.clearError();
            }}
            error={error}
          />
        </div>
      </div>
      <Button type="submit" loading={sending} fullWidth>
        {sending ? T.sending : T.submit}
      </Button>
    </form>
  );
}
