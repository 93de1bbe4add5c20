import { QrCode } from '@ark-ui/react/qr-code';
import { Button } from '../components/Button/Button';
import { CheckIcon, CopyIcon } from '../components/Icon/Icon';
import { NetworkBadge } from '../components/NetworkBadge/NetworkBadge';
import { isValidEvmAddress, isValidSolanaAddress } from '../core/format';
import type { KeywayNetwork } from '../core/networks';
import { useKeywayStore } from '../hooks/context';
import { useNetworks } from '../hooks/networks/useNetworks';
import * as s from './shared.css';
import { useCopy } from './useCopy';
import * as r from './WalletReceiveView.css';

export const RECEIVE_TEXTS = {
  qrLabel: 'QR code of your address',
  copy: 'Copy address',
  copied: 'Copied',
  networks: 'Networks this address works on',
  warning: (names: string) =>
    `Only send assets on ${names} to this address. Assets sent on another network may be lost.`,
  notConnected: 'No wallet is connected.',
} as const;

/** The networks an address is valid on: every EVM network for a 0x address, every Solana one for a key. */
export function networksForAddress(address: string, networks: readonly KeywayNetwork[]): KeywayNetwork[] {
  if (isValidEvmAddress(address)) return networks.filter((n) => n.chain === 'evm');
  if (isValidSolanaAddress(address)) return networks.filter((n) => n.chain === 'solana');
  return [];
}

function listNames(names: string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
}

/** Receive: the address as a QR code with copy, the networks it is valid on, and a warning. */
export function WalletReceiveView() {
  const address = useKeywayStore('account', (a) => (a.isConnected ? a.address : null));
  const { networks } = useNetworks();
  const { copied, copy } = useCopy();
  if (!address) return <p className={s.status}>{RECEIVE_TEXTS.notConnected}</p>;
  const valid = networksForAddress(address, networks);

  return (
    <div className={`${s.stack} ${r.center}`} data-kw-view="WalletReceive">
      <QrCode.Root value={address} encoding={{ ecc: 'M' }} className={r.qrBox}>
        <div role="img" aria-label={RECEIVE_TEXTS.qrLabel} data-kw-qr={address} className={r.qrFrame}>
          <QrCode.Frame className={r.qrFrame} aria-hidden="true">
            <QrCode.Pattern className={r.qrPattern} />
          </QrCode.Frame>
        </div>
      </QrCode.Root>
      <span className={r.address} data-kw-receive-address="">
        {address}
      </span>
      <Button
        variant="secondary"
        leadingIcon={copied ? <CheckIcon size={16} /> : <CopyIcon size={16} />}
        onClick={() => void copy(address)}
        aria-live="polite"
      >
        {copied ? RECEIVE_TEXTS.copied : RECEIVE_TEXTS.copy}
      </Button>
      {valid.length ? (
        <>
          <ul className={r.networks} aria-label={RECEIVE_TEXTS.networks}>
            {valid.map((n) => (
              <li key={n.id}>
                <NetworkBadge name={n.name} imageUrl={n.imageUrl ?? null} />
              </li>
            ))}
          </ul>
          <p className={r.warning} role="note">
            {RECEIVE_TEXTS.warning(listNames(valid.map((n) => n.name)))}
          </p>
        </>
      ) : null}
    </div>
  );
}
