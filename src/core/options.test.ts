import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../testing/storage';
import { SDK_VERSION } from './constants';
import { KeywayOptionsError } from './errors';
import { base, keywayLocal, keywayLocalL2, mainnet, solanaLocal, solanaMainnet } from './networks';
import { DEFAULT_API_URL, DEFAULT_EXPLORER_URL, parseKeywayOptions } from './options';

const minimal = { projectId: 'p1', networks: [keywayLocal] };

function errorOf(input: unknown): KeywayOptionsError {
  try {
    parseKeywayOptions(input);
  } catch (e) {
    expect(e).toBeInstanceOf(KeywayOptionsError);
    return e as KeywayOptionsError;
  }
  throw new Error('expected parseKeywayOptions to throw');
}

describe('parseKeywayOptions', () => {
  it('takes a self-hosted WalletConnect relay and the Verify switch, and refuses a relay that is not a websocket URL', () => {
    const o = parseKeywayOptions({
      ...minimal,
      walletConnect: { relayUrl: 'wss://relay.example', verify: true },
    });
    expect(o.walletConnect).toEqual({ relayUrl: 'wss://relay.example', verify: true });
    expect(errorOf({ ...minimal, walletConnect: { relayUrl: 'https://relay.example' } }).message).toContain(
      'expected a ws:// or wss:// relay URL',
    );
    expect(errorOf({ ...minimal, walletConnect: { verify: 'yes' } }).message).toContain(
      'expected true or false',
    );
  });

  it("takes a shorter pairing URI lifetime for tests, within 15 s to the spec's 4 minutes", () => {
    expect(
      parseKeywayOptions({ ...minimal, walletConnect: { uriLifetimeMs: 20_000 } }).walletConnect,
    ).toEqual({
      uriLifetimeMs: 20_000,
    });
    expect(errorOf({ ...minimal, walletConnect: { uriLifetimeMs: 5_000 } }).message).toContain(
      'expected at least 15000 ms',
    );
    expect(errorOf({ ...minimal, walletConnect: { uriLifetimeMs: 300_000 } }).message).toContain(
      'expected at most 240000 ms',
    );
    expect(errorOf({ ...minimal, walletConnect: { uriLifetimeMs: 20_000.5 } }).message).toContain(
      'expected a whole number of milliseconds',
    );
  });

  it('fills the documented defaults', () => {
    const o = parseKeywayOptions(minimal);
    expect(o).toMatchObject({
      projectId: 'p1',
      sdkType: 'keyway',
      sdkVersion: SDK_VERSION,
      enableAnalytics: false,
      enableOnramp: true,
      enableSwaps: true,
      allWallets: 'SHOW',
      onrampProviders: 'SHOW',
      onrampProviderOrigins: ['https://pay.coinbase.com'],
      enableEIP6963: true,
      isSiweEnabled: false,
      hasMultipleAddresses: false,
      includeWalletIds: [],
      excludeWalletIds: [],
      featuredWalletIds: [],
      customWallets: [],
      tokens: {},
      apiUrl: DEFAULT_API_URL,
      explorerUrl: DEFAULT_EXPLORER_URL,
    });
    expect(o.defaultNetwork.id).toBe('eip155:31337');
  });

  it('accepts every spec §1 option', () => {
    const o = parseKeywayOptions({
      ...minimal,
      networks: [keywayLocal, keywayLocalL2, solanaMainnet],
      defaultNetwork: 'eip155:31338',
      sdkType: 'keyway-react',
      sdkVersion: '1.0.0',
      enableAnalytics: true,
      enableOnramp: false,
      enableSwaps: false,
      allWallets: 'ONLY_MOBILE',
      disableAppend: true,
      enableEIP6963: false,
      includeWalletIds: ['a'],
      excludeWalletIds: ['b'],
      featuredWalletIds: ['c', 'd'],
      tokens: {
        'eip155:1': { address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', image: 'https://x.io/u.png' },
      },
      termsConditionsUrl: 'https://example.com/terms',
      privacyPolicyUrl: 'http://localhost:5173/privacy',
      customWallets: [
        { id: 'w', name: 'My Wallet', mobile_link: 'mywallet://', desktop_link: 'https://w.example/open' },
      ],
      isSiweEnabled: true,
      siwe: {
        getNonce: async () => 'n',
        verifyMessage: async () => true,
        getSession: async () => null,
        signOut: async () => true,
      },
      metadata: {
        name: 'Dapp',
        description: 'd',
        url: 'https://dapp.example',
        icons: ['https://dapp.example/i.png'],
      },
      hasMultipleAddresses: true,
      apiUrl: 'http://127.0.0.1:4100/',
      explorerUrl: 'http://127.0.0.1:4100',
      secureFrameUrl: 'http://127.0.0.1:4200',
      theme: { accentColor: '#ff0066', mode: 'dark' },
      storage: createMemoryStorage(),
    });
    expect(o.defaultNetwork).toEqual(keywayLocalL2);
    expect(o.apiUrl).toBe('http://127.0.0.1:4100');
    expect(o.customWallets[0]?.mobile_link).toBe('mywallet://');
  });

  it('rejects an unknown option by name', () => {
    const e = errorOf({ ...minimal, foo: 1 });
    expect(e.message).toBe('Unknown Keyway option "foo"');
    expect(e.option).toBe('foo');
  });

  it('rejects a malformed option naming it and what was expected', () => {
    expect(errorOf({ ...minimal, featuredWalletIds: 'abc' }).message).toBe(
      'Invalid Keyway option "featuredWalletIds": expected an array of strings',
    );
    expect(errorOf({ ...minimal, featuredWalletIds: [1] }).message).toBe(
      'Invalid Keyway option "featuredWalletIds[0]": expected a string',
    );
    expect(errorOf({ networks: [keywayLocal] }).message).toBe(
      'Invalid Keyway option "projectId": expected a non-empty string',
    );
    expect(errorOf({ ...minimal, projectId: '  ' }).option).toBe('projectId');
    expect(errorOf({ ...minimal, allWallets: 'ALL' }).message).toBe(
      'Invalid Keyway option "allWallets": expected "SHOW", "HIDE" or "ONLY_MOBILE"',
    );
    expect(errorOf({ ...minimal, enableAnalytics: 'yes' }).message).toContain(
      '"enableAnalytics": expected a boolean',
    );
  });

  it("takes EVM networks without the host's own RPC URL (read through the Blockchain API with the projectId)", () => {
    const { rpcUrls: _, ...custom } = { ...keywayLocal, id: 'eip155:777', chainId: 777, name: 'Custom' };
    const o = parseKeywayOptions({ ...minimal, networks: [custom, { ...mainnet, rpcUrls: [] }, base] });
    expect(o.networks.map((n) => [n.id, n.rpcUrls])).toEqual([
      ['eip155:777', []],
      ['eip155:1', []],
      ['eip155:8453', ['https://mainnet.base.org']],
    ]);
  });

  it('requires a non-empty list of valid networks and a default among them', () => {
    expect(errorOf({ projectId: 'p' }).option).toBe('networks');
    expect(errorOf({ projectId: 'p', networks: [] }).message).toBe(
      'Invalid Keyway option "networks": expected at least one network (the first is the default)',
    );
    expect(errorOf({ ...minimal, networks: [keywayLocal, keywayLocal] }).message).toContain(
      'duplicate network id',
    );
    expect(errorOf({ ...minimal, networks: [{ ...mainnet, id: 'eip155:2' }] }).option).toBe('networks[0].id');
    expect(errorOf({ ...minimal, defaultNetwork: 'eip155:1' }).option).toBe('defaultNetwork');
    expect(errorOf({ ...minimal, networks: [{ ...mainnet, rpcUrls: ['http://rpc.example'] }] }).message).toBe(
      'Invalid Keyway option "networks[0].rpcUrls[0]": expected an https: URL (http: only for localhost/127.0.0.1)',
    );
    expect(errorOf({ ...minimal, networks: [keywayLocal, { ...solanaLocal, rpcUrls: [] }] }).message).toBe(
      'Invalid Keyway option "networks[1].rpcUrls": expected at least one RPC URL for a Solana network',
    );
    expect(errorOf({ ...minimal, networks: [{ ...mainnet, chain: 'cosmos' }] }).message).toBe(
      'Invalid Keyway option "networks[0].chain": expected "evm" or "solana"',
    );
  });

  it('refuses dangerous wallet links and non-https legal URLs', () => {
    for (const link of [
      'javascript:alert(1)',
      'data:text/html,x',
      'vbscript:x',
      'file:///etc/passwd',
      'http://evil.example',
    ]) {
      const e = errorOf({ ...minimal, customWallets: [{ id: 'x', name: 'X', mobile_link: link }] });
      expect(e.option).toBe('customWallets[0].mobile_link');
      expect(e.message).toContain("expected an https: URL or the wallet's own custom scheme");
    }
    expect(errorOf({ ...minimal, termsConditionsUrl: 'http://example.com/t' }).option).toBe(
      'termsConditionsUrl',
    );
    expect(errorOf({ ...minimal, privacyPolicyUrl: 'javascript:void 0' }).option).toBe('privacyPolicyUrl');
  });

  it('takes on-ramp provider origins only as https: (or loopback http:) origins', () => {
    expect(
      parseKeywayOptions({
        ...minimal,
        onrampProviderOrigins: ['https://buy.example', 'http://127.0.0.1:4100'],
      }).onrampProviderOrigins,
    ).toEqual(['https://buy.example', 'http://127.0.0.1:4100']);
    for (const bad of ['https://buy.example/path', 'http://buy.example', 'javascript:alert(1)', '*']) {
      expect(errorOf({ ...minimal, onrampProviderOrigins: [bad] }).option, bad).toBe(
        'onrampProviderOrigins[0]',
      );
    }
  });

  it('checks the shape of siwe, storage, wagmiConfig and theme', () => {
    expect(errorOf({ ...minimal, siwe: { getNonce: 'x' } }).message).toContain('getNonce');
    expect(errorOf({ ...minimal, isSiweEnabled: true }).option).toBe('siwe');
    expect(errorOf({ ...minimal, storage: {} }).option).toBe('storage');
    expect(errorOf({ ...minimal, wagmiConfig: 42 }).option).toBe('wagmiConfig');
    expect(errorOf({ ...minimal, theme: { accentColor: 'red; x: url(evil)' } }).option).toBe(
      'theme.accentColor',
    );
    expect(errorOf({ ...minimal, tokens: { mainnet: { address: '0x' } } }).option).toBe('tokens.mainnet');
  });

  it('takes the server-rendered connection only with ssr, and only in the shape keyway/ssr gives it', () => {
    const initialState = { chainId: 31337, current: null, connections: new Map() };
    expect(parseKeywayOptions({ ...minimal, ssr: true, initialState }).initialState).toBe(initialState);
    expect(errorOf({ ...minimal, initialState })).toMatchObject({ option: 'initialState' });
    expect(errorOf({ ...minimal, initialState }).message).toContain('ssr: true');
    expect(errorOf({ ...minimal, ssr: true, initialState: { connections: {} } }).message).toContain(
      'cookieToInitialState',
    );
    expect(errorOf({ ...minimal, ssr: 'yes' }).option).toBe('ssr');
  });

  it('rejects a non-object', () => {
    expect(errorOf(null).message).toBe('Invalid Keyway options: expected an options object');
  });
});
