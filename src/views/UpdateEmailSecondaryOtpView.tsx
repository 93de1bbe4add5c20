import { UpdateEmailOtpStep } from './UpdateEmailPrimaryOtpView';

/** Update email, step 3: the code sent to the new address (with Resend); then back to the account settings. */
export function UpdateEmailSecondaryOtpView() {
  return <UpdateEmailOtpStep which="secondary" />;
}
