import { useId } from 'react';
import { Button, type ButtonProps } from '../components/Button/Button';
import { useKeywayStore } from '../hooks/context';
import { useModal } from '../hooks/modal/useModal';
import { useShellMessages } from '../i18n/useShellMessages';
import { AccountButton } from './AccountButton';

export interface ConnectButtonProps extends Omit<ButtonProps, 'onClick' | 'children'> {
  /** The button's text (default: the catalogue's `connectButton.label`, "Connect wallet" in English). */
  label?: string;
  /** Once connected, show the AccountButton instead (default true). */
  showAccount?: boolean;
}

/** Opens the modal on the Connect view; once connected it becomes the AccountButton. */
export function ConnectButton({ label, showAccount = true, ...rest }: ConnectButtonProps) {
  const { open } = useModal();
  const shell = useShellMessages();
  const connected = useKeywayStore('account', (a) => a.isConnected);
  // One focus slot for both faces: a dialog closed by a connection gives focus to the account button, and
  // one closed by a disconnection gives it back to "Connect wallet".
  const slot = useId();
  if (connected && showAccount) return <AccountButton focusSlot={slot} />;
  return (
    // `data-kw-focus-slot`: components/_lib/focusReturn's FOCUS_SLOT_ATTR, kept out of the first load.
    <Button {...rest} data-kw-focus-slot={slot} onClick={() => open('Connect')}>
      {label ?? shell.connectButton.label}
    </Button>
  );
}
