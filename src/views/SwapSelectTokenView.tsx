import { useMemo, useState } from 'react';
import { TokenRow } from '../components/TokenRow/TokenRow';
import { VirtualList } from '../components/VirtualList/VirtualList';
import { formatTokenAmount, formatUsd } from '../core/format';
import { useModal } from '../hooks/modal/useModal';
import type { SwapTokenItem } from '../hooks/swap/store';
import { useSwap } from '../hooks/swap/useSwap';
import { useLocale } from '../i18n/context';
import { useMessages } from '../i18n/useMessages';
import { PickerEmpty, PickerSearch } from './PickerSearch';
import * as v from './SwapView.css';
import * as s from './shared.css';

const ROW_HEIGHT = 64;
const HEADER_HEIGHT = 36;

type Row =
  | { kind: 'header'; key: string; label: string }
  | { kind: 'token'; key: string; token: SwapTokenItem };

/**
 * Choose a swap token (params `{ target: 'sourceToken' | 'toToken' }`): your tokens first with their
 * balances, then the API's other tokens; searchable by name, symbol or address; virtualized for long lists.
 */
export function SwapSelectTokenView() {
  const { locale } = useLocale();
  const m = useMessages();
  const T = m.swapSelectToken;
  const swap = useSwap({ initialize: false });
  const { back, params } = useModal();
  const [query, setQuery] = useState('');
  const target = params?.target === 'toToken' ? 'toToken' : 'sourceToken';
  const q = query.trim().toLowerCase();
  const rows = useMemo(() => {
    const match = (t: SwapTokenItem) =>
      !q ||
      t.symbol.toLowerCase().includes(q) ||
      t.name.toLowerCase().includes(q) ||
      t.address.toLowerCase().endsWith(q);
    const mine = new Set(swap.myTokensWithBalance.map((t) => t.address.toLowerCase()));
    const yours = swap.myTokensWithBalance.filter(match);
    const others = swap.tokens.filter((t) => !mine.has(t.address.toLowerCase()) && match(t));
    const out: Row[] = [];
    if (yours.length) out.push({ kind: 'header', key: 'h:yours', label: T.yours });
    for (const t of yours) out.push({ kind: 'token', key: `y:${t.address}`, token: t });
    if (others.length) out.push({ kind: 'header', key: 'h:all', label: T.all });
    for (const t of others) out.push({ kind: 'token', key: `a:${t.address}`, token: t });
    return out;
  }, [q, swap.myTokensWithBalance, swap.tokens, T.yours, T.all]);

  const choose = (t: SwapTokenItem) => {
    if (target === 'toToken') swap.setToToken(t);
    else swap.setSourceToken(t);
    back();
  };

  return (
    <div className={s.stack} data-kw-view="SwapSelectToken">
      <PickerSearch label={T.search} placeholder={T.searchPlaceholder} query={query} onQuery={setQuery} />
      {rows.length === 0 ? (
        <PickerEmpty>{T.noMatch}</PickerEmpty>
      ) : (
        <VirtualList
          items={rows}
          getKey={(row) => row.key}
          estimateSize={(row) => (row.kind === 'header' ? HEADER_HEIGHT : ROW_HEIGHT)}
          overscan={6}
          // Before layout (and in environments without one) render a first screenful.
          initialRect={{ width: 360, height: 360 }}
          className={v.viewport}
          aria-label={T.list}
          renderItem={(row) =>
            row.kind === 'header' ? (
              <p className={v.groupLabel}>{row.label}</p>
            ) : (
              <TokenRow
                symbol={row.token.symbol}
                name={row.token.name}
                iconUrl={row.token.logoUri || null}
                quantity={formatTokenAmount(row.token.quantity.numeric, { locale })}
                {...(row.token.value > 0 ? { value: formatUsd(String(row.token.value), { locale }) } : {})}
                onClick={() => choose(row.token)}
              />
            )
          }
        />
      )}
    </div>
  );
}
