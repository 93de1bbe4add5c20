import { useState } from 'react';
import { Spinner } from '../components/Spinner/Spinner';
import { useBalances } from '../hooks/balances/useBalances';
import { useModal } from '../hooks/modal/useModal';
import { useSend } from '../hooks/send/useSend';
import { useMessages } from '../i18n/useMessages';
import { PickerEmpty, PickerSearch } from './PickerSearch';
import * as s from './shared.css';
import { TokenBalanceList } from './TokenBalanceList';
import * as v from './WalletSendView.css';

/** Choose the token to send: the balances of the active network, searchable by name or symbol. */
export function WalletSendSelectTokenView() {
  const m = useMessages();
  const T = m.sendSelectToken;
  const { balances, loaded, status } = useBalances();
  const { setToken } = useSend();
  const { back } = useModal();
  const [query, setQuery] = useState('');
  const q = query.trim().toLowerCase();
  const shown = q
    ? balances.filter((b) => b.symbol.toLowerCase().includes(q) || b.name.toLowerCase().includes(q))
    : balances;

  return (
    <div className={s.stack} data-kw-view="WalletSendSelectToken">
      <PickerSearch label={T.search} placeholder={T.searchPlaceholder} query={query} onQuery={setQuery} />
      {!loaded ? (
        status === 'error' ? (
          <p className={s.status}>{T.failed}</p>
        ) : (
          <div className={s.status}>
            <Spinner label={m.loading.tokens} />
          </div>
        )
      ) : shown.length === 0 ? (
        <PickerEmpty>{balances.length === 0 ? T.empty : T.noMatch}</PickerEmpty>
      ) : (
        <TokenBalanceList
          balances={shown}
          label={T.list}
          className={v.tokenList}
          onSelect={(b) => {
            setToken(b);
            back();
          }}
        />
      )}
    </div>
  );
}
