import { ListItem } from '../components/ListItem/ListItem';
import { Spinner } from '../components/Spinner/Spinner';
import { useModal } from '../hooks/modal/useModal';
import { useOnramp } from '../hooks/onramp/useOnramp';
import { useMessages } from '../i18n/useMessages';
import { SearchPicker } from './PickerSearch';
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
  if (onramp.status !== 'ready') {
    return (
      <div className={s.status}>
        <Spinner label={m.buy.loading} />
      </div>
    );
  }
  const rows = onramp.purchaseCurrencies.flatMap((c) => c.networks.map((n) => ({ c, n })));

  return (
    <SearchPicker
      view="OnRampTokenSelect"
      searchLabel={T.search}
      searchPlaceholder={T.searchPlaceholder}
      listLabel={T.list}
      noMatch={T.noMatch}
      items={rows}
      matches={({ c, n }, q) =>
        [c.name, c.symbol, n.display_name, n.name].some((t) => t.toLowerCase().includes(q))
      }
      getKey={({ c, n }) => `${c.id}:${n.name}`}
      renderItem={({ c, n }) => (
        <ListItem
          name={`${c.name} (${c.symbol})`}
          description={T.onNetwork({ network: n.display_name })}
          badge={
            onramp.purchaseCurrency?.id === c.id && onramp.network?.name === n.name ? T.selected : undefined
          }
          badgeTone="accent"
          chevron={false}
          onClick={() => {
            onramp.setPurchaseCurrency(c.id);
            onramp.setNetwork(n.name);
            back();
          }}
        />
      )}
    />
  );
}
