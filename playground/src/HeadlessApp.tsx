import { useAccount, useConnect, useNetworks } from 'keyway';
import { useState } from 'react';

function errorText(error: unknown): string {
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
      {isConnected ? <AccountPanel /> : <WalletList />}
      <p>
        <a href="/">Styled page</a>
      </p>
    </main>
  );
}
