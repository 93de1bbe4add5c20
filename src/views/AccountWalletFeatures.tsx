import { Button } from '../components/Button/Button';
import { Tabs } from '../components/Tabs/Tabs';
import { ACCOUNT_TABS } from '../hooks/account/store';
import { useKeyway, useKeywayStore } from '../hooks/context';
import { useModal } from '../hooks/modal/useModal';
import { useOnrampAvailable } from '../hooks/onramp/available';
import { useSwapAvailable } from '../hooks/swap/available';
import { useMessages } from '../i18n/useMessages';
import * as f from './AccountWalletFeatures.css';
import { AccountActivityList, AccountTokensList } from './lazyParts';

/**
 * The Account view's wallet features: Buy, Swap, Receive and Send (Buy and Swap as the host enabled them;
 * Buy once the on-ramp options list a purchase currency on the active network, hidden until then; Swap where a
 * trusted swap router is configured for the active EVM network), then the Tokens and Activity tabs (the account's current tab). Each tab's code loads
 * lazily behind skeleton rows: Tokens is preloaded with the Account view, Activity loads on first select.
 */
export function AccountWalletFeatures() {
  const m = useMessages();
  const T = m.walletFeatures;
  const { stores } = useKeyway();
  const { push } = useModal();
  const tab = useKeywayStore('account', (a) => a.tab);
  const canBuy = useOnrampAvailable();
  const canSwap = useSwapAvailable();
  return (
    <>
      <nav className={f.actions} aria-label={T.actions}>
        {canBuy ? (
          <Button variant="secondary" onClick={() => push('OnRampProviders')}>
            {T.buy}
          </Button>
        ) : null}
        {canSwap ? (
          <Button variant="secondary" onClick={() => push('Swap')}>
            {T.swap}
          </Button>
        ) : null}
        <Button variant="secondary" onClick={() => push('WalletReceive')}>
          {T.receive}
        </Button>
        <Button variant="secondary" onClick={() => push('Send')}>
          {T.send}
        </Button>
      </nav>
      <Tabs
        aria-label={T.sections}
        value={tab}
        onValueChange={(value) => {
          const next = ACCOUNT_TABS.find((t) => t === value);
          if (next) stores.account.getState().setTab(next);
        }}
        items={[
          { value: 'tokens', label: T.tokens, content: <AccountTokensList /> },
          { value: 'activity', label: T.activity, content: <AccountActivityList /> },
        ]}
      />
    </>
  );
}
