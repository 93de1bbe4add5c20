import {
  createPublicClient,
  type Hex,
  http,
  numberToHex,
  parseEther,
  recoverTypedDataAddress,
  stringToHex,
  verifyMessage,
} from 'viem';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type AnvilHandle, startAnvil } from '../../services/chain/anvil.ts';
import { createMemoryStorage } from './storage';
import { createTestWallet, type PendingRequest, ProviderRpcError, type TestWallet } from './test-wallet';

// Anvil dev accounts 0 and 1 (`test test … junk`).
const KEY0: Hex = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const ADDR0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const KEY1: Hex = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
const ADDR1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

const chains: AnvilHandle[] = [];
/** The two chains' URLs, on the free ports they took. */
let rpcA: string;
let rpcB: string;

beforeAll(async () => {
  chains.push(
    ...(await Promise.all([
      startAnvil({ port: 0, chainId: 31337, readyTimeoutMs: 15_000 }),
      startAnvil({ port: 0, chainId: 31338, readyTimeoutMs: 15_000 }),
    ])),
  );
  [rpcA, rpcB] = chains.map((c) => c.rpcUrl) as [string, string];
}, 20_000);
afterAll(async () => {
  await Promise.all(chains.map((c) => c.stop()));
});

function wallet(opts: Partial<Parameters<typeof createTestWallet>[0]> = {}): TestWallet {
  return createTestWallet({
    privateKey: KEY0,
    rpcUrl: rpcA,
    chains: [{ id: 31338, rpcUrl: rpcB }],
    ...opts,
  });
}

async function rejection(p: Promise<unknown>): Promise<ProviderRpcError> {
  const e = await p.then(
    () => {
      throw new Error('expected a rejection');
    },
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(ProviderRpcError);
  return e as ProviderRpcError;
}

describe('createTestWallet (against anvil)', () => {
  it('connects: no accounts until eth_requestAccounts, then the key’s address and events', async () => {
    const w = wallet();
    const changes: unknown[] = [];
    w.on('accountsChanged', (a) => changes.push(a));
    expect(await w.request({ method: 'eth_accounts' })).toEqual([]);
    expect(await w.request({ method: 'eth_chainId' })).toBe('0x7a69');
    expect(await w.request({ method: 'eth_requestAccounts' })).toEqual([ADDR0]);
    expect(await w.request({ method: 'eth_accounts' })).toEqual([ADDR0]);
    expect(changes).toEqual([[ADDR0]]);
    w.disconnect();
    expect(await w.request({ method: 'eth_accounts' })).toEqual([]);
  });

  it('signs messages and typed data that verify against its address', async () => {
    const w = wallet();
    await w.request({ method: 'eth_requestAccounts' });
    const message = 'Sign in to Keyway';
    const sig = (await w.request({ method: 'personal_sign', params: [stringToHex(message), ADDR0] })) as Hex;
    expect(await verifyMessage({ address: ADDR0, message, signature: sig })).toBe(true);

    const typed = {
      domain: { name: 'Keyway', version: '1', chainId: 31337 },
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
        ],
        Mail: [
          { name: 'to', type: 'address' },
          { name: 'contents', type: 'string' },
        ],
      },
      primaryType: 'Mail',
      message: { to: ADDR1, contents: 'hello' },
    } as const;
    const sig2 = (await w.request({
      method: 'eth_signTypedData_v4',
      params: [ADDR0, JSON.stringify(typed)],
    })) as Hex;
    const { EIP712Domain: _d, ...types } = typed.types;
    const signer = await recoverTypedDataAddress({
      domain: typed.domain,
      types,
      primaryType: 'Mail',
      message: typed.message,
      signature: sig2,
    });
    expect(signer).toBe(ADDR0);
  });

  it('signs a transaction locally and sends it raw: the receiver’s balance rises by the value', async () => {
    const w = wallet();
    await w.request({ method: 'eth_requestAccounts' });
    const client = createPublicClient({ transport: http(rpcA) });
    const before = await client.getBalance({ address: ADDR1 });
    const hash = (await w.request({
      method: 'eth_sendTransaction',
      params: [{ from: ADDR0, to: ADDR1, value: numberToHex(parseEther('0.25')) }],
    })) as Hex;
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
    const receipt = await client.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');
    expect(receipt.from.toLowerCase()).toBe(ADDR0.toLowerCase());
    expect(await client.getBalance({ address: ADDR1 })).toBe(before + parseEther('0.25'));
  });

  it('rejects the next prompt with an EIP-1193 4001 error and sends nothing', async () => {
    const w = wallet();
    w.rejectNext();
    const e = await rejection(w.request({ method: 'eth_requestAccounts' }));
    expect({ code: e.code, message: e.message }).toEqual({
      code: 4001,
      message: 'User rejected the request.',
    });
    expect(await w.request({ method: 'eth_accounts' })).toEqual([]);

    await w.request({ method: 'eth_requestAccounts' });
    const client = createPublicClient({ transport: http(rpcA) });
    const nonce = await client.getTransactionCount({ address: ADDR0 });
    w.rejectNext();
    const e2 = await rejection(
      w.request({ method: 'eth_sendTransaction', params: [{ from: ADDR0, to: ADDR1, value: '0x1' }] }),
    );
    expect(e2.code).toBe(4001);
    expect(await client.getTransactionCount({ address: ADDR0 })).toBe(nonce);
  });

  it('holds prompts while auto-approve is off until approveNext / rejectNext', async () => {
    const w = wallet({ autoApprove: false });
    const seen: (readonly PendingRequest[])[] = [];
    w.onPendingChange((p) => seen.push(p));
    const connecting = w.request({ method: 'eth_requestAccounts' });
    await vi.waitFor(() => expect(w.pending.map((p) => p.method)).toEqual(['eth_requestAccounts']));
    w.approveNext();
    await expect(connecting).resolves.toEqual([ADDR0]);
    expect(w.pending).toEqual([]);
    const signing = w.request({ method: 'personal_sign', params: ['0x68656c6c6f', ADDR0] });
    // Rejected once it is held (a rejection before it would be kept for the next prompt instead).
    await vi.waitFor(() => expect(w.pending.map((p) => p.method)).toEqual(['personal_sign']));
    w.rejectNext(4001);
    expect((await rejection(signing)).code).toBe(4001);
    expect(seen.map((s) => s.length)).toEqual([1, 0, 1, 0]);
    w.setAutoApprove(true);
    await expect(w.request({ method: 'personal_sign', params: ['0x68656c6c6f', ADDR0] })).resolves.toMatch(
      /^0x/,
    );
  });

  it('switches chains (chainChanged; reads go to the new RPC), refuses unknown ones with 4902', async () => {
    const w = wallet();
    await w.request({ method: 'eth_requestAccounts' });
    const changed: unknown[] = [];
    w.on('chainChanged', (c) => changed.push(c));
    await w.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] });
    expect(changed).toEqual(['0x7a6a']);
    expect(await w.request({ method: 'eth_chainId' })).toBe('0x7a6a');
    // pass-through read answered by the second anvil
    expect(await w.request({ method: 'net_version' })).toBe('31338');
    const e = await rejection(
      w.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] }),
    );
    expect(e.code).toBe(4902);

    await w.request({
      method: 'wallet_addEthereumChain',
      params: [{ chainId: '0x1', rpcUrls: [rpcA], chainName: 'X' }],
    });
    await w.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] });
    expect(changed).toEqual(['0x7a6a', '0x1']);
  });

  it('passes reads through to the RPC', async () => {
    const w = wallet();
    const block = await w.request({ method: 'eth_blockNumber' });
    expect(block).toMatch(/^0x[0-9a-f]+$/);
    const bal = await w.request({ method: 'eth_getBalance', params: [ADDR0, 'latest'] });
    expect(BigInt(bal as string)).toBeGreaterThan(0n);
    const e = await rejection(w.request({ method: 'no_such_method' }));
    expect(e.code).toBeLessThan(0);
  });

  it('announces itself through EIP-6963 and re-announces on request', () => {
    const w = wallet();
    const target = new EventTarget();
    const announced: CustomEvent[] = [];
    target.addEventListener('eip6963:announceProvider', (e) => announced.push(e as CustomEvent));
    const stop = w.announce(target);
    expect(announced).toHaveLength(1);
    const detail = announced[0]!.detail as { info: Record<string, string>; provider: unknown };
    expect(detail.info).toMatchObject({ name: 'Keyway Dev Wallet', rdns: 'dev.keyway.wallet' });
    expect(detail.info.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(detail.info.icon).toMatch(/^data:image\/svg\+xml,/);
    expect(detail.provider).toBe(w);
    expect(Object.isFrozen(detail)).toBe(true);
    expect(Object.isFrozen(detail.info)).toBe(true);
    target.dispatchEvent(new Event('eip6963:requestProvider'));
    expect(announced).toHaveLength(2);
    stop();
    target.dispatchEvent(new Event('eip6963:requestProvider'));
    expect(announced).toHaveLength(2);
  });
});

describe('createTestWallet with wagmi', () => {
  it('connects, switches chain, sends and disconnects through the injected connector', async () => {
    const { createConfig, http: wagmiHttp } = await import('wagmi');
    const { injected } = await import('wagmi/connectors');
    const actions = await import('wagmi/actions');
    const { defineChain } = await import('viem');
    const chainA = defineChain({
      id: 31337,
      name: 'Keyway Local',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [rpcA] } },
    });
    const chainB = defineChain({
      ...chainA,
      id: 31338,
      name: 'Keyway Local L2',
      rpcUrls: { default: { http: [rpcB] } },
    });
    const w = wallet();
    // wagmi's injected connector looks for `window`; node has none.
    const g = globalThis as { window?: unknown };
    const hadWindow = 'window' in g;
    g.window ??= new EventTarget();
    const config = createConfig({
      chains: [chainA, chainB],
      pollingInterval: 100,
      connectors: [
        injected({ target: () => ({ id: 'keywayDev', name: w.info.name, provider: w as never }) }),
      ],
      transports: { [chainA.id]: wagmiHttp(rpcA), [chainB.id]: wagmiHttp(rpcB) },
    });
    const connector = config.connectors[0]!;
    const result = await actions.connect(config, { connector });
    expect(result.accounts).toEqual([ADDR0]);
    expect(result.chainId).toBe(31337);
    await actions.switchChain(config, { chainId: 31338 });
    expect(actions.getAccount(config).chainId).toBe(31338);
    const hash = await actions.sendTransaction(config, { to: ADDR1, value: 1000n });
    const receipt = await actions.waitForTransactionReceipt(config, { hash, chainId: 31338 });
    expect(receipt.status).toBe('success');
    await actions.disconnect(config);
    expect(actions.getAccount(config).isConnected).toBe(false);

    w.rejectNext();
    await expect(actions.connect(config, { connector })).rejects.toMatchObject({ code: 4001 });
    if (!hadWindow) delete g.window;
  });
});

describe('switching accounts', () => {
  it('a connected site keeps access under the new account, hears accountsChanged, and gets its signatures', async () => {
    const w = wallet();
    const changes: unknown[] = [];
    w.on('accountsChanged', (a) => changes.push(a));
    await w.request({ method: 'eth_requestAccounts' });
    w.switchAccount(KEY1);
    expect(w.address).toBe(ADDR1);
    expect(w.account.address).toBe(ADDR1);
    expect(changes).toEqual([[ADDR0], [ADDR1]]);
    expect(await w.request({ method: 'eth_accounts' })).toEqual([ADDR1]);
    const message = 'Sign in as the second account';
    const sig = (await w.request({ method: 'personal_sign', params: [stringToHex(message), ADDR1] })) as Hex;
    expect(await verifyMessage({ address: ADDR1, message, signature: sig })).toBe(true);
    // The same key again changes nothing; a site that was never connected hears nothing.
    w.switchAccount(KEY1);
    expect(changes).toHaveLength(2);
    const fresh = wallet();
    const heard: unknown[] = [];
    fresh.on('accountsChanged', (a) => heard.push(a));
    fresh.switchAccount(KEY1);
    expect(heard).toEqual([]);
    expect(await fresh.request({ method: 'eth_accounts' })).toEqual([]);
  });
});

describe('a wallet that remembers the site it was connected to (grants)', () => {
  it('a later page load finds the account exposed; a disconnect forgets it', async () => {
    const grants = createMemoryStorage();
    const first = wallet({ grants, chainId: 31337 });
    expect(await first.provider.request({ method: 'eth_accounts' })).toEqual([]);
    await first.provider.request({ method: 'eth_requestAccounts' });
    // The next page load: a new wallet object over the same memory.
    const reloaded = wallet({ grants, chainId: 31337 });
    expect(await reloaded.provider.request({ method: 'eth_accounts' })).toEqual([ADDR0]);
    reloaded.disconnect();
    expect(await wallet({ grants, chainId: 31337 }).provider.request({ method: 'eth_accounts' })).toEqual([]);
    // Without grants nothing is remembered.
    expect(await wallet({ chainId: 31337 }).provider.request({ method: 'eth_accounts' })).toEqual([]);
  });
});
