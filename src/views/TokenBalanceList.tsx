/**
 * The connected account's token balances as a list of rows (symbol, name, quantity, value): the Account view's
 * Tokens tab shows it, the send token picker lets the user choose from it.
 */
import { TokenRow } from '../components/TokenRow/TokenRow';
import { formatTokenAmount, formatUsd } from '../core/format';
import type { TokenBalance } from '../hooks/balances/store';
import { useLocale } from '../i18n/context';
import * as c from './TokenBalanceList.css';

export interface TokenBalanceListProps {
  balances: readonly TokenBalance[];
  /** The list's accessible name. */
  label: string;
  /** Makes each row a button that picks its token. */
  onSelect?: (balance: TokenBalance) => void;
  className?: string;
}

export function TokenBalanceList({ balances, label, onSelect, className }: TokenBalanceListProps) {
  // Quantities and values written for the active locale (the store's formatted fields are en-US).
  const { locale } = useLocale();
  return (
    <ul className={className ? `${c.list} ${className}` : c.list} aria-label={label}>
      {balances.map((b) => (
        <li key={b.id}>
          <TokenRow
            symbol={b.symbol}
            name={b.name}
            iconUrl={b.iconUrl || null}
            quantity={formatTokenAmount(b.quantity, { locale })}
            value={formatUsd(b.valueUsd, { locale })}
            {...(onSelect ? { onClick: () => onSelect(b) } : {})}
          />
        </li>
      ))}
    </ul>
  );
}
