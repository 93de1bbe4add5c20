'use client';

import { useAccount, useConnect } from 'keyway';

/** The README's headless quickstart: the kit's hooks with the page's own markup. */
export function Wallets() {
  const account = useAccount();
  const { wallets, attempt, connect } = useConnect();
  if (account.isConnected) {
    return (
      <button type="button" onClick={() => void account.disconnect()}>
        Disconnect {account.address}
      </button>
    );
  }
  return (
    <ul>
      {wallets
        .filter((w) => w.connectorId)
        .map((w) => (
          <li key={w.id}>
            <button type="button" onClick={() => void connect(w)}>
              {w.name}
            </button>
          </li>
        ))}
      {attempt?.status === 'declined' ? (
        <li role="alert">Request declined in {attempt.wallet.name}</li>
      ) : null}
    </ul>
  );
}
