import { ListItem } from '../components/ListItem/ListItem';
import { useAccount } from '../hooks/account/useAccount';
import { usePreferredAccountType } from '../hooks/account-type/usePreferredAccountType';
import { useModal } from '../hooks/modal/useModal';

export const ACCOUNT_NAME_ENTRY = 'Choose your name';

/**
 * The way to name registration: only for an embedded-wallet account (registration needs the auth
 * connector) whose name lookup answered without a name.
 */
export function AccountNameEntry() {
  const { isEmbedded } = usePreferredAccountType();
  const { profileName, profileStatus } = useAccount();
  const { push } = useModal();
  if (!isEmbedded || profileStatus !== 'success' || profileName) return null;
  return <ListItem name={ACCOUNT_NAME_ENTRY} onClick={() => push('RegisterAccountName')} />;
}
