import { useState } from 'react';
import { ListItem } from '../components/ListItem/ListItem';
import { Spinner } from '../components/Spinner/Spinner';
import { useModal } from '../hooks/modal/useModal';
import { useOnramp } from '../hooks/onramp/useOnramp';
import { useMessages } from '../i18n/useMessages';
import { PickerEmpty, PickerSearch } from './PickerSearch';
import * as s from './shared.css';

/**
 * Choose what to buy: every purchase currency on each of its networks (one row per pair, the current choice
 * marked), searchable by token name, symbol or network. Choosing a row sets both and goes back to Buy.
 */
export function OnRampTokenSelectView() {
  const m = useMessages();
  const T = m.onrampToken;
  const onramp = useOnramp();
  const { back } = useModal();
  const [query, setQuery] = useState('');
  if (onramp.status !== 'ready') {
    return (
      <div className={s.status}>
        <Spinner label={m.buy.loading} />
      </div>
    );
  }
  const q = query.trim().toLowerCase();
  const rows = onramp.purchaseCurrencies.flatMap((c) =>
    c.networks
      .filter(
        (n) => !q || [c.name, c.symbol, n.display_name, n.name].some((t) => t.toLowerCase().includes(q)),
      )
      .map((n) => ({ c, n })),
  );

  return (
    <div className={s.stack} data-kw-view="OnRampTokenSelect">
      <PickerSearch label={T.search} placeholder={T.searchPlaceholder} query={query} onQuery={setQuery} />
      {rows.length === 0 ? (
        <PickerEmpty>{T.noMatch}</PickerEmpty>
      ) : (
        <ul className={s.list} aria-label={T.list}>
          {rows.map(({ c, n }) => {
            const chosen = onramp.purchaseCurrency?.id === c.id && onramp.network?.name === n.name;
            return (
              <li key={`${c.id}:${n.name}`}>
                <ListItem
                  name={`${c.name} (${c.symbol})`}
                  description={T.onNetwork({ network: n.display_name })}
                  badge={chosen ? T.selected : undefined}
                  badgeTone="accent"
                  chevron={false}
                  onClick={() => {
                    onramp.setPurchaseCurrency(c.id);
                    onramp.setNetwork(n.name);
                    back();
                  }}
                />
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
