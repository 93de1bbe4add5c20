import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '../components/Button/Button';
import { Input } from '../components/Input/Input';
import { useUpdateEmail } from '../hooks/update-email/useUpdateEmail';
import * as s from './shared.css';

export const UPDATE_EMAIL_TEXTS = {
  label: 'New email',
  placeholder: 'you@example.com',
  current: (email: string) => `Current email: ${email}`,
  explanation: 'We will send a code to your current email, then one to the new address.',
  submit: 'Continue',
  sending: 'Sending…',
} as const;

/** Update email, step 1: the new address. */
export function UpdateEmailView() {
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
      {update.currentEmail ? (
        <p className={s.muted}>{UPDATE_EMAIL_TEXTS.current(update.currentEmail)}</p>
      ) : null}
      <Input
        label={UPDATE_EMAIL_TEXTS.label}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        placeholder={UPDATE_EMAIL_TEXTS.placeholder}
        maxLength={254}
        value={value}
        hint={UPDATE_EMAIL_TEXTS.explanation}
        error={update.error ?? undefined}
        onChange={(event) => {
          setValue(event.target.value);
          update.clearError();
        }}
      />
      <Button type="submit" loading={update.submitting} fullWidth>
        {update.submitting ? UPDATE_EMAIL_TEXTS.sending : UPDATE_EMAIL_TEXTS.submit}
      </Button>
    </form>
  );
}
