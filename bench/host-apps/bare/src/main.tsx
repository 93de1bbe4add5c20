// The floor: a host dapp of the same shape as the Keyway one (wagmi, react-query, viem, three chains) with a
// plain wagmi connect button that lists the connectors wagmi found (EIP-6963 wallets among them).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { createConfig, http, useConnect, useConnectors, WagmiProvider } from 'wagmi';
import { arbitrum, base, mainnet } from 'wagmi/chains';

const config = createConfig({
  chains: [mainnet, arbitrum, base],
  transports: { [mainnet.id]: http(), [arbitrum.id]: http(), [base.id]: http() },
});
const queryClient = new QueryClient();

function ConnectWallet() {
  const [open, setOpen] = useState(false);
  const connectors = useConnectors();
  const { mutate: connect } = useConnect();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Connect wallet
      </button>
      {open ? (
        <div role="dialog" aria-label="Connect wallet">
          <ul aria-label="Wallets">
            {connectors.map((c) => (
              <li key={c.uid}>
                <button type="button" onClick={() => connect({ connector: c })}>
                  {c.name}
                </button>
              </li>
            ))}
          </ul>
          <button type="button" onClick={() => setOpen(false)}>
            Close
          </button>
        </div>
      ) : null}
    </>
  );
}

createRoot(document.getElementById('root')!).render(
  <WagmiProvider config={config}>
    <QueryClientProvider client={queryClient}>
      <ConnectWallet />
    </QueryClientProvider>
  </WagmiProvider>,
);
