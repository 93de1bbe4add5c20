import { describe, expect, it } from 'vitest';
import { keywayLocal, keywayLocalL2, mainnet, solanaLocal } from '../core/networks';
import { createMemoryStorage } from '../core/storage';
import { stubConnector } from '../testing/stub-connector';
import {
  addConnectorIfAvailable,
  addOptionalConnectors,
  buildWagmiConfig,
  evmChains,
  WAGMI_STORAGE_KEY,
} from './wagmi';

describe('buildWagmiConfig', () => {
  it('has one chain per EVM network with its RPC, and the injected connector', () => {
    const config = buildWagmiConfig({
      networks: [keywayLocal, solanaLocal, keywayLocalL2],
      enableEIP6963: true,
    });
    expect(config.chains.map((c) => [c.id, c.rpcUrls.default.http[0]])).toEqual([
      [31337, 'http://127.0.0.1:8545'],
      [31338, 'http://127.0.0.1:8546'],
    ]);
    expect(config.connectors.map((c) => c.id)).toEqual(['injected']);
  });

  it('falls back to Ethereum when only Solana networks are configured (wagmi needs one chain)', () => {
    expect(evmChains([solanaLocal]).map((c) => c.id)).toEqual([mainnet.chainId]);
  });

  it('persists its connection under its own key in the given storage', async () => {
    const storage = createMemoryStorage();
    const config = buildWagmiConfig({ networks: [keywayLocal], enableEIP6963: false, storage });
    await config.storage?.setItem('recentConnectorId', 'injected');
    expect(storage.getItem(`${WAGMI_STORAGE_KEY}.recentConnectorId`)).toBe('"injected"');
  });
});

describe('optional connectors (peer packages are not installed here)', () => {
  it('adds neither Coinbase nor Safe when their SDKs cannot be loaded, and never throws', async () => {
    const config = buildWagmiConfig({ networks: [keywayLocal], enableEIP6963: false });
    expect(await addOptionalConnectors(config, { appName: 'Test' })).toEqual([]);
    expect(config.connectors.map((c) => c.id)).toEqual(['injected']);
  });

  it('keeps a connector that yields a provider', async () => {
    const config = buildWagmiConfig({ networks: [keywayLocal], enableEIP6963: false });
    const provider = { request: async () => null, on() {}, removeListener() {} };
    const fn = stubConnector({
      id: 'extra',
      name: 'Extra',
      type: 'extra',
      getProvider: async () => provider,
      isAuthorized: async () => false,
    });
    const added = await addConnectorIfAvailable(config, fn);
    expect(added?.id).toBe('extra');
    expect(config.connectors.map((c) => c.id)).toEqual(['injected', 'extra']);
    // Adding it again keeps one.
    await addConnectorIfAvailable(config, fn);
    expect(config.connectors.map((c) => c.id)).toEqual(['injected', 'extra']);
  });
});
