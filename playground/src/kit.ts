/**
 * The playground's Keyway instance, shared by both pages: the two local EVM chains of the stack, the
 * stack's API, explorer and secure frame, and the dev test wallet announced through EIP-6963 as
 * "Keyway Dev Wallet".
 */
import type { Hex } from 'viem';
import { type KeywayNetwork, keywayLocal, keywayLocalL2 } from '../../src/core/networks';
import { createKeyway, type Keyway } from '../../src/instance/createKeyway';
import { createTestWallet, type TestWallet } from '../../src/testing/test-wallet';
import type { PlaygroundConfig } from './config';

/** Anvil's first dev account (`test test … junk` mnemonic): a well-known test key, never a real one. */
export const DEV_PRIVATE_KEY: Hex = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';

/** The text the "Sign message" control asks the wallet to sign. */
export const SIGN_MESSAGE_TEXT = 'Keyway playground: I own this address.';

export interface PlaygroundKit {
  keyway: Keyway;
  wallet: TestWallet;
  networks: KeywayNetwork[];
  /** Arms (or disarms) the rejection of the wallet's next prompt; `listen` follows the armed state. */
  rejection: {
    arm(): void;
    disarm(): void;
    readonly armed: boolean;
    listen(listener: (armed: boolean) => void): () => void;
  };
}

export function createPlaygroundKit(config: PlaygroundConfig): PlaygroundKit {
  const networks: KeywayNetwork[] = [
    { ...keywayLocal, rpcUrls: [config.evmRpc31337] },
    { ...keywayLocalL2, rpcUrls: [config.evmRpc31338] },
  ];

  const wallet = createTestWallet({
    privateKey: DEV_PRIVATE_KEY,
    rpcUrl: config.evmRpc31337,
    chainId: 31337,
    chains: [
      { id: 31337, rpcUrl: config.evmRpc31337 },
      { id: 31338, rpcUrl: config.evmRpc31338 },
    ],
    name: 'Keyway Dev Wallet',
    // Prompts are decided below: approved, unless the visitor armed "Reject next wallet request".
    autoApprove: false,
  });

  let armed = false;
  const listeners = new Set<(armed: boolean) => void>();
  const setArmed = (value: boolean) => {
    if (armed === value) return;
    armed = value;
    for (const l of [...listeners]) l(armed);
  };
  wallet.onPendingChange((pending) => {
    if (pending.length === 0) return;
    if (armed) {
      setArmed(false);
      wallet.rejectNext();
    } else {
      wallet.approveNext();
    }
  });
  // Announced before the wagmi config exists, and again whenever a page asks (EIP-6963).
  wallet.announce();

  const keyway = createKeyway({
    projectId: 'keyway-playground',
    networks,
    apiUrl: config.apiUrl,
    explorerUrl: config.explorerUrl,
    secureFrameUrl: config.frameUrl,
    metadata: {
      name: 'Keyway playground',
      description: 'Demo host dapp of the Keyway kit against the local stack',
      url: window.location.origin,
      icons: [],
    },
  });

  return {
    keyway,
    wallet,
    networks,
    rejection: {
      arm: () => setArmed(true),
      disarm: () => setArmed(false),
      get armed() {
        return armed;
      },
      listen(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
  };
}
