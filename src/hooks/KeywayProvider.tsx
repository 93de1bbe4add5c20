/**
 * `<KeywayProvider keyway={kw}>`: provides a Keyway instance to the hooks. Inside a host's own
 * WagmiProvider/QueryClientProvider it uses those (and feeds the stores from the host's wagmi config);
 * without them it supplies its own, around the instance's wagmi config.
 */
import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useContext, useEffect, useState } from 'react';
import { WagmiContext, WagmiProvider } from 'wagmi';
import { I18nProvider } from '../i18n/context';
import type { MessageOverrides } from '../i18n/types';
import { KeywayContext } from './context';
import type { Keyway } from './keyway';

export interface KeywayProviderProps {
  keyway: Keyway;
  children?: ReactNode;
  /** Used when the provider has to supply react-query itself (default: a new QueryClient). */
  queryClient?: QueryClient;
  /** The kit's language (a BCP 47 tag); overrides the `locale` option and may change at run time. */
  locale?: string;
  /** Overrides of any text; replaces the `messages` option. */
  messages?: MessageOverrides;
}

function WagmiBinding({ keyway }: { keyway: Keyway }) {
  const config = useContext(WagmiContext);
  useEffect(() => {
    if (!config) return;
    return keyway.attachWagmiConfig(config);
  }, [keyway, config]);
  return null;
}

export function KeywayProvider({ keyway, children, queryClient, locale, messages }: KeywayProviderProps) {
  const hostWagmi = useContext(WagmiContext);
  const hostQuery = useContext(QueryClientContext);
  const [ownQueryClient] = useState(() => (hostQuery ? null : (queryClient ?? new QueryClient())));

  let tree: ReactNode = (
    <KeywayContext.Provider value={keyway}>
      <WagmiBinding keyway={keyway} />
      <I18nProvider locale={locale ?? keyway.options.locale} messages={messages ?? keyway.options.messages}>
        {children}
      </I18nProvider>
    </KeywayContext.Provider>
  );
  if (!hostQuery && ownQueryClient)
    tree = <QueryClientProvider client={ownQueryClient}>{tree}</QueryClientProvider>;
  if (!hostWagmi) tree = <WagmiProvider config={keyway.wagmiConfig}>{tree}</WagmiProvider>;
  return tree;
}
