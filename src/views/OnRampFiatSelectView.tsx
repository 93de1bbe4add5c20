import { useState } from 'react';
import { ListItem } from '../components/ListItem/ListItem';
import { Spinner } from '../components/Spinner/Spinner';
import { useModal } from '../hooks/modal/useModal';
import { paymentMethodLabel } from '../hooks/onramp/limits';
import { useOnramp } from '../hooks/onramp/useOnramp';
import { useMessages } from '../i18n/useMessages';
import { PickerEmpty, PickerSearch } from './PickerSearch';
import * as s from './shared.css';

/** The currency's English name ("US Dollar"), or the code where the browser has none. */
const currencyName = (code: string): string => {
  try {
    return new Intl.DisplayNames(['en'], { type: 'currency' }).of(code) ?? code;
  } catch {
    return code;
  }
};

/**
 * Choose the payment currency: the options' currencies with their names and payment methods (the current
 * one marked), searchable by code or name. Choosing one goes back to Buy.
 */
export function OnRampFiatSelectView() {
  const m = useMessages();
  const T = m.onrampFiat;
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
  const rows = onramp.paymentCurrencies
    .map((c) => ({ c, name: currencyName(c.id) }))
    .filter(({ c, name }) => !q || c.id.toLowerCase().includes(q) || name.toLowerCase().includes(q));

  return (
    <div className={s.stack} data-kw-view="OnRampFiatSelect">
      <PickerSearch label={T.search} placeholder={T.searchPlaceholder} query={query} onQuery={setQuery} />
      {rows.length === 0 ? (
        <PickerEmpty>{T.noMatch}</PickerEmpty>
      ) : (
        <ul className={s.list} aria-label={T.list}>
          {rows.map(({ c, name }) => (
            <li key={c.id}>
              <ListItem
                name={c.id}
                description={[name, ...c.payment_method_limits.map((l) => paymentMethodLabel(l.id))].join(
                  ', ',
                )}
                badge={onramp.paymentCurrency?.id === c.id ? T.selected : undefined}
                badgeTone="accent"
                chevron={false}
                onClick={() => {
                  onramp.setPaymentCurrency(c.id);
                  back();
                }}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
