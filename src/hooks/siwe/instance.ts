/**
 * The sign-in-with-wallet store of a Keyway instance, created on first use (useSiwe, the ConnectingSiwe view)
 * and kept for the instance's lifetime: its code stays out of the initial JS. A session is only known once the
 * store signed in or asked the host for it (`loadSession`), so an instance whose store was never created has no
 * session to end: a disconnect (instance/createKeyway.ts) signs out only if the store exists. Its success and
 * error are outcomes (EVM accounts only; refusing to sign disconnects, through `cancel`).
 */
import { ownedStore } from '../followWallet';
import type { Keyway, OwnedPart } from '../keyway';
import { createSiweStore, type SiweStore, type SiweStoreDeps } from './store';

/** The instance's sign-in-with-wallet store (created once, owned by the instance). */
export function getSiweStore(keyway: Keyway): SiweStore {
  return keyway.part('siwe', (deps) => wireSiwe(keyway, deps));
}

function wireSiwe(keyway: Keyway, overrides: Partial<SiweStoreDeps>): OwnedPart<SiweStore> {
  const { options, stores: s, outcomes } = keyway;
  const store = createSiweStore({
    siwe: options.siwe,
    enabled: options.isSiweEnabled,
    getWagmiConfig: () => keyway.getWagmiConfig(),
    getAccount: () => {
      const { address, chainId } = s.account.getState();
      // Sign-in with wallet is EVM only: a Solana account (chainId null) has none.
      return address?.startsWith('0x') && chainId !== null
        ? { address: address as `0x${string}`, chainId }
        : null;
    },
    ...(options.metadata?.url ? { appUrl: options.metadata.url } : {}),
    disconnect: () => s.account.getState().disconnect(),
    onSuccess: () => outcomes.emit({ flow: 'siwe', status: 'signed-in' }),
    onError: (message) => outcomes.emit({ flow: 'siwe', status: 'error', message }),
    ...overrides,
  });
  // The store holds no subscription or timer: ending it clears the session state.
  return ownedStore(store);
}

declare module '../keyway' {
  /** The part this module creates (the instance knows its type from here: keyway.ts imports no part). */
  interface KeywayParts {
    siwe: SiweStore;
  }
  interface KeywayPartDeps {
    siwe: SiweStoreDeps;
  }
}
