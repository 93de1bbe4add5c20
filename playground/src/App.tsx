import { useAccount, useSiwe } from 'keyway';
import { createTheme, type ThemeMode, ThemeScope } from 'keyway/theme';
import { ConnectButton, KeywayModal, NetworkButton } from 'keyway/views';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useSignMessage, useWatchAsset } from 'wagmi';
import { devAccountIndex, nextDevAccount } from './devAccounts';
import { LOCAL_USDC, type PlaygroundKit, SIGN_MESSAGE_TEXT } from './kit';
import { siweEnabled } from './siwe';

const ACCENTS = [
  { name: 'Blue', value: '#3b5bdb' },
  { name: 'Pink', value: '#c2255c' },
  { name: 'Green', value: '#2b8a3e' },
  { name: 'Orange', value: '#e8590c' },
] as const;

const MODES: { mode: ThemeMode; label: string }[] = [
  { mode: 'light', label: 'Light' },
  { mode: 'dark', label: 'Dark' },
  { mode: 'system', label: 'System' },
];

function useRejectionArmed(kit: PlaygroundKit): boolean {
  return useSyncExternalStore(kit.rejection.listen, () => kit.rejection.armed);
}

function ThemeControls(props: {
  mode: ThemeMode;
  accent: string;
  onMode(mode: ThemeMode): void;
  onAccent(accent: string): void;
}) {
  return (
    <section className="pg-card" aria-labelledby="theme-heading">
      <h2 id="theme-heading">Theme</h2>
      <fieldset className="pg-segmented">
        <legend>Mode</legend>
        {MODES.map(({ mode, label }) => (
          <label key={mode} className="pg-radio">
            <input
              type="radio"
              name="theme-mode"
              value={mode}
              checked={props.mode === mode}
              onChange={() => props.onMode(mode)}
            />
            {label}
          </label>
        ))}
      </fieldset>
      <fieldset className="pg-swatches">
        <legend>Accent colour</legend>
        {ACCENTS.map((a) => (
          <button
            key={a.value}
            type="button"
            className={`pg-swatch pg-swatch-${a.name.toLowerCase()}`}
            aria-pressed={props.accent === a.value}
            aria-label={a.name}
            title={a.value}
            onClick={() => props.onAccent(a.value)}
          />
        ))}
        <label className="pg-color">
          Custom
          <input type="color" value={props.accent} onChange={(e) => props.onAccent(e.target.value)} />
        </label>
      </fieldset>
    </section>
  );
}

/** The signature prompts the dev wallet got since the page loaded (personal_sign, typed data). */
function useSignatureRequests(kit: PlaygroundKit): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    const seen = new Set<number>();
    return kit.wallet.onPendingChange((pending) => {
      for (const p of pending) {
        if (seen.has(p.id) || (p.method !== 'personal_sign' && p.method !== 'eth_signTypedData_v4')) continue;
        seen.add(p.id);
        setCount((n) => n + 1);
      }
    });
  }, [kit]);
  return count;
}

function WalletControls({ kit }: { kit: PlaygroundKit }) {
  const armed = useRejectionArmed(kit);
  // The dev account in use: the URL's (`?devAccount=N`), then the next one at each "Switch account".
  const [account, setAccount] = useState(() => ({
    index: devAccountIndex(window.location.search),
    address: kit.wallet.address,
  }));
  const switchAccount = () => {
    const next = nextDevAccount(account.index);
    kit.wallet.switchAccount(next.privateKey);
    setAccount({ index: next.index, address: kit.wallet.address });
  };
  return (
    <section className="pg-card" aria-labelledby="wallet-heading">
      <h2 id="wallet-heading">Keyway Dev Wallet</h2>
      <p className="pg-muted">
        A test wallet in this page (an anvil dev account,{' '}
        <code data-testid="wallet-address">{account.address}</code>
        ). It approves every request unless told otherwise.
      </p>
      <div className="pg-row">
        <button type="button" className="pg-button" onClick={switchAccount}>
          Switch account
        </button>
        <span className="pg-muted">Uses the next dev account, as picking another account in the wallet.</span>
      </div>
      <div className="pg-row">
        <button
          type="button"
          className="pg-button"
          aria-pressed={armed}
          onClick={() => (armed ? kit.rejection.disarm() : kit.rejection.arm())}
        >
          Reject next wallet request
        </button>
        <output data-testid="reject-state" aria-live="polite">
          {armed ? 'The next wallet request will be rejected.' : 'Requests are approved.'}
        </output>
      </div>
    </section>
  );
}

function SignMessage() {
  // The kit shows a remembered account while wagmi reconnects it (no "Connect wallet" flash); a request must
  // wait for the connection itself: until then the connector of the last visit is not back yet.
  const { isConnected, status } = useAccount({ requestDetails: false });
  const ready = isConnected && status === 'connected';
  const { signMessageAsync, isPending } = useSignMessage();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const sign = async () => {
    setResult(null);
    try {
      const signature = await signMessageAsync({ message: SIGN_MESSAGE_TEXT });
      setResult({ ok: true, text: signature });
    } catch (error) {
      const e = error as { shortMessage?: string; message?: string };
      setResult({ ok: false, text: e.shortMessage ?? e.message ?? 'Signing failed' });
    }
  };
  return (
    <section className="pg-card" aria-labelledby="sign-heading">
      <h2 id="sign-heading">Sign a message</h2>
      <p className="pg-muted">
        Message: <q>{SIGN_MESSAGE_TEXT}</q>
      </p>
      <div className="pg-row">
        <button type="button" className="pg-button" disabled={!ready || isPending} onClick={sign}>
          Sign message
        </button>
        {ready ? null : (
          <span className="pg-muted">{isConnected ? 'Reconnecting…' : 'Connect a wallet first.'}</span>
        )}
      </div>
      <output
        data-testid="sign-result"
        data-status={result ? (result.ok ? 'signed' : 'error') : 'idle'}
        className={result && !result.ok ? 'pg-result pg-error' : 'pg-result'}
        aria-live="polite"
      >
        {isPending
          ? 'Waiting for the wallet…'
          : result
            ? result.ok
              ? result.text
              : `Error: ${result.text}`
            : ''}
      </output>
    </section>
  );
}

/**
 * Sign in with Ethereum (`?siwe=1`): the kit's session as useSiwe reports it (the playground server's session,
 * checked at load), and how many signatures the wallet was asked for since the page loaded.
 */
function SiweSession({ kit }: { kit: PlaygroundKit }) {
  const { status, session, required } = useSiwe();
  const signatures = useSignatureRequests(kit);
  return (
    <section className="pg-card" aria-labelledby="siwe-heading">
      <h2 id="siwe-heading">Sign in with Ethereum</h2>
      <output data-testid="siwe-session" data-status={status} className="pg-result" aria-live="polite">
        {status === 'success' && session
          ? `Signed in as ${session.address} on chain ${session.chainId}`
          : status === 'checking'
            ? 'Checking the session…'
            : required
              ? 'Not signed in: the wallet is asked to sign in.'
              : 'Not signed in.'}
      </output>
      <p className="pg-muted">
        Signature requests on this page: <output data-testid="signature-requests">{signatures}</output>
      </p>
    </section>
  );
}

/**
 * "Add USDC to wallet" (`wallet_watchAsset`): a browser wallet offers to list the stack's USDC; the embedded
 * wallet does not offer that method, so the kit refuses it ('Requested RPC call is not allowed' to this page,
 * the toast 'Action not allowed' to the visitor).
 */
function WatchAsset() {
  const { isConnected, status } = useAccount({ requestDetails: false });
  const ready = isConnected && status === 'connected';
  const { watchAssetAsync, isPending } = useWatchAsset();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const watch = async () => {
    setResult(null);
    try {
      const added = await watchAssetAsync({
        type: 'ERC20',
        options: { address: LOCAL_USDC, symbol: 'USDC', decimals: 6 },
      });
      setResult({ ok: true, text: added ? 'Added' : 'Not added' });
    } catch (error) {
      // viem's summary of the provider's error code, then the provider's own words.
      const e = error as { shortMessage?: string; details?: string; message?: string };
      const text = e.shortMessage ?? e.message ?? 'The wallet refused';
      setResult({ ok: false, text: e.details ? `${text} ${e.details}` : text });
    }
  };
  return (
    <section className="pg-card" aria-labelledby="watch-heading">
      <h2 id="watch-heading">Add a token</h2>
      <div className="pg-row">
        <button type="button" className="pg-button" disabled={!ready || isPending} onClick={watch}>
          Add USDC to wallet
        </button>
      </div>
      <output
        data-testid="watch-result"
        data-status={result ? (result.ok ? 'done' : 'error') : 'idle'}
        className={result && !result.ok ? 'pg-result pg-error' : 'pg-result'}
        aria-live="polite"
      >
        {result ? (result.ok ? result.text : `Error: ${result.text}`) : ''}
      </output>
    </section>
  );
}

export function App({ kit }: { kit: PlaygroundKit }) {
  const [mode, setMode] = useState<ThemeMode>('system');
  const [accent, setAccent] = useState<string>(ACCENTS[0].value);
  const theme = useMemo(() => createTheme({ mode, accentColor: accent }), [mode, accent]);

  // The host page follows the same mode (its own CSS, outside the kit).
  useEffect(() => {
    document.documentElement.dataset.pgMode = mode;
  }, [mode]);

  return (
    <>
      <header className="pg-header">
        <h1>Keyway playground</h1>
        <ThemeScope theme={theme} className="pg-kit-buttons">
          <NetworkButton />
          <ConnectButton />
        </ThemeScope>
      </header>
      <main className="pg-main">
        <p className="pg-lead">
          A demo host dapp on the local stack. Click <strong>Connect wallet</strong> and choose{' '}
          <strong>Keyway Dev Wallet</strong>.
        </p>
        <div className="pg-grid">
          <ThemeControls mode={mode} accent={accent} onMode={setMode} onAccent={setAccent} />
          <WalletControls kit={kit} />
          <SignMessage />
          <WatchAsset />
          {siweEnabled(window.location.search) ? <SiweSession kit={kit} /> : null}
        </div>
      </main>
      <footer className="pg-footer">
        <a href="/headless.html">Headless page</a>
        <a href="/status">Local stack status</a>
      </footer>
      <KeywayModal theme={theme} />
    </>
  );
}
