import { ListItem } from '../components/ListItem/ListItem';
import { usePreferredAccountType } from '../hooks/account-type/usePreferredAccountType';
import { useModal } from '../hooks/modal/useModal';
import { useMessages } from '../i18n/useMessages';

/** The Account view's way to the embedded wallet's settings (only when connected through it). */
export function AccountSettingsEntry() {
  const { isEmbedded } = usePreferredAccountType();
  const { push } = useModal();
  const m = useMessages();
  if (!isEmbedded) return null;
  // Named as the view it opens.
  return <ListItem name={m.titles.AccountSettings} onClick={() => push('AccountSettings')} />;
}
