import { Avatar } from '../components/Avatar/Avatar';
import { Button, IconButton } from '../components/Button/Button';
import { CheckIcon, CopyIcon, ExternalIcon } from '../components/Icon/Icon';
import { ListItem } from '../components/ListItem/ListItem';
import { NetworkBadge } from '../components/NetworkBadge/NetworkBadge';
import { Skeleton } from '../components/Skeleton/Skeleton';
import { formatTokenAmount, shortenAddress } from '../core/format';
import { kitMessage } from '../core/messages';
import { useAccount } from '../hooks/account/useAccount';
import { useModal } from '../hooks/modal/useModal';
import { useNetworks } from '../hooks/networks/useNetworks';
import { useToasts } from '../hooks/toasts/useToasts';
import { useLocale } from '../i18n/context';
import { useMessages } from '../i18n/useMessages';
import { AccountNameEntry } from './AccountNameEntry';
import { AccountSettingsEntry } from './AccountSettingsEntry';
import * as c from './AccountView.css';
import { AccountWalletFeatures } from './AccountWalletFeatures';
import { AccountTokensList } from './lazyParts';
import * as s from './shared.css';
import { useCopy } from './useCopy';

/** Loads the code of the Account view's default tab (Tokens), so that it shows without a loading frame. */
export function preloadAccountTabs(): Promise<unknown> {
  return AccountTokensList.preload().catch(() => undefined);
}

/** The connected account: name or address, avatar, balance, network, explorer link, copy, disconnect. */
export function AccountView() {
  const { locale } = useLocale();
  const m = useMessages();
  const T = m.account;
  const account = useAccount();
  const { activeNetwork, isUnsupported, imageUrls } = useNetworks();
  const { push } = useModal();
  const { show } = useToasts();
  const { copied, copy } = useCopy();
  const { address, profileName, profileImage, balance, balanceSymbol, balanceStatus } = account;
  if (!address) return <p className={s.status}>{m.common.notConnected}</p>;

  const shown = profileName ?? shortenAddress(address);
  const onCopy = async () => {
    if (await copy(address)) show({ message: kitMessage('addressCopied'), variant: 'success' });
  };

  return (
    // data-kw-profile: the name lookup's status (the name or the name offer shows once it answered).
    <div className={s.stack} data-kw-view="Account" data-kw-profile={account.profileStatus}>
      <div className={c.header}>
        <Avatar src={profileImage} address={address} alt="" size="xl" />
        <span className={c.nameRow}>
          <span className={c.name} title={address} data-kw-account-name="">
            {shown}
          </span>
          <IconButton
            aria-label={T.copyAddress}
            icon={copied ? <CheckIcon size={16} /> : <CopyIcon size={16} />}
            size="sm"
            onClick={() => void onCopy()}
          />
        </span>
        {profileName ? <span className={s.muted}>{shortenAddress(address)}</span> : null}
        <span className={c.balance} data-kw-balance="">
          {balanceStatus === 'success' && balance !== null ? (
            `${formatTokenAmount(balance, { maxDecimals: 4, locale })} ${balanceSymbol ?? ''}`.trim()
          ) : balanceStatus === 'error' ? (
            T.balanceUnavailable
          ) : (
            <Skeleton shape="text" width="1/3" />
          )}
        </span>
        <NetworkBadge
          name={activeNetwork.name}
          imageUrl={imageUrls[activeNetwork.id] ?? null}
          unsupported={isUnsupported}
          unsupportedLabel={m.components.unsupportedNetwork}
          onClick={() => push(isUnsupported ? 'UnsupportedChain' : 'Networks')}
        />
      </div>
      {account.hasMultipleAddresses && account.allAccounts.length > 1 ? (
        <fieldset className={c.fieldset}>
          <legend className={c.legend}>{T.addresses}</legend>
          <ul className={s.list}>
            {account.allAccounts.map((a) => (
              <li key={a}>
                <ListItem
                  name={account.addressLabels[a.toLowerCase()] ?? shortenAddress(a)}
                  icon={<Avatar address={a} alt="" size="sm" />}
                  badge={a === address ? T.selected : undefined}
                  badgeTone="accent"
                  chevron={false}
                  onClick={() => account.selectAddress(a)}
                />
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}
      <AccountWalletFeatures />
      <AccountNameEntry offer />
      <AccountSettingsEntry />
      {account.addressExplorerUrl ? (
        <ListItem
          name={T.explorer}
          icon={<ExternalIcon size={20} />}
          href={account.addressExplorerUrl}
          external
        />
      ) : null}
      <Button
        variant="secondary"
        fullWidth
        loading={account.disconnecting}
        onClick={() => void account.disconnect().catch(() => undefined)}
      >
        {T.disconnect}
      </Button>
    </div>
  );
}
