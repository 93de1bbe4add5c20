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
  if (connected && showAccount) return <AccountButton />;
  return (
    <Button {...rest} onClick={() => open('Connect')}>
      {label ?? shell.connectButton.label}
    </Button>
  );
}
