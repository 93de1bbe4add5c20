import { useState } from 'react';
import { StatusRegion } from '../components/_lib/StatusRegion';
import { Button } from '../components/Button/Button';
import { OtpInput } from '../components/OtpInput/OtpInput';
import { Spinner } from '../components/Spinner/Spinner';
import { Text } from '../components/Text/Text';
import { useUpdateEmail } from '../hooks/update-email/useUpdateEmail';
import { useMessages, useMessageText } from '../i18n/useMessages';
import { otpDigitText } from './componentTexts';
import * as s from './shared.css';

/**
 * The code step shared by both update-email views (current address, then new address), each with Resend
 * (limited to one code per 30 s, like the email login).
 */
export function UpdateEmailOtpStep({ which }: { which: 'primary' | 'secondary' }) {
  const m = useMessages();
  const say = useMessageText();
  const T = m.updateEmail;
  const update = useUpdateEmail();
  const [resent, setResent] = useState(false);
  // Remount the boxes after a wrong code so the user types the whole code again.
  const [attempt, setAttempt] = useState(0);
  const email = which === 'primary' ? update.currentEmail : update.newEmail;
  const submit = which === 'primary' ? update.submitPrimaryOtp : update.submitSecondaryOtp;
  const onComplete = async (code: string) => {
    setResent(false);
    const { status } = await submit(code);
    if (status !== 'secondary-otp-required' && status !== 'updated') setAttempt((n) => n + 1);
  };
  return (
    <div
      className={s.stack}
      data-kw-view={which === 'primary' ? 'UpdateEmailPrimaryOtp' : 'UpdateEmailSecondaryOtp'}
    >
      <Text variant="title" as="h3">
        {which === 'primary' ? T.primaryTitle : T.secondaryTitle}
      </Text>
      {email ? <p className={s.muted}>{T.sentTo({ email })}</p> : null}
      <OtpInput
        key={attempt}
        label={T.codeLabel}
        digitLabel={otpDigitText(m)}
        autoFocus
        disabled={update.submitting}
        error={update.error ? say(update.error) : undefined}
        onComplete={(code) => void onComplete(code)}
      />
      <StatusRegion>
        {update.submitting ? (
          <p className={s.muted}>
            <Spinner size="sm" label={null} /> {T.verifying}
          </p>
        ) : null}
        {resent && !update.error ? <p className={s.muted}>{T.resent}</p> : null}
      </StatusRegion>
      {/* Both steps: a new code for this step (the 30 s limit shows its countdown as the error above). */}
      <Button
        variant="ghost"
        size="sm"
        disabled={update.submitting}
        onClick={async () => {
          const { status } = await update.resendCode();
          setResent(status === 'primary-otp-required' || status === 'secondary-otp-required');
        }}
      >
        {T.resend}
      </Button>
    </div>
  );
}

/** Update email, step 2: the code sent to the current address. */
export function UpdateEmailPrimaryOtpView() {
  return <UpdateEmailOtpStep which="primary" />;
}
