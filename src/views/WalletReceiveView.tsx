import { useId } from 'react';
import { Button } from '../components/Button/Button';
import { CheckIcon, CopyIcon } from '../components/Icon/Icon';
import { NetworkBadge } from '../components/NetworkBadge/NetworkBadge';
import { QrCode } from '../components/QrCode/QrCode';
import { isValidEvmAddress, isValidSolanaAddress } from '../core/format';
import type { KeywayNetwork } from '../core/networks';
import { useKeywayStore } from '../hooks/context';
import { useNetworks } from '../hooks/networks/useNetworks';
import { useLocale } from '../i18n/context';
import { formatOrList } from '../i18n/intl';
import { useMessages } from '../i18n/useMessages';
import * as s from './shared.css';
import { useCopy } from './useCopy';
import * as r from './WalletReceiveView.css';

/** The networks an address is valid on: every EVM network for a 0x address, every Solana one for a key. */
export function networksForAddress(address: string, networks: readonly KeywayNetwork[]): KeywayNetwork[] {
  if (isValidEvmAddress(address)) return networks.filter((n) => n.chain === 'evm');
  if (isValidSolanaAddress(address)) return networks.filter((n) => n.chain === 'solana');
  return [];
}

/** Receive: the address as a QR code with copy, the networks it is valid on, and a warning. */
export function WalletReceiveView() {
  const m = useMessages();
  const { locale } = useLocale();
  const T = m.receive;
  const address = useKeywayStore('account', (a) => (a.isConnected ? a.address : null));
  const { networks } = useNetworks();
  const { copied, copy } = useCopy();
  const addressId = `kw-receive-address-${useId()}`;
  if (!address) return <p className={s.status}>{m.common.notConnected}</p>;
  const valid = networksForAddress(address, networks);

  return (
    <div className={`${s.stack} ${r.center}`} data-kw-view="WalletReceive">
      {/* The code's text alternative is the address written out under it. */}
      <QrCode
        value={address}
        size={232}
        label={T.qrLabel}
        loadingLabel={m.components.qrLoading}
        describedBy={addressId}
      />
      <span id={addressId} className={r.address} data-kw-receive-address="">
        {address}
      </span>
      <Button
        variant="secondary"
        leadingIcon={copied ? <CheckIcon size={16} /> : <CopyIcon size={16} />}
        onClick={() => void copy(address)}
        aria-live="polite"
      >
        {copied ? m.common.copied : T.copy}
      </Button>
      {valid.length ? (
        <>
          <ul className={r.networks} aria-label={T.networks}>
            {valid.map((n) => (
              <li key={n.id}>
                <NetworkBadge
                  name={n.name}
                  imageUrl={n.imageUrl ?? null}
                  unsupportedLabel={m.components.unsupportedNetwork}
                />
              </li>
            ))}
          </ul>
          <p className={r.warning} role="note">
            {T.warning({
              networks: formatOrList(
                valid.map((n) => n.name),
                locale,
              ),
            })}
          </p>
        </>
      ) : null}
    </div>
  );
}
