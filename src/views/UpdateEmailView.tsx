import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '../components/Button/Button';
import { Input } from '../components/Input/Input';
import { useUpdateEmail } from '../hooks/update-email/useUpdateEmail';
import { useMessages, useMessageText } from '../i18n/useMessages';
import * as s from './shared.css';

/** Update email, step 1: the new address. */
export function UpdateEmailView() {
  const m = useMessages();
  const say = useMessageText();
  const T = m.updateEmail;
  const update = useUpdateEmail();
  const [value, setValue] = useState('');
  const { start } = update;
  useEffect(() => {
    start();
  }, [start]);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void update.submitEmail(value);
  };
  return (
    <form className={s.stack} onSubmit={onSubmit} noValidate data-kw-view="UpdateEmail">
      {update.currentEmail ? <p className={s.muted}>{T.current({ email: update.currentEmail })}</p> : null}
      <Input
        label={T.label}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        placeholder={T.placeholder}
        maxLength={254}
        value={value}
        hint={T.explanation}
        error={update.error ? say(update.error) : undefined}
        onChange={(event) => {
          setValue(event.target.value);
          update.clearError();
        }}
      />
      <Button type="submit" loading={update.submitting} fullWidth>
        {update.submitting ? T.sending : T.submit}
      </Button>
    </form>
  );
}
