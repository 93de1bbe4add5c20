import type { MouseEventHandler } from 'react';
import { capText, MAX_TEXT } from '../../core/text';
import { Image } from '../Image/Image';
import { end, interactive, main, numeric, primary, row, secondary } from './TokenRow.css';

export interface TokenRowProps {
  /** Token symbol, e.g. "USDC" (untrusted; capped). */
  symbol: string;
  /** Token name, e.g. "USD Coin" (untrusted; capped). */
  name: string;
  iconUrl?: string | null;
  /** Already formatted by the caller, e.g. "1,250.50". Shown as "1,250.50 USDC". */
  quantity: string;
  /** Already formatted by the caller, e.g. "$1,250.50". */
  value?: string;
  /** Makes the row a button (e.g. choose this token). */
  onClick?: MouseEventHandler<HTMLButtonElement>;
  disabled?: boolean;
  className?: string;
}

/** A token balance: icon, name, quantity with symbol, USD value. All numbers arrive formatted. */
export function TokenRow({
  symbol,
  name,
  iconUrl,
  quantity,
  value,
  onClick,
  disabled,
  className,
}: TokenRowProps) {
  const sym = capText(symbol, MAX_TEXT.symbol);
  const tokenName = capText(name, MAX_TEXT.name);
  const qty = capText(quantity, MAX_TEXT.amount);
  const usd = value ? capText(value, MAX_TEXT.amount) : '';
  const content = (
    <>
      <Image src={iconUrl} alt="" size="lg" shape="circle" />
      <span className={main}>
        <span className={primary} title={tokenName}>
          {tokenName}
        </span>
        <span className={`${secondary} ${numeric}`}>
          {/* An amount reads left to right in right-to-left text too: `<0.001 DAI`, never `DAI 0.001>`. */}
          <span dir="ltr">
            {qty} {sym}
          </span>
        </span>
      </span>
      {usd ? (
        <span className={end}>
          <span className={`${primary} ${numeric}`}>
            <span dir="ltr">{usd}</span>
          </span>
        </span>
      ) : null}
    </>
  );
  const cls = [row, onClick && interactive, className].filter(Boolean).join(' ');
  if (onClick) {
    return (
      <button type="button" className={cls} onClick={onClick} disabled={disabled} data-kw-token-row={sym}>
        {content}
      </button>
    );
  }
  return (
    <div className={cls} data-kw-token-row={sym}>
      {content}
    </div>
  );
}
