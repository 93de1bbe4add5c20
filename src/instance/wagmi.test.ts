import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { numberToHex, parseEther } from 'viem';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getBalance } from 'wagmi/actions';
import { BASE_FEE_MULTIPLIER, MULTICALL_BATCH_BYTES, POLLING_INTERVAL_MS } from '../core/constants';
import { base, type KeywayNetwork, keywayLocal, keywayLocalL2, mainnet, solanaLocal } from '../core/networks';
import { createMemoryStorage } from '../core/storage';
import { stubConnector } from '../testing/stub-connector';
import {
  addConnectorIfAvailable,
  addOptionalConnectors,
  buildWagmiConfig,
  evmChains,
  evmReadRpc,
  WAGMI_STORAGE_KEY,
} from './wagmi';

const API = 'https://api.keyway.test';
const api = { baseUrl: API, projectId: 'p1' };
const apiRpc = (caip2: string) => `${API}/v1/?chainId=${encodeURIComponent(caip2)}&projectId=p1`;
const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
/** Ethereum as the kit defines it, without its multicall contract (wagmi's getBalance then asks eth_getBalance). */
const ethereum: KeywayNetwork = { ...mainnet, multicall: undefined };
/** A network the kit does not define (no public default). */
const custom: KeywayNetwork = { ...keywayLocal, id: 'eip155:777', chainId: 777, name: 'Custom', rpcUrls: [] };

/** Who answered the balance reads: the URL of each eth_getBalance request (with its query). */
const reads: string[] = [];
let apiStatus = 200;
/** Requests the Blockchain API's RPC received, answered or refused. */
let apiCalls = 0;
const rpcAnswer =
  (balance: string) =>
  async ({ request }: { request: Request }) => {
    const { id, method } = (await request.json()) as { id: number; method: string };
    if (method !== 'eth_getBalance') {
      return HttpResponse.json({ jsonrpc: '2.0', id, error: { code: -32601, message: 'not mocked' } });
    }
    reads.push(request.url);
    return HttpResponse.json({ jsonrpc: '2.0', id, result: numberToHex(parseEther(balance)) });
  };
const server = setupServer(
  http.post(`${API}/v1/`, async (info) => {
    apiCalls++;
    return apiStatus === 200
      ? rpcAnswer('1.5')(info)
      : HttpResponse.json({ status: 'FAILED' }, { status: apiStatus });
  }),
  http.post(mainnet.rpcUrls[0]!, rpcAnswer('7')),
  http.post('https://rpc.host.test/', rpcAnswer('3')),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  reads.length = 0;
  apiStatus = 200;
  apiCalls = 0;
});
afterAll(() => server.close());

describe('evmReadRpc: where an EVM network is read through', () => {
  it("uses the host's own RPC URL (the first) when the host gave one, projectId or not", () => {
    expect(evmReadRpc(keywayLocal, api)).toEqual({ via: 'host', urls: ['http://127.0.0.1:8545'] });
    const own = { ...mainnet, rpcUrls: ['https://rpc.host.test', 'https://rpc2.host.test'] };
    expect(evmReadRpc(own, api)).toEqual({ via: 'host', urls: ['https://rpc.host.test'] });
    expect(evmReadRpc(own, undefined)).toEqual({ via: 'host', urls: ['https://rpc.host.test'] });
  });

  it("reads through the Blockchain API's RPC with the public default as fallback when the host gave none", () => {
    // A built-in network passed unchanged: its rpcUrls are the kit's public default, not the host's.
    expect(evmReadRpc(mainnet, api)).toEqual({
      via: 'api',
      urls: [apiRpc('eip155:1'), 'https://cloudflare-eth.com'],
    });
    expect(evmReadRpc({ ...base, rpcUrls: [] }, api)).toEqual({
      via: 'api',
      urls: [apiRpc('eip155:8453'), 'https://mainnet.base.org'],
    });
  });

  it('reads through the Blockchain API alone for a network without a public default', () => {
    expect(evmReadRpc(custom, api)).toEqual({ via: 'api', urls: [apiRpc('eip155:777')] });
    expect(evmReadRpc({ ...keywayLocal, rpcUrls: [] }, api)).toEqual({
      via: 'api',
      urls: [apiRpc('eip155:31337')],
    });
  });

  it('uses the public default without a projectId, and refuses a network with neither, naming it', () => {
    expect(evmReadRpc(mainnet, undefined)).toEqual({ via: 'public', urls: ['https://cloudflare-eth.com'] });
    expect(evmReadRpc({ ...mainnet, rpcUrls: [] }, { baseUrl: API, projectId: '' })).toEqual({
      via: 'public',
      urls: ['https://cloudflare-eth.com'],
    });
    expect(() => evmReadRpc(custom, undefined)).toThrow(
      'Network "Custom" (eip155:777) has no RPC URL: expected at least one RPC URL, or a projectId to read through the Blockchain API',
    );
  });
});

describe('buildWagmiConfig transports', () => {
  it("reads a balance through the Blockchain API's RPC when the host gave no RPC URL", async () => {
    const config = buildWagmiConfig({
      networks: [{ ...keywayLocal, rpcUrls: [] }],
      enableEIP6963: false,
      blockchainApi: api,
    });
    const b = await getBalance(config, { address: ACCOUNT, chainId: 31337 });
    expect(b.value).toBe(parseEther('1.5'));
    expect(reads).toEqual([apiRpc('eip155:31337')]);
    // A wallet asked to add the chain gets the only URL there is.
    expect(config.chains[0]!.rpcUrls.default.http).toEqual([apiRpc('eip155:31337')]);
  });

  it("falls back to a built-in network's public default when the Blockchain API refuses", async () => {
    apiStatus = 400;
    const config = buildWagmiConfig({ networks: [ethereum], enableEIP6963: false, blockchainApi: api });
    const b = await getBalance(config, { address: ACCOUNT, chainId: 1 });
    expect(b.value).toBe(parseEther('7'));
    expect(apiCalls).toBe(1);
    expect(reads).toEqual(['https://cloudflare-eth.com/']);
    // Wallets are given the public URL, not the project's Blockchain API URL.
    expect(config.chains[0]!.rpcUrls.default.http).toEqual([mainnet.rpcUrls[0]]);
  });

  it("goes straight to the host's own RPC URL", async () => {
    const config = buildWagmiConfig({
      networks: [{ ...ethereum, rpcUrls: ['https://rpc.host.test/'] }],
      enableEIP6963: false,
      blockchainApi: api,
    });
    expect((await getBalance(config, { address: ACCOUNT, chainId: 1 })).value).toBe(parseEther('3'));
    expect(reads).toEqual(['https://rpc.host.test/']);
    expect(apiCalls).toBe(0);
  });
});

describe('buildWagmiConfig: the library settings of spec §9', () => {
  it('polls at most every 4 s, groups reads into 1024-byte multicalls, and multiplies the base fee by 1.2', () => {
    const config = buildWagmiConfig({
      networks: [keywayLocal, keywayLocalL2, ethereum],
      enableEIP6963: false,
    });
    for (const chain of config.chains) {
      const client = config.getClient({ chainId: chain.id });
      expect(client.pollingInterval).toBeLessThanOrEqual(POLLING_INTERVAL_MS);
      expect(client.batch?.multicall).toEqual({ batchSize: MULTICALL_BATCH_BYTES });
      expect(chain.fees?.baseFeeMultiplier).toBe(BASE_FEE_MULTIPLIER);
    }
    expect([POLLING_INTERVAL_MS, MULTICALL_BATCH_BYTES, BASE_FEE_MULTIPLIER]).toEqual([4_000, 1_024, 1.2]);
  });
});

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
