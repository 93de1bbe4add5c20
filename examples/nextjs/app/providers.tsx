'use client';

import { createKeyway, KeywayProvider, keywayLocal } from 'keyway';
import type { KeywayInitialState } from 'keyway/ssr';
import { createTestWallet } from 'keyway/testing';
import { type ReactNode, useState } from 'react';
import type { ExampleConfig } from './config';

/**
 * The kit's instance lives in a Client Component: one per request on the server, one per page load in the
 * browser, both made from the connection the server read from the cookie.
 */
export function Providers({
  config,
  initialState,
  children,
}: {
  config: ExampleConfig;
  initialState: KeywayInitialState | undefined;
  children: ReactNode;
}) {
  const [keyway] = useState(() => {
    // The dev wallet is announced before the instance exists, as a browser extension is before the page's
    // scripts run: wagmi's reconnect after a reload finds it then.
    if (config.devWallet && typeof window !== 'undefined') announceDevWallet(config.rpcUrl);
    return createKeyway({
      projectId: 'keyway-nextjs-example',
      networks: [{ ...keywayLocal, rpcUrls: [config.rpcUrl] }],
      apiUrl: config.apiUrl,
      explorerUrl: config.explorerUrl,
      secureFrameUrl: config.frameUrl,
      walletConnect: { relayUrl: config.relayUrl },
      ssr: true,
      initialState,
    });
  });
  return <KeywayProvider keyway={keyway}>{children}</KeywayProvider>;
}

/** The local stack's dev account as an announced browser wallet (EIP-6963), made in the browser only. */
function announceDevWallet(rpcUrl: string) {
  createTestWallet({
    // Anvil's first dev key (`test test … junk`): a well-known test key, never a real one.
    privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
    rpcUrl,
    chainId: 31337,
    name: 'Keyway Dev Wallet',
    // Like an extension, it remembers that the site was granted the account: a reload reconnects it.
    grants: window.localStorage,
  }).announce();
}
