import { ListItem } from '../components/ListItem/ListItem';
import { Spinner } from '../components/Spinner/Spinner';
import { useModal } from '../hooks/modal/useModal';
import { useOnramp } from '../hooks/onramp/useOnramp';
import { paymentMethodText } from '../i18n/messageText';
import { useMessages } from '../i18n/useMessages';
import { SearchPicker } from './PickerSearch';
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
  if (onramp.status !== 'ready') {
    return (
      <div className={s.status}>
        <Spinner label={m.buy.loading} />
      </div>
    );
  }
  const rows = onramp.paymentCurrencies.map((c) => ({ c, name: currencyName(c.id) }));

  return (
    <SearchPicker
      view="OnRampFiatSelect"
      searchLabel={T.search}
      searchPlaceholder={T.searchPlaceholder}
      listLabel={T.list}
      noMatch={T.noMatch}
      items={rows}
      matches={({ c, name }, q) => c.id.toLowerCase().includes(q) || name.toLowerCase().includes(q)}
      getKey={({ c }) => c.id}
      renderItem={({ c, name }) => (
        <ListItem
          name={c.id}
          description={[name, ...c.payment_method_limits.map((l) => paymentMethodText(m, l.id))].join(', ')}
          badge={onramp.paymentCurrency?.id === c.id ? T.selected : undefined}
          badgeTone="accent"
          chevron={false}
          onClick={() => {
            onramp.setPaymentCurrency(c.id);
            back();
          }}
        />
      )}
    />
  );
}
