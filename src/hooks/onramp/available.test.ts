import { describe, expect, it, vi } from 'vitest';
import { ONRAMP_FALLBACK_OPTIONS } from '../../api/blockchain-api';
import type { OnrampOptions } from '../../api/schemas';
import type { Keyway } from '../../instance/createKeyway';
import { onrampOptionsFixture } from '../../testing/msw/fixtures';
import { knownOnrampChains, loadOnrampNetworks, noteOnrampOptions } from './available';

const real = onrampOptionsFixture as OnrampOptions;
const fallback = structuredClone(ONRAMP_FALLBACK_OPTIONS);
const withLocal: OnrampOptions = {
  ...real,
  purchaseCurrencies: [
    {
      id: 'USDC',
      name: 'USD Coin',
      symbol: 'USDC',
      networks: [{ ...real.purchaseCurrencies[0]!.networks[0]!, chain_id: '31337' }],
    },
  ],
};

const fakeKeyway = (answers: OnrampOptions[]) => {
  const getOnrampOptions = vi.fn(async () => answers.shift() ?? real);
  // The instance's parts, as `keyway.part` keeps them: created once per key.
  const parts = new Map<string, unknown>();
  const part: Keyway['part'] = (key, create) => {
    if (!parts.has(key)) parts.set(key, create({} as never).value);
    return parts.get(key) as never;
  };
  return {
    keyway: { api: { blockchain: { getOnrampOptions } }, part } as unknown as Keyway,
    getOnrampOptions,
  };
};

describe('on-ramp availability', () => {
  it("asks once for the provider's answer, however many readers ask", async () => {
    const { keyway, getOnrampOptions } = fakeKeyway([real]);
    await Promise.all([loadOnrampNetworks(keyway), loadOnrampNetworks(keyway)]);
    await loadOnrampNetworks(keyway);
    expect(getOnrampOptions).toHaveBeenCalledTimes(1);
    expect([...(knownOnrampChains(keyway) ?? [])].sort()).toEqual(['1', '137']);
  });

  it('asks again after a fallback answer, and a fallback never replaces a real one', async () => {
    const { keyway, getOnrampOptions } = fakeKeyway([fallback, withLocal]);
    expect(knownOnrampChains(keyway)).toBeNull();
    await loadOnrampNetworks(keyway);
    expect([...(knownOnrampChains(keyway) ?? [])].sort()).toEqual(['1', '137']);
    await loadOnrampNetworks(keyway);
    expect(getOnrampOptions).toHaveBeenCalledTimes(2);
    expect([...(knownOnrampChains(keyway) ?? [])]).toEqual(['31337']);
    // The Buy form's later fallback load leaves the provider's networks in place.
    noteOnrampOptions(keyway, fallback);
    await loadOnrampNetworks(keyway);
    expect(getOnrampOptions).toHaveBeenCalledTimes(2);
    expect([...(knownOnrampChains(keyway) ?? [])]).toEqual(['31337']);
  });
});
