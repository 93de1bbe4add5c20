import { useEffect, useId } from 'react';
import { Button } from '../components/Button/Button';
import { Spinner } from '../components/Spinner/Spinner';
import { usePreferredAccountType } from '../hooks/account-type/usePreferredAccountType';
import { useKeyway } from '../hooks/context';
import { useModal } from '../hooks/modal/useModal';
import { useNetworks } from '../hooks/networks/useNetworks';
import { embeddedOf } from '../hooks/social/embeddedStores';
import { SOCIAL_PROVIDER_NAMES } from '../hooks/social/store';
import { useUpdateEmail } from '../hooks/update-email/useUpdateEmail';
import { useMessages, useMessageText } from '../i18n/useMessages';
import { AccountNameEntry } from './AccountNameEntry';
import * as c from './AccountSettingsView.css';
import * as s from './shared.css';

/** Settings of an embedded-wallet account: its email (with Update email) and the preferred account type. */
export function AccountSettingsView() {
  const m = useMessages();
  const say = useMessageText();
  const T = m.accountSettings;
  const keyway = useKeyway();
  const embedded = embeddedOf(keyway);
  const { push } = useModal();
  const { activeNetwork } = useNetworks();
  const accountType = usePreferredAccountType();
  const update = useUpdateEmail();
  const ids = useId();
  const { load } = accountType;
  const { start } = update;
  useEffect(() => {
    void load();
    start();
  }, [load, start]);

  if (!embedded || !accountType.isEmbedded) {
    return <p className={s.status}>{T.notEmbedded}</p>;
  }
  const email = update.currentEmail;
  const socialProvider = embedded.loginCache.socialProvider();
  const socialUserName = embedded.loginCache.socialUsername();
  const type = accountType.preferredAccountType;
  const next = type === 'smartAccount' ? 'eoa' : 'smartAccount';

  return (
    <div className={s.stack} data-kw-view="AccountSettings">
      {email ? (
        <section className={c.section} aria-labelledby={`${ids}-email`}>
          <h3 id={`${ids}-email`} className={c.heading}>
            {T.email}
          </h3>
          <p className={c.value} data-kw-settings-email="">
            {email}
          </p>
          <Button variant="secondary" size="sm" onClick={() => push('UpdateEmail')}>
            {T.updateEmail}
          </Button>
        </section>
      ) : socialProvider ? (
        <section className={c.section} aria-labelledby={`${ids}-social`}>
          <h3 id={`${ids}-social`} className={c.heading}>
            {T.loggedInWith}
          </h3>
          <p className={c.value}>
            {socialUserName
              ? T.socialAccount({ provider: SOCIAL_PROVIDER_NAMES[socialProvider], userName: socialUserName })
              : SOCIAL_PROVIDER_NAMES[socialProvider]}
          </p>
        </section>
      ) : null}
      <section className={c.section} aria-labelledby={`${ids}-type`}>
        <h3 id={`${ids}-type`} className={c.heading}>
          {T.accountType}
        </h3>
        <p className={c.value} data-kw-account-type={type}>
          {type === 'smartAccount' ? T.smartAccount : T.eoa}
        </p>
        {accountType.status !== 'ready' ? (
          <Spinner size="sm" label={T.checking} />
        ) : accountType.smartAccountEnabled || type === 'smartAccount' ? (
          <Button
            variant="secondary"
            size="sm"
            loading={accountType.switchingTo !== null}
            onClick={() => void accountType.setPreferredAccountType(next)}
          >
            {next === 'smartAccount' ? T.switchToSmart : T.switchToEoa}
          </Button>
        ) : (
          <p className={s.muted}>{T.unavailable({ network: activeNetwork.name })}</p>
        )}
        {/* The error toast announces the failure; this line keeps it next to the button (no second alert). */}
        {accountType.error ? (
          <p className={s.errorText} data-kw-account-type-error="">
            {say(accountType.error)}
          </p>
        ) : null}
      </section>
      <AccountNameEntry />
    </div>
  );
}
