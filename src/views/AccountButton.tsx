import { useId } from 'react';
import { Avatar } from '../components/Avatar/Avatar';
import { Button } from '../components/Button/Button';
import { formatTokenAmount, shortenAddress } from '../core/formatAmount';
import { useAccount } from '../hooks/account/useAccount';
import { useModal } from '../hooks/modal/useModal';
import { useLocale } from '../i18n/context';
import * as b from './Buttons.css';
import { ViewEnvProvider } from './useViewEnv';

/**
 * The connected account (name or short address, balance); opens the Account view. Nothing when disconnected.
 *
 * The button itself requests nothing: the address comes from wagmi's connection state (a wallet that
 * reconnects on page load shows its short address at once), and the profile name, avatar and balance appear
 * once the modal has been opened for the first time (the first open asks for the account's details). Until
 * then no API, explorer, analytics or RPC request leaves the page because of the kit.
 */
export function AccountButton({ focusSlot }: { focusSlot?: string } = {}) {
  const ownSlot = useId();
  const { locale } = useLocale();
  const { address, profileName, profileImage, balance, balanceSymbol, balanceStatus } = useAccount({
    requestDetails: false,
  });
  const { open } = useModal();
  if (!address) return null;
  return (
    <ViewEnvProvider>
      <Button
        variant="secondary"
        className={b.accountButton}
        onClick={() => open('Account')}
        data-kw-account-button=""
        // The focus slot (components/_lib/focusReturn: FOCUS_SLOT_ATTR), written here without that module,
        // which stays out of the page's first load.
        data-kw-focus-slot={focusSlot ?? ownSlot}
      >
        <Avatar src={profileImage} address={address} alt="" size="sm" />
        <span className={b.accountName} title={profileName ? address : undefined}>
          {profileName ?? shortenAddress(address)}
        </span>
        {balanceStatus === 'success' && balance !== null ? (
          <span className={b.accountBalance}>
            {formatTokenAmount(balance, { maxDecimals: 3, locale })} {balanceSymbol}
          </span>
        ) : null}
      </Button>
    </ViewEnvProvider>
  );
}
