/**
 * Buy stories: the API's on-ramp fixtures with the story network (Keyway Local, 31337) among USDC's networks,
 * and the instance's on-ramp store with story overrides (a provider window that stays open, or none).
 */
import { HttpResponse, http, type RequestHandler } from 'msw';
import { getOnrampStore } from '../../src/hooks/onramp/instance';
import type { OnrampStore, ProviderWindow } from '../../src/hooks/onramp/store';
import { type BlockchainApiHandlersOptions, onrampOptionsFixture } from '../../src/testing/msw';
import { STORY_API_URL, type StoryKit, type StoryKitOptions, storyHandlers } from '../_support/keyway';

export const BUY_OPTIONS: StoryKitOptions['options'] = { enableOnramp: true };

/** A picker of the Buy view shown as the modal shows it: connected, Buy open, the picker pushed on it. */
export const buyPickerParameters = (view: 'OnRampFiatSelect' | 'OnRampTokenSelect') => ({
  msw: { handlers: buyHandlers() },
  keyway: {
    connect: true,
    options: BUY_OPTIONS,
    setup: (kit) => {
      kit.keyway.stores.modal.getState().open('OnRampProviders');
      kit.keyway.stores.modal.getState().push(view);
    },
  } satisfies StoryKitOptions,
});

const LOCAL_NETWORK = {
  name: 'keyway-local',
  display_name: 'Keyway Local',
  chain_id: '31337',
  contract_address: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
};

/** The fixtures' options with Keyway Local added to USDC's networks. */
export const buyOptions = () => ({
  ...onrampOptionsFixture,
  purchaseCurrencies: onrampOptionsFixture.purchaseCurrencies.map((c) =>
    c.id === 'USDC' ? { ...c, networks: [LOCAL_NETWORK, ...c.networks] } : c,
  ),
});

export function buyHandlers(blockchain: BlockchainApiHandlersOptions = {}): RequestHandler[] {
  const options = blockchain.variants?.onrampOptions
    ? []
    : [http.get(`${STORY_API_URL}/v1/onramp/options`, () => HttpResponse.json(buyOptions()))];
  return [...options, ...storyHandlers({ blockchain })];
}

export const onrampStore = (kit: StoryKit): OnrampStore => getOnrampStore(kit.keyway);

/** A provider window that stays open (stories never open a real one). */
export const openProviderWindow = (): ProviderWindow => ({
  closed: false,
  opener: null,
  location: { replace: () => undefined },
  close: () => undefined,
});
