import { useId } from 'react';
import { Button, type ButtonProps } from '../components/Button/Button';
import { Spinner } from '../components/Spinner/Spinner';
import { useKeywayStore } from '../hooks/context';
import { useModal } from '../hooks/modal/useModal';
import { useShellMessages } from '../i18n/useShellMessages';
import { AccountButton } from './AccountButton';
import * as c from './ConnectButton.css';

export interface ConnectButtonProps extends Omit<ButtonProps, 'onClick' | 'children'> {
  /** The button's text (default: the catalogue's `connectButton.label`, "Connect wallet" in English). */
  label?: string;
  /** Once connected, show the AccountButton instead (default true). */
  showAccount?: boolean;
}

/**
 * Opens the modal on the Connect view; once connected it becomes the AccountButton. While a remembered
 * connection is being restored (a reload), it shows a spinner in the same size instead of its label, named
 * "Reconnecting…" for screen readers and doing nothing when pressed, so "Connect wallet" never flashes before
 * the wallet is back.
 */
export function ConnectButton({ label, showAccount = true, ...rest }: ConnectButtonProps) {
  const { open } = useModal();
  const shell = useShellMessages();
  const connected = useKeywayStore('account', (a) => a.isConnected);
  const restoring = useKeywayStore('account', (a) => !a.isConnected && a.status === 'reconnecting');
  // One focus slot for both faces: a dialog closed by a connection gives focus to the account button, and
  // one closed by a disconnection gives it back to "Connect wallet".
  const slot = useId();
  if (connected && showAccount) return <AccountButton focusSlot={slot} />;
  const text = label ?? shell.connectButton.label;
  if (restoring) {
    return (
      <Button
        {...rest}
        className={[c.restoring, rest.className].filter(Boolean).join(' ')}
        data-kw-focus-slot={slot}
        data-kw-restoring=""
        aria-busy="true"
        aria-disabled="true"
        aria-label={shell.connectButton.restoring}
        onClick={(e) => e.preventDefault()}
      >
        <span className={c.hiddenLabel} aria-hidden="true">
          {text}
        </span>
        <span className={c.centered}>
          <Spinner size="sm" label={null} />
        </span>
      </Button>
    );
  }
  return (
    // `data-kw-focus-slot`: components/_lib/focusReturn's FOCUS_SLOT_ATTR, kept out of the first load.
    <Button {...rest} data-kw-focus-slot={slot} onClick={() => open('Connect')}>
      {text}
    </Button>
  );
}
