import { useEffect, useState, useSyncExternalStore } from 'react';
import { formatEther, hexToString, isHex } from 'viem';
import { decodeBase58 } from '../../src/chains/solana/address.ts';
import { describeSolanaTransaction, type PendingRequest, type PhoneWallet } from './wallet';

/** What a person must see before approving a request: the message, or where the money goes. */
function describe(request: PendingRequest): string {
  const params = Array.isArray(request.params) ? request.params : [];
  switch (request.method) {
    case 'personal_sign': {
      const message = String(params[0] ?? '');
      return isHex(message) ? hexToString(message) : message;
    }
    case 'eth_sendTransaction': {
      const tx = (params[0] ?? {}) as { to?: string; value?: string; data?: string };
      const value = tx.value ? formatEther(BigInt(tx.value)) : '0';
      return `Send ${value} ETH to ${tx.to ?? '?'}${tx.data && tx.data !== '0x' ? ' (with contract data)' : ''}`;
    }
    case 'solana_signAndSendTransaction':
    case 'solana_signTransaction': {
      const { transaction } = (request.params ?? {}) as { transaction?: unknown };
      return typeof transaction === 'string' ? describeSolanaTransaction(transaction) : 'No transaction';
    }
    case 'solana_signMessage': {
      const { message } = (request.params ?? {}) as { message?: unknown };
      const bytes = typeof message === 'string' ? decodeBase58(message) : null;
      return bytes ? new TextDecoder().decode(bytes) : 'A message that could not be read';
    }
    case 'wallet_switchEthereumChain': {
      const chainId = (params[0] as { chainId?: string } | undefined)?.chainId ?? '?';
      return `Switch to chain ${Number(chainId)}`;
    }
    default:
      return JSON.stringify(request.params).slice(0, 400);
  }
}

/** Reject and Approve, as every decision of the wallet is offered. */
function Decision(props: { busy: boolean; onReject: () => void; onApprove: () => void }) {
  return (
    <div className="row">
      <button type="button" disabled={props.busy} onClick={props.onReject}>
        Reject
      </button>
      <button type="button" className="primary" disabled={props.busy} onClick={props.onApprove}>
        Approve
      </button>
    </div>
  );
}

export function PhoneApp({
  wallet,
  initialUri,
  solana = false,
}: {
  wallet: PhoneWallet;
  initialUri: string | null;
  /** Whether the wallet serves a Solana network too (its address is shown). */
  solana?: boolean;
}) {
  const state = useSyncExternalStore(wallet.subscribe, wallet.getState);
  const [uri, setUri] = useState(initialUri ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  // Opened as a deep link (`?uri=wc:…`): pair at once, as a wallet app does.
  useEffect(() => {
    if (initialUri?.startsWith('wc:')) void wallet.pair(initialUri).catch((e: Error) => setError(e.message));
  }, [wallet, initialUri]);

  return (
    <main className="phone">
      <section className="card" aria-labelledby="phone-title">
        <h1 id="phone-title">Keyway Phone Wallet</h1>
        <p className="muted">A test wallet of the local stack, paired over its WalletConnect relay.</p>
        <p className="mono">
          <span className="muted">Account </span>
          {state.address}
        </p>
        {solana ? (
          <p className="mono">
            <span className="muted">Solana </span>
            {state.solanaAddress}
          </p>
        ) : null}
        <div className="row">
          <label>
            Network{' '}
            <select
              value={state.chainId}
              onChange={(e) => void run(() => wallet.switchChain(Number(e.target.value.split(':')[1])))}
            >
              <option value="eip155:31337">Keyway Local (31337)</option>
              <option value="eip155:31338">Keyway Local L2 (31338)</option>
            </select>
          </label>
          <button type="button" disabled={busy} onClick={() => void run(() => wallet.fund())}>
            {solana ? 'Fund with 100 ETH and 10 SOL' : 'Fund with 100 ETH'}
          </button>
        </div>
      </section>

      <section className="card" aria-labelledby="pair-title">
        <h2 id="pair-title">Pair with a dapp</h2>
        <label className="muted" htmlFor="pair-uri">
          Paste the link the dapp's QR code holds ("Copy link")
        </label>
        <textarea id="pair-uri" rows={3} value={uri} onChange={(e) => setUri(e.target.value.trim())} />
        <div className="row">
          <button
            type="button"
            className="primary"
            disabled={busy || !uri}
            onClick={() =>
              void run(async () => {
                await wallet.pair(uri);
                setUri('');
              })
            }
          >
            Pair
          </button>
        </div>
        {error ? (
          <p className="error" role="alert">
            {error}
          </p>
        ) : null}
      </section>

      {state.proposals.map((p) => (
        <section key={p.id} className="card" aria-label={`Connection request from ${p.dappName}`}>
          <h2>{p.dappName} wants to connect</h2>
          <p className="mono">{p.dappUrl}</p>
          <p className="muted">Networks: {p.supportedChains.join(', ') || 'none this wallet serves'}</p>
          <Decision
            busy={busy}
            onReject={() => void run(() => wallet.rejectProposal(p.id))}
            onApprove={() => void run(() => wallet.approveProposal(p.id))}
          />
        </section>
      ))}

      {state.requests.map((r) => (
        <section key={r.id} className="card" aria-label={`Request ${r.method} from ${r.dappName}`}>
          <h2>
            {r.dappName}: {r.method}
          </h2>
          <p className="muted">on {r.chainId}</p>
          <p className="mono">{describe(r)}</p>
          <Decision
            busy={busy}
            onReject={() => void run(() => wallet.rejectRequest(r.id))}
            onApprove={() => void run(() => wallet.approveRequest(r.id))}
          />
        </section>
      ))}

      <section className="card" aria-labelledby="sessions-title">
        <h2 id="sessions-title">Connected dapps</h2>
        {state.sessions.length === 0 ? <p className="muted">None yet.</p> : null}
        {state.sessions.map((s) => (
          <div key={s.topic} className="row">
            <span>
              {s.dappName} <span className="muted">{s.dappUrl}</span>
            </span>
            <button type="button" disabled={busy} onClick={() => void run(() => wallet.disconnect(s.topic))}>
              Disconnect
            </button>
          </div>
        ))}
      </section>

      <section className="card" aria-labelledby="log-title">
        <h2 id="log-title">What happened</h2>
        <ol role="log" className="muted">
          {state.log.slice(-8).map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: an append-only log
            <li key={i}>{line}</li>
          ))}
        </ol>
      </section>
    </main>
  );
}
