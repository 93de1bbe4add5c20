import { ListItem } from '../components/ListItem/ListItem';
import { usePreferredAccountType } from '../hooks/account-type/usePreferredAccountType';
import { useModal } from '../hooks/modal/useModal';

export const ACCOUNT_SETTINGS_ENTRY = 'Account settings';

/** The Account view's way to the embedded wallet's settings (only when connected through it). */
export function AccountSettingsEntry() {
  const { isEmbedded } = usePreferredAccountType();
  const { push } = useModal();
  if (!isEmbedded) return null;
  return <ListItem name={ACCOUNT_SETTINGS_ENTRY} onClick={() => push('AccountSettings')} />;
}
