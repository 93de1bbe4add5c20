/** Helpers of the API contract tests (not a test file): HTTP calls, chain-free handles, viem clients. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPublicClient, createWalletClient, defineChain, type Hex, http, toHex } from 'viem';
import { type LocalAccount, privateKeyToAccount } from 'viem/accounts';
import { type RegistrationMessage, registrationTypedData } from '../../src/hooks/names/typedData.ts';
import type { ChainsHandle, EvmChainInfo } from '../chain/types.ts';

export const PROJECT_ID = 'kw-contract-tests';

export const tempDataDir = (prefix: string): string => mkdtempSync(path.join(tmpdir(), `kw-api-${prefix}-`));

export interface HttpResult {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
}

export async function call(
  base: string,
  method: string,
  pathAndQuery: string,
  opts: { body?: unknown; rawBody?: string; headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<HttpResult> {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  let body: string | undefined;
  if (opts.rawBody !== undefined) body = opts.rawBody;
  else if (opts.body !== undefined) body = JSON.stringify(opts.body);
  if (body !== undefined) headers['content-type'] ??= 'application/json';
  const res = await fetch(`${base}${pathAndQuery}`, { method, headers, body, signal: opts.signal });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

export const get = (base: string, p: string, headers?: Record<string, string>) =>
  call(base, 'GET', p, { headers });
export const post = (base: string, p: string, body: unknown, headers?: Record<string, string>) =>
  call(base, 'POST', p, { body, headers });

/**
 * A ChainsHandle whose chains nobody runs (explorer and name tests need no chain). Their ports are below 1024,
 * where no test listens (tests take ports the OS picks, far above), so nothing answers there, whatever runs
 * beside.
 */
export function unreachableChains(): ChainsHandle {
  const contracts = {
    usdc: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
    dai: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
    weth: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0',
    router: '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9',
  } as const;
  return {
    evm: [
      {
        chainId: 31337,
        name: 'Keyway Local',
        rpcUrl: 'http://127.0.0.1:1',
        contracts,
        deployedAtBlock: 0n,
      },
      {
        chainId: 31338,
        name: 'Keyway Local L2',
        rpcUrl: 'http://127.0.0.1:2',
        contracts,
        deployedAtBlock: 0n,
      },
    ],
    solana: {
      rpcUrl: 'http://127.0.0.1:3',
      wsUrl: 'ws://127.0.0.1:4',
      caip2: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
    },
    deployerPrivateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
    stop: async () => {},
  };
}

export function clientsFor(info: EvmChainInfo, privateKey: Hex) {
  const chain = defineChain({
    id: info.chainId,
    name: info.name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [info.rpcUrl] } },
  });
  const account = privateKeyToAccount(privateKey);
  return {
    chain,
    account,
    pub: createPublicClient({ chain, transport: http(info.rpcUrl) }),
    wallet: createWalletClient({ chain, account, transport: http(info.rpcUrl) }),
  };
}

// Signed name registrations (the name service tests).

export const HIGH_BIT = 0x80000000;
/** Coin type of chain 31337: the chain id with the high bit set. */
export const COIN_31337 = (HIGH_BIT | 31337) >>> 0;

export interface RegisterBody {
  coin_type: number;
  address: string;
  message: string;
  signature: Hex;
}

export interface BodyOptions {
  /** The body's coin_type (default: chain 31337's). */
  coinType?: number;
  /** What the signed message says, where it differs from the body (an attacker's edit). */
  signed?: Partial<RegistrationMessage>;
  timestamp?: number;
  attributes?: Record<string, string>;
}

const nonce = (): Hex => toHex(crypto.getRandomValues(new Uint8Array(32)));
const chainOf = (coinType: number) => (coinType >= HIGH_BIT ? coinType - HIGH_BIT : 1);

/** A registration body as the kit builds it: the message's EIP-712 typed data signed by `account`. */
export async function signedBody(
  account: LocalAccount,
  name: string,
  opts: BodyOptions = {},
): Promise<RegisterBody> {
  const coinType = opts.coinType ?? COIN_31337;
  const message: RegistrationMessage = {
    name,
    attributes: opts.attributes ?? {},
    timestamp: opts.timestamp ?? Math.floor(Date.now() / 1000),
    coinType,
    address: account.address,
    nonce: nonce(),
    chainId: chainOf(coinType),
    ...opts.signed,
  };
  const signature = await account.signTypedData(registrationTypedData(message));
  return { coin_type: coinType, address: account.address, message: JSON.stringify(message), signature };
}
