/**
 * The swap store of a Keyway instance, created on first use (useSwap or a swap view) and kept for the
 * instance's lifetime: the swap code stays out of the initial JS, and what the user typed survives leaving
 * the view. It follows the connected account and the active network like the other wallet stores.
 */
import { getAddress } from 'viem';
import { call, readContract, signTypedData } from 'wagmi/actions';
import { waitForEvmSend } from '../../chains/evm/send';
import { permitRoutersFor, routersFor } from '../../chains/evm/swap';
import { sendWalletTransaction } from '../../chains/evm/wallet-send';
import { isSafeImageUrl } from '../../core/url';
import { getBalancesStore } from '../balances/instance';
import { followWallet, ownedStore } from '../followWallet';
import type { Keyway, OwnedPart } from '../keyway';
import { refreshTransactions } from '../transactions/instance';
import { createSwapStore, type SwapStore, type SwapStoreDeps } from './store';

/** The instance's swap store (created once, owned by the instance). */
export function getSwapStore(keyway: Keyway): SwapStore {
  return keyway.part('swap', (deps) => wireSwap(keyway, deps));
}

/** Creates the swap store and feeds it the connected account and the active network. */
function wireSwap(keyway: Keyway, overrides: Partial<SwapStoreDeps>): OwnedPart<SwapStore> {
  const { stores: s, api, events } = keyway;
  const balances = getBalancesStore(keyway);
  const store = createSwapStore({
    api: api.blockchain,
    getAddress: () => {
      const a = s.account.getState();
      return a.isConnected ? a.address : null;
    },
    getNetwork: () => s.networks.getState().activeNetwork,
    getBalances: () => balances.getState().balances,
    loadBalances: () => balances.getState().load(),
    getRouters: (networkId) => routersFor(keyway.options.swapRouters, networkId),
    getPermitRouters: (networkId) => permitRoutersFor(keyway.options.swapRouters, networkId),
    signTypedData: (data) => signTypedData(keyway.getWagmiConfig(), data),
    readContract: (call) =>
      readContract(keyway.getWagmiConfig(), {
        chainId: call.chainId,
        address: call.address,
        abi: call.abi,
        functionName: call.functionName,
        ...(call.args ? { args: call.args } : {}),
      } as Parameters<typeof readContract>[1]),
    sendTransaction: (call) =>
      sendWalletTransaction(keyway.getWagmiConfig(), {
        chainId: call.chainId,
        to: getAddress(call.to),
        data: call.data,
        value: call.value,
      }),
    callContract: async (c) => (await call(keyway.getWagmiConfig(), c)).data,
    // Throws when the transaction reverted, as a send's wait does.
    waitForTransaction: (chainId, hash) => waitForEvmSend(keyway.getWagmiConfig(), chainId, hash),
    bus: events,
    isSafeImage: isSafeImageUrl,
    emit: (outcome) => keyway.outcomes.emit(outcome),
    afterSuccess: ({ forceUpdate }) => {
      // Spec §4: after a swap, balances (forced for both tokens) and history refresh.
      void balances.getState().refresh({ forceUpdate });
      refreshTransactions(keyway);
    },
    ...overrides,
  });
  const subs = [followWallet(s, (address, network) => store.getState().setContext(address, network))];
  return ownedStore(store, subs);
}

declare module '../keyway' {
  /** The part this module creates (the instance knows its type from here: keyway.ts imports no part). */
  interface KeywayParts {
    swap: SwapStore;
  }
  interface KeywayPartDeps {
    swap: SwapStoreDeps;
  }
}
