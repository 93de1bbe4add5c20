import { Checkbox } from '../components/Checkbox/Checkbox';
import type { UseConsentResult } from '../hooks/connect/useConsent';
import { withParts } from '../i18n/parts';
import { useMessages } from '../i18n/useMessages';
import * as c from './ConnectView.css';

/**
 * The legal consent under the Connect view's wallets: a required checkbox with the host's terms and privacy
 * links. Its own module (with the checkbox's machine), loaded with the Connect view only for a host that sets
 * `termsConditionsUrl` or `privacyPolicyUrl`.
 */
export function ConnectConsent({ consent }: { consent: UseConsentResult }) {
  const m = useMessages();
  const T = m.connect;
  const { termsUrl, privacyUrl } = consent;
  return (
    <div className={c.legal}>
      <Checkbox
        checked={consent.agreed}
        required
        error={consent.missing ? T.consentRequired : undefined}
        onCheckedChange={consent.setAgreed}
      >
        {withParts(termsUrl && privacyUrl ? T.consentBoth : termsUrl ? T.consentTerms : T.consentPrivacy, {
          terms: termsUrl ? (
            <a href={termsUrl} target="_blank" rel="noopener noreferrer">
              {T.terms}
            </a>
          ) : null,
          privacy: privacyUrl ? (
            <a href={privacyUrl} target="_blank" rel="noopener noreferrer">
              {T.privacy}
            </a>
          ) : null,
        })}
      </Checkbox>
    </div>
  );
}
