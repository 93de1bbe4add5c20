import { Avatar } from '../components/Avatar/Avatar';
import { Button } from '../components/Button/Button';
import { formatTokenAmount, shortenAddress } from '../core/format';
import { useAccount } from '../hooks/account/useAccount';
import { useModal } from '../hooks/modal/useModal';
import * as b from './Buttons.css';
import { useAllowLocalhost } from './useViewEnv';

/** The connected account (name or short address, balance); opens the Account view. Nothing when disconnected. */
export function AccountButton() {
  const { address, profileName, profileImage, balance, balanceSymbol, balanceStatus } = useAccount();
  const { open } = useModal();
  const allowLocalhost = useAllowLocalhost();
  if (!address) return null;
  return (
    <Button
      variant="secondary"
      className={b.accountButton}
      onClick={() => open('Account')}
      data-kw-account-button=""
    >
      <Avatar src={profileImage} address={address} alt="" size="sm" allowLocalhost={allowLocalhost} />
      <span className={b.accountName}>{profileName ?? shortenAddress(address)}</span>
      {balanceStatus === 'success' && balance !== null ? (
        <span className={b.accountBalance}>
          {formatTokenAmount(balance, { maxDecimals: 3 })} {balanceSymbol}
        </span>
      ) : null}
    </Button>
  );
}
