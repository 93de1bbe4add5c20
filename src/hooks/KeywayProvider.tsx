/**
 * `<KeywayProvider keyway={kw}>`: provides a Keyway instance to the hooks. Inside a host's own
 * WagmiProvider/QueryClientProvider it uses those (and feeds the stores from the host's wagmi config);
 * without them it supplies its own, around the instance's wagmi config.
 */
import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useContext, useEffect, useState } from 'react';
import { WagmiContext, WagmiProvider } from 'wagmi';
import type { Keyway } from '../instance/createKeyway';
import { KeywayContext } from './context';

export interface KeywayProviderProps {
  keyway: Keyway;
  children?: ReactNode;
  /** Used when the provider has to supply react-query itself (default: a new QueryClient). */
  queryClient?: QueryClient;
}

function WagmiBinding({ keyway }: { keyway: Keyway }) {
  const config = useContext(WagmiContext);
  useEffect(() => {
    if (!config) return;
    return keyway.attachWagmiConfig(config);
  }, [keyway, config]);
  return null;
}

export function KeywayProvider({ keyway, children, queryClient }: KeywayProviderProps) {
  const hostWagmi = useContext(WagmiContext);
  const hostQuery = useContext(QueryClientContext);
  const [ownQueryClient] = useState(() => (hostQuery ? null : (queryClient ?? new QueryClient())));

  let tree: ReactNode = (
    <KeywayContext.Provider value={keyway}>
      <WagmiBinding keyway={keyway} />
      {children}
    </KeywayContext.Provider>
  );
  if (!hostQuery && ownQueryClient)
    tree = <QueryClientProvider client={ownQueryClient}>{tree}</QueryClientProvider>;
  if (!hostWagmi) tree = <WagmiProvider config={keyway.wagmiConfig}>{tree}</WagmiProvider>;
  return tree;
}
