/**
 * The sign-in-with-wallet store of a Keyway instance, created on first use and kept for the instance's
 * lifetime: its code stays out of the initial JS. With sign-in on (`isSiweEnabled` and `siwe`), the instance
 * creates it when an account first connects (instance/createKeyway.ts loads this module then); otherwise
 * useSiwe or the ConnectingSiwe view does. Once created it follows the connection (store.ts `syncAccount`):
 * the session is checked when an account connects or comes back after a reload, ended and asked again when
 * the account or chain changes, and ended when the account disconnects. Its steps are outcomes (EVM accounts
 * only; refusing to sign disconnects, through `cancel`).
 */
import { ownedStore } from '../followWallet';
import type { Keyway, OwnedPart } from '../keyway';
import { createSiweStore, type SiweConnection, type SiweStore, type SiweStoreDeps } from './store';

/** The instance's sign-in-with-wallet store (created once, owned by the instance). */
export function getSiweStore(keyway: Keyway): SiweStore {
  return keyway.part('siwe', (deps) => wireSiwe(keyway, deps));
}

function wireSiwe(keyway: Keyway, overrides: Partial<SiweStoreDeps>): OwnedPart<SiweStore> {
  const { options, stores: s, outcomes } = keyway;
  /** The connection as the sign-in sees it: an EVM account (a Solana account has none) and its status. */
  const connection = (): SiweConnection => {
    const { address, chainId, status } = s.account.getState();
    const evm = address?.startsWith('0x') && chainId !== null;
    return {
      status,
      account: evm ? { address: address as `0x${string}`, chainId: chainId as number } : null,
    };
  };
  const store = createSiweStore({
    siwe: options.siwe,
    enabled: options.isSiweEnabled,
    getWagmiConfig: () => keyway.getWagmiConfig(),
    getAccount: () => connection().account,
    ...(options.metadata?.url ? { appUrl: options.metadata.url } : {}),
    disconnect: () => s.account.getState().disconnect(),
    emit: (outcome) => outcomes.emit(outcome),
    ...overrides,
  });
  const follow = () => store.getState().syncAccount(connection());
  const unsubscribe = s.account.subscribe((next, prev) => {
    if (next.status !== prev.status || next.address !== prev.address || next.chainId !== prev.chainId)
      follow();
  });
  follow();
  return ownedStore(store, [unsubscribe]);
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
