import { useState } from 'react';
import { Button } from '../components/Button/Button';
import { ListItem } from '../components/ListItem/ListItem';
import { z } from '../core/zod-mini';
import { useAccount } from '../hooks/account/useAccount';
import { usePreferredAccountType } from '../hooks/account-type/usePreferredAccountType';
import { useKeyway } from '../hooks/context';
import { useModal } from '../hooks/modal/useModal';
import { useMessages } from '../i18n/useMessages';
import * as r from './RegisterAccountName.css';
import * as s from './shared.css';

/** Lower-cased addresses whose name offer was skipped (the plain entry stays). */
const SKIPPED_KEY = 'keyway:nameOfferSkipped';
const skippedSchema = z.array(z.string().check(z.maxLength(128))).check(z.maxLength(50));

/**
 * The way to name registration: only for an embedded-wallet account (registration needs the auth
 * connector) whose name lookup answered without a name. With `offer`, an account that has not skipped it
 * sees it as a short offer with 'Not now' (remembered per address) instead of the plain entry.
 */
export function AccountNameEntry({ offer = false }: { offer?: boolean }) {
  const m = useMessages();
  const T = m.accountName;
  // Named as the view it opens.
  const entry = m.titles.RegisterAccountName;
  const keyway = useKeyway();
  const { isEmbedded } = usePreferredAccountType();
  const { address, profileName, profileStatus } = useAccount();
  const { push } = useModal();
  const [skipped, setSkipped] = useState(() => keyway.storage.getJson(SKIPPED_KEY, skippedSchema) ?? []);
  if (!isEmbedded || !address || profileStatus !== 'success' || profileName) return null;
  const open = () => push('RegisterAccountName');
  if (offer && !skipped.includes(address.toLowerCase())) {
    const skip = () => {
      const next = [...skipped, address.toLowerCase()].slice(-50);
      keyway.storage.setJson(SKIPPED_KEY, next);
      setSkipped(next);
    };
    return (
      <section className={r.offer} aria-label={entry} data-kw-name-offer="">
        <p className={s.muted}>{T.offer}</p>
        <div className={s.actions}>
          <Button size="sm" onClick={open}>
            {entry}
          </Button>
          <Button size="sm" variant="ghost" onClick={skip}>
            {T.skip}
          </Button>
        </div>
      </section>
    );
  }
  return <ListItem name={entry} onClick={open} />;
}
