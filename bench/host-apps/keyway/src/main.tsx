// The Keyway host: the same wagmi app as the floor, with the kit's ConnectButton and KeywayModal from the
// packed package in place of the plain button.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { arbitrum, base, createKeyway, KeywayProvider, mainnet } from 'keyway';
import { ConnectButton, KeywayModal } from 'keyway/views';
import { createRoot } from 'react-dom/client';
import { createConfig, http, WagmiProvider } from 'wagmi';
import { arbitrum as wagmiArbitrum, base as wagmiBase, mainnet as wagmiMainnet } from 'wagmi/chains';
import 'keyway/styles.css';

const config = createConfig({
  chains: [wagmiMainnet, wagmiArbitrum, wagmiBase],
  transports: { [wagmiMainnet.id]: http(), [wagmiArbitrum.id]: http(), [wagmiBase.id]: http() },
});
const queryClient = new QueryClient();
const keyway = createKeyway({
  projectId: 'bench',
  networks: [mainnet, arbitrum, base],
  wagmiConfig: config,
});

createRoot(document.getElementById('root')!).render(
  <WagmiProvider config={config}>
    <QueryClientProvider client={queryClient}>
      <KeywayProvider keyway={keyway}>
        <ConnectButton />
        <KeywayModal />
      </KeywayProvider>
    </QueryClientProvider>
  </WagmiProvider>,
);
