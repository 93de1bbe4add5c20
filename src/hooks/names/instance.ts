/**
 * The name-registration store of a Keyway instance, created on first use (useNameRegistration or a name
 * view) and kept for the instance's lifetime, so none of it is in a host's initial JS. It follows the
 * connected account, the active network and whether the account uses the auth connector.
 */
import { signMessage } from 'wagmi/actions';
import type { Keyway } from '../../instance/createKeyway';
import { embeddedLoginStores } from '../social/embeddedStores';
import {
  createNameRegistrationStore,
  type NameRegistrationStore,
  type NameRegistrationStoreDeps,
} from './store';

const stores = new WeakMap<Keyway, NameRegistrationStore>();

/** The instance's name-registration store (created once). `overrides` are for tests and stories only. */
export function getNameRegistrationStore(
  keyway: Keyway,
  overrides: Partial<NameRegistrationStoreDeps> = {},
): NameRegistrationStore {
  const existing = stores.get(keyway);
  if (existing) return existing;
  const { stores: s, api } = keyway;
  const accountType = embeddedLoginStores(keyway).accountType;
  const store = createNameRegistrationStore({
    api: api.blockchain,
    signMessage: (message, address) =>
      signMessage(keyway.getWagmiConfig(), { message, account: address as `0x${string}` }),
    afterRegistered: () => s.account.getState().refreshProfile(),
    ...overrides,
  });
  const sync = () => {
    const a = s.account.getState();
    const network = s.networks.getState().activeNetwork;
    const chainId =
      network.chain === 'evm' && a.isConnected && typeof a.chainId === 'number' ? a.chainId : null;
    store.getState().setContext({
      address: a.isConnected && network.chain === 'evm' ? a.address : null,
      chainId,
      embedded: accountType.getState().embeddedConnected,
    });
  };
  sync();
  s.account.subscribe(sync);
  s.networks.subscribe(sync);
  accountType.subscribe(sync);
  stores.set(keyway, store);
  return store;
}
