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
import { AccountNameEntry } from './AccountNameEntry';
import * as c from './AccountSettingsView.css';
import * as s from './shared.css';

export const ACCOUNT_SETTINGS_TEXTS = {
  email: 'Email',
  updateEmail: 'Update email',
  loggedInWith: 'Logged in with',
  socialAccount: (provider: string, userName: string | null) =>
    userName ? `${provider} (${userName})` : provider,
  accountType: 'Account type',
  eoa: 'Externally owned account (EOA)',
  smartAccount: 'Smart account',
  switchToSmart: 'Switch to smart account',
  switchToEoa: 'Switch to EOA',
  checking: 'Checking smart account support',
  unavailable: (network: string) => `Smart accounts are not available on ${network}.`,
  notEmbedded: 'These settings are for accounts created with email or a social login.',
} as const;

/** Settings of an embedded-wallet account: its email (with Update email) and the preferred account type. */
export function AccountSettingsView() {
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
    return <p className={s.status}>{ACCOUNT_SETTINGS_TEXTS.notEmbedded}</p>;
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
            {ACCOUNT_SETTINGS_TEXTS.email}
          </h3>
          <p className={c.value} data-kw-settings-email="">
            {email}
          </p>
          <Button variant="secondary" size="sm" onClick={() => push('UpdateEmail')}>
            {ACCOUNT_SETTINGS_TEXTS.updateEmail}
          </Button>
        </section>
      ) : socialProvider ? (
        <section className={c.section} aria-labelledby={`${ids}-social`}>
          <h3 id={`${ids}-social`} className={c.heading}>
            {ACCOUNT_SETTINGS_TEXTS.loggedInWith}
          </h3>
          <p className={c.value}>
            {ACCOUNT_SETTINGS_TEXTS.socialAccount(SOCIAL_PROVIDER_NAMES[socialProvider], socialUserName)}
          </p>
        </section>
      ) : null}
      <section className={c.section} aria-labelledby={`${ids}-type`}>
        <h3 id={`${ids}-type`} className={c.heading}>
          {ACCOUNT_SETTINGS_TEXTS.accountType}
        </h3>
        <p className={c.value} data-kw-account-type={type}>
          {type === 'smartAccount' ? ACCOUNT_SETTINGS_TEXTS.smartAccount : ACCOUNT_SETTINGS_TEXTS.eoa}
        </p>
        {accountType.status !== 'ready' ? (
          <Spinner size="sm" label={ACCOUNT_SETTINGS_TEXTS.checking} />
        ) : accountType.smartAccountEnabled || type === 'smartAccount' ? (
          <Button
            variant="secondary"
            size="sm"
            loading={accountType.switchingTo !== null}
            onClick={() => void accountType.setPreferredAccountType(next)}
          >
            {next === 'smartAccount'
              ? ACCOUNT_SETTINGS_TEXTS.switchToSmart
              : ACCOUNT_SETTINGS_TEXTS.switchToEoa}
          </Button>
        ) : (
          <p className={s.muted}>{ACCOUNT_SETTINGS_TEXTS.unavailable(activeNetwork.name)}</p>
        )}
        {/* The error toast announces the failure; this line keeps it next to the button (no second alert). */}
        {accountType.error ? (
          <p className={s.errorText} data-kw-account-type-error="">
            {accountType.error}
          </p>
        ) : null}
      </section>
      <AccountNameEntry />
    </div>
  );
}
