import {
  KeywayError,
  type KitMessage,
  useAccount,
  useConnect,
  useEmailLogin,
  useNetworks,
  usePairing,
  useSend,
} from 'keyway';
import { useState } from 'react';

/**
 * This page's own words for what the kit reports. The hooks give messages as data (a code, its values, and a
 * wallet's or server's own words as `reason`); a host with its own UI writes them as it likes, in its language.
 * These are the ones this page can meet; any other reads as its code.
 */
function say(message: KitMessage | null): string {
  if (!message) return '';
  if (message.reason) return message.reason;
  const v = message.values ?? {};
  switch (message.code) {
    case 'selectToken':
      return 'Choose a token';
    case 'enterAmount':
      return 'Enter an amount';
    case 'enterReceiver':
      return 'Enter a receiver';
    case 'resolving':
      return 'Looking up the name…';
    case 'gasLoading':
      return 'Getting the fee…';
    case 'notNumeric':
    case 'notPositive':
      return 'Enter a positive number';
    case 'tooManyDecimals':
      return `${v.symbol} takes at most ${v.decimals} decimals`;
    case 'aboveBalance':
    case 'noRoomForFee':
      return `Not enough ${v.symbol}`;
    case 'invalidAddress':
    case 'invalidSolanaAddress':
    case 'checksum':
      return 'Check the address';
    case 'nameNotFound':
      return `Nobody is called ${v.name}`;
    case 'invalidEmail':
      return 'Check the email address';
    case 'cooldown':
      return `Wait ${v.seconds} s`;
    default:
      return `Failed (${message.code})`;
  }
}

function errorText(error: unknown): string {
  if (error instanceof KeywayError) return say(error.detail);
  return error instanceof Error ? error.message : String(error);
}

function WalletList() {
  const { wallets, attempt, isConnecting, connect, retry } = useConnect();
  // Wallets this page can connect directly: the ones with a connector (announced or injected).
  const installed = wallets.filter((w) => w.connectorId);
  return (
    <section aria-labelledby="wallets-heading">
      <h2 id="wallets-heading">Wallets</h2>
      {installed.length === 0 ? <p>No wallet found in this browser.</p> : null}
      <ul className="hl-list">
        {installed.map((w) => (
          <li key={w.id}>
            <button type="button" disabled={isConnecting} onClick={() => void connect(w)}>
              Connect {w.name}
            </button>
          </li>
        ))}
      </ul>
      {attempt ? (
        <p role="status" data-testid="attempt" data-status={attempt.status}>
          {attempt.wallet.name}: {attempt.status}
          {attempt.status === 'declined' || attempt.status === 'error' ? (
            <>
              {' '}
              <button type="button" onClick={() => void retry()}>
                Try again
              </button>
            </>
          ) : null}
        </p>
      ) : null}
    </section>
  );
}

/**
 * Pairing by QR code with `usePairing` alone: the link a phone wallet pairs from (this page shows it as text;
 * a real page would draw it as a QR code), its countdown, and the declined or failed state with Try again.
 */
function PairingPanel() {
  const pairing = usePairing();
  const seconds = Math.ceil(pairing.remaining / 1000);
  return (
    <section aria-labelledby="pairing-heading">
      <h2 id="pairing-heading">Pair a phone wallet</h2>
      {pairing.status === 'idle' || pairing.status === 'connected' ? (
        <button type="button" onClick={() => void pairing.start()}>
          Start pairing
        </button>
      ) : null}
      {pairing.status === 'pairing' ? (
        <>
          <label>
            Pairing link
            <textarea readOnly rows={3} value={pairing.buffering ? '' : (pairing.uri ?? '')} />
          </label>
          <p role="status">
            {pairing.buffering
              ? 'Making a pairing link…'
              : `Expires in ${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`}
          </p>
          <button type="button" onClick={() => pairing.cancel()}>
            Cancel
          </button>
        </>
      ) : null}
      {pairing.status === 'declined' || pairing.status === 'error' ? (
        <p role="alert">
          {pairing.status === 'declined' ? 'Connection declined' : 'Pairing failed'}: {say(pairing.error)}{' '}
          <button type="button" onClick={() => void pairing.retry()}>
            Try again
          </button>
        </p>
      ) : null}
    </section>
  );
}

/** Email login through the embedded wallet: the address, then the 6-digit code mailed to it. */
function EmailLoginPanel() {
  const login = useEmailLogin();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  if (!login.available) return null;
  const busy = login.status === 'sending' || login.status === 'verifying' || login.status === 'connecting';
  const error = login.error ? <p role="alert">{say(login.error)}</p> : null;
  return (
    <section aria-labelledby="email-heading">
      <h2 id="email-heading">Log in by email</h2>
      {login.step === 'email' ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void login.submitEmail(email);
          }}
        >
          <label>
            Email <input autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
          </label>{' '}
          <button type="submit" disabled={busy}>
            Send code
          </button>
          {error}
        </form>
      ) : login.step === 'otp' ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void login.submitOtp(code);
          }}
        >
          <p>Enter the code sent to {login.email}.</p>
          <label>
            Code{' '}
            <input
              autoComplete="one-time-code"
              inputMode="numeric"
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
          </label>{' '}
          <button type="submit" disabled={busy}>
            Verify
          </button>
          {error}
        </form>
      ) : (
        <p>Approve this device: follow the link sent to {login.email}.</p>
      )}
    </section>
  );
}

/** Send with the kit's send state: token, amount, receiver (address or name); validated before it is sent. */
function SendPanel() {
  const send = useSend();
  const { validation } = send;
  // The submit's own result says why a transfer failed (the kit's toasts are the styled modal's).
  const [failure, setFailure] = useState<KitMessage | null>(null);
  return (
    <section aria-labelledby="send-heading">
      <h2 id="send-heading">Send</h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void send.submit().then((result) => setFailure(result.status === 'error' ? result.message : null));
        }}
      >
        <p>
          <label>
            Token{' '}
            <select
              value={send.token?.id ?? ''}
              onChange={(e) => send.setToken(send.balances.find((b) => b.id === e.target.value) ?? null)}
            >
              <option value="">Choose a token</option>
              {send.balances.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.symbol}
                </option>
              ))}
            </select>
          </label>
        </p>
        <p>
          <label>
            Amount{' '}
            <input
              inputMode="decimal"
              value={send.sendTokenAmount}
              onChange={(e) => send.setAmount(e.target.value)}
            />
          </label>
          {validation.amountError ? <span role="alert"> {say(validation.amountError)}</span> : null}
        </p>
        <p>
          <label>
            To <input value={send.receiverInput} onChange={(e) => void send.setReceiver(e.target.value)} />
          </label>
          {validation.receiverError ? <span role="alert"> {say(validation.receiverError)}</span> : null}
        </p>
        <button type="submit" disabled={!validation.valid || send.sending}>
          {send.sending ? 'Sending…' : validation.valid ? 'Send' : say(validation.action)}
        </button>
      </form>
      {send.status === 'success' && send.txHash ? (
        <p role="status" data-testid="send-result" data-status="sent">
          Sent in transaction <code>{send.txHash}</code>
        </p>
      ) : null}
      {send.status === 'error' ? (
        <p role="alert" data-testid="send-result" data-status="error">
          {failure ? say(failure) : 'The transfer failed'}
        </p>
      ) : null}
    </section>
  );
}

function AccountPanel() {
  const account = useAccount();
  const { networks, activeNetwork, switchNetwork, switching } = useNetworks();
  const [error, setError] = useState<string | null>(null);
  const balance =
    account.balanceStatus === 'success' && account.balance !== null
      ? `${account.balance} ${account.balanceSymbol ?? ''}`.trim()
      : account.balanceStatus === 'error'
        ? 'Balance unavailable'
        : 'Loading…';
  return (
    <section aria-labelledby="account-heading">
      <h2 id="account-heading">Account</h2>
      <dl className="hl-facts">
        <dt>Address</dt>
        <dd data-testid="address">{account.address}</dd>
        <dt>Network</dt>
        <dd data-testid="network">{activeNetwork.name}</dd>
        <dt>Balance</dt>
        <dd data-testid="balance" data-status={account.balanceStatus}>
          {balance}
        </dd>
      </dl>
      <h3>Switch network</h3>
      <ul className="hl-list">
        {networks.map((n) => (
          <li key={n.id}>
            <button
              type="button"
              aria-pressed={n.id === activeNetwork.id}
              disabled={switching !== null || n.id === activeNetwork.id}
              onClick={() => {
                setError(null);
                switchNetwork(n.id).catch((e: unknown) => setError(errorText(e)));
              }}
            >
              {n.name}
            </button>
          </li>
        ))}
      </ul>
      {error ? <p role="alert">{error}</p> : null}
      <button
        type="button"
        onClick={() => {
          setError(null);
          account.disconnect().catch((e: unknown) => setError(errorText(e)));
        }}
      >
        Disconnect
      </button>
    </section>
  );
}

export function HeadlessApp() {
  const { isConnected } = useAccount({ requestDetails: false });
  return (
    <main className="hl-main">
      <h1>Keyway headless playground</h1>
      <p>This page builds its own UI from the kit's hooks only.</p>
      {isConnected ? (
        <>
          <AccountPanel />
          <SendPanel />
        </>
      ) : (
        <>
          <WalletList />
          <PairingPanel />
          <EmailLoginPanel />
        </>
      )}
      <p>
        <a href="/">Styled page</a>
      </p>
    </main>
  );
}
