/** The list of configured networks, shared by the Networks and UnsupportedChain views. */
import { ListItem } from '../components/ListItem/ListItem';
import type { KeywayNetwork } from '../core/networks';
import { useMessages } from '../i18n/useMessages';
import * as s from './shared.css';

export interface NetworkListProps {
  networks: readonly KeywayNetwork[];
  activeId: string | null;
  switchingId: string | null;
  /** Image URL per network id (useNetworks().imageUrls). */
  imageUrls: Readonly<Record<string, string>>;
  onSelect: (network: KeywayNetwork) => void;
}

export function NetworkList({ networks, activeId, switchingId, imageUrls, onSelect }: NetworkListProps) {
  const m = useMessages();
  const T = m.networks;
  return (
    <ul className={s.list} aria-label={T.label}>
      {networks.map((n) => (
        <li key={n.id} aria-current={n.id === activeId ? 'true' : undefined}>
          <ListItem
            name={n.name}
            iconUrl={imageUrls[n.id] ?? null}
            iconShape="circle"
            badge={n.id === switchingId ? T.switching : n.id === activeId ? T.active : undefined}
            badgeTone={n.id === activeId ? 'success' : 'accent'}
            chevron={false}
            disabled={switchingId !== null}
            onClick={() => onSelect(n)}
          />
        </li>
      ))}
    </ul>
  );
}
