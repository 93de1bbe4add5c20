/** The button beside an amount that shows the chosen token and opens its picker (swap and send). */
import { Button } from '../components/Button/Button';
import { Image } from '../components/Image/Image';
import { capText, MAX_TEXT } from '../core/text';
import * as c from './TokenPickerButton.css';

export interface TokenPickerButtonProps {
  /** The chosen token, or null before one is chosen. */
  token: { symbol: string; iconUrl: string | null } | null;
  /** The text (and name) while no token is chosen, e.g. "Select token". */
  selectLabel: string;
  /** The accessible name with a token chosen, e.g. "Change token (ETH)". */
  changeLabel: (symbol: string) => string;
  onClick: () => void;
}

export function TokenPickerButton({ token, selectLabel, changeLabel, onClick }: TokenPickerButtonProps) {
  const symbol = token ? capText(token.symbol, MAX_TEXT.symbol) : null;
  return (
    <Button
      type="button"
      variant="secondary"
      size="sm"
      className={c.tokenButton}
      aria-label={symbol ? changeLabel(symbol) : selectLabel}
      leadingIcon={token ? <Image src={token.iconUrl} alt="" size="sm" shape="circle" /> : undefined}
      onClick={onClick}
    >
      {symbol ?? selectLabel}
    </Button>
  );
}
