/**
 * The name-registration store of a Keyway instance, created on first use (useNameRegistration or a name
 * view) and kept for the instance's lifetime, so none of it is in a host's initial JS. It follows the
 * connected account, the active network and whether the account uses the auth connector.
 */
import { stringToHex } from 'viem';
import { ERROR_MESSAGES, KeywayError } from '../../core/errors';
import { z } from '../../core/zod-mini';
import type { Keyway, OwnedPart } from '../keyway';
import { embeddedLoginStores, embeddedOf } from '../social/embeddedStores';
import {
  createNameRegistrationStore,
  type NameRegistrationStore,
  type NameRegistrationStoreDeps,
} from './store';

interface Eip1193 {
  request(args: { method: string; params: unknown[] }): Promise<unknown>;
}
/** A signed message: 0x and at least 62 hex characters (spec §5). */
const signatureSchema = z.string().check(z.regex(/^0x[0-9a-fA-F]{62,}$/));

/** The instance's name-registration store (created once). `overrides` are for tests and stories only. */
export function getNameRegistrationStore(
  keyway: Keyway,
  overrides: Partial<NameRegistrationStoreDeps> = {},
): NameRegistrationStore {
  return keyway.part('names', () => wireNames(keyway, overrides));
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
    signMessage: async (message, address) => {
      // personal_sign through the auth connector itself (the embedded wallet shows the message).
      const embedded = embeddedOf(keyway);
      if (!embedded) throw KeywayError.of('addressOrAuthConnectorNotFound');
      const provider = (await (await embedded.getConnector()).getProvider()) as Eip1193;
      const signature = await provider.request({
        method: 'personal_sign',
        params: [stringToHex(message), address],
      });
      const parsed = signatureSchema.safeParse(signature);
      if (!parsed.success) throw new Error(ERROR_MESSAGES.frameError);
      return parsed.data;
    },
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
  const subs = [s.account.subscribe(sync), s.networks.subscribe(sync), accountType.subscribe(sync)];
  return {
    value: store,
    dispose() {
      for (const u of subs) u();
      store.getState().reset();
    },
  };
}
