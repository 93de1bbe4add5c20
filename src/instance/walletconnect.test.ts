import { afterEach, describe, expect, it, vi } from 'vitest';
import { keywayLocal } from '../core/networks';

afterEach(() => {
  vi.doUnmock('@walletconnect/universal-provider');
  vi.resetModules();
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

// The transport itself runs against the local relay and a phone wallet in services/relay/kit-pairing.test.ts.
describe('createWalletConnectPairing', () => {
  it('without @walletconnect/universal-provider: no pairing, no connector, and a development warning naming the package', async () => {
    vi.doMock('@walletconnect/universal-provider', () => {
      throw new Error('Cannot find package');
    });
    vi.stubEnv('DEV', true);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { createWalletConnectPairing } = await import('./wagmi');
    const { buildWagmiConfig } = await import('./wagmi');
    const config = buildWagmiConfig({ networks: [keywayLocal], enableEIP6963: false });
    expect(await createWalletConnectPairing(config, { projectId: 'p' })).toBeNull();
    expect(config.connectors.map((c) => c.id)).toEqual(['injected']);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('npm i @walletconnect/universal-provider'));
  });

  it('says nothing in a production build', async () => {
    vi.doMock('@walletconnect/universal-provider', () => {
      throw new Error('Cannot find package');
    });
    vi.stubEnv('DEV', false);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { createWalletConnectPairing } = await import('./wagmi');
    const { buildWagmiConfig } = await import('./wagmi');
    const config = buildWagmiConfig({ networks: [keywayLocal], enableEIP6963: false });
    expect(await createWalletConnectPairing(config, { projectId: 'p' })).toBeNull();
    expect(warn).not.toHaveBeenCalled();
  });
});
