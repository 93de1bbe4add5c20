/**
 * The name-registration store of a Keyway instance, created on first use (useNameRegistration or a name
 * view) and kept for the instance's lifetime, so none of it is in a host's initial JS. It follows the
 * connected account, the active network and whether the account uses the auth connector.
 */
import { createClient, custom, type EIP1193Provider } from 'viem';
import { signTypedData } from 'viem/actions';
import { KeywayError } from '../../core/errors';
import { z } from '../../core/zod-mini';
import { ownedStore } from '../followWallet';
import type { Keyway, OwnedPart } from '../keyway';
import { embeddedLoginStores, embeddedOf } from '../social/embeddedStores';
import {
  createNameRegistrationStore,
  type NameRegistrationStore,
  type NameRegistrationStoreDeps,
} from './store';

/** A signature: 0x and at least 62 hex characters (spec §5). */
const signatureSchema = z.string().check(z.regex(/^0x[0-9a-fA-F]{62,}$/));
const addressSchema = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/));

/** The instance's name-registration store (created once). */
export function getNameRegistrationStore(keyway: Keyway): NameRegistrationStore {
  return keyway.part('names', (deps) => wireNames(keyway, deps));
}

/** Creates the name-registration store and feeds it the account, the network and the embedded connection. */
function wireNames(
  keyway: Keyway,
  overrides: Partial<NameRegistrationStoreDeps>,
): OwnedPart<NameRegistrationStore> {
  const { stores: s, api } = keyway;
  const accountType = embeddedLoginStores(keyway).accountType;
  const store = createNameRegistrationStore({
    api: api.blockchain,
    signTypedData: async (typedData, address) => {
      // eth_signTypedData_v4 through the auth connector itself (the embedded wallet's frame shows the typed
      // data and the user approves there), with viem's signTypedData on that provider alone.
      const embedded = embeddedOf(keyway);
      if (!embedded) throw KeywayError.of('addressOrAuthConnectorNotFound');
      const account = addressSchema.safeParse(address);
      if (!account.success) throw KeywayError.of('addressOrAuthConnectorNotFound');
      const provider = (await (await embedded.getConnector()).getProvider()) as EIP1193Provider;
      const signature = await signTypedData(createClient({ transport: custom(provider) }), {
        ...typedData,
        account: account.data as `0x${string}`,
      });
      const parsed = signatureSchema.safeParse(signature);
      if (!parsed.success) throw KeywayError.of('frameError');
      return parsed.data;
    },
    afterRegistered: () => s.account.getState().refreshProfile(),
    emit: (outcome) => keyway.outcomes.emit(outcome),
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
  const subs = [s.account.subscribe(sync), s.networks.subscribe(sync), accountType.subscribe(sync)];
  return ownedStore(store, subs);
}

declare module '../keyway' {
  /** The part this module creates (the instance knows its type from here: keyway.ts imports no part). */
  interface KeywayParts {
    names: NameRegistrationStore;
  }
  interface KeywayPartDeps {
    names: NameRegistrationStoreDeps;
  }
}
