/**
 * A bare relay client for the relay's own tests: an Ed25519 identity that signs the connection JWT the way
 * WalletConnect clients do, JSON-RPC requests with answers matched by id, and the pushes it received (each
 * acknowledged unless told not to). The SDK-level tests use the real `@walletconnect/sign-client` instead.
 */
import { generateKeyPairSync, sign } from 'node:crypto';
import { http } from 'viem';
import { type Config, createConfig } from 'wagmi';
import WebSocket from 'ws';
import { keywayLocal, toViemChain } from '../../src/core/networks.ts';
import type { PairingProvider } from '../../src/hooks/connect/pairing.ts';
import type { WalletConnectPairingOptions } from '../../src/instance/walletconnect.ts';
import { issuerOfPublicKey } from './auth.ts';

export interface RelayIdentity {
  clientId: string;
  /** A signed JWT for `aud`, valid from `iat` for `ttlSeconds`. */
  jwt(opts?: { aud?: string; iat?: number; ttlSeconds?: number }): string;
}

export function createRelayIdentity(): RelayIdentity {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const x = publicKey.export({ format: 'jwk' }).x;
  if (!x) throw new Error('no public key');
  const clientId = issuerOfPublicKey(Buffer.from(x, 'base64url'));
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return {
    clientId,
    jwt({ aud = 'ws://127.0.0.1', iat = Math.floor(Date.now() / 1000), ttlSeconds = 86_400 } = {}) {
      const data = `${part({ alg: 'EdDSA', typ: 'JWT' })}.${part({ iss: clientId, sub: 'test', aud, iat, exp: iat + ttlSeconds })}`;
      return `${data}.${sign(null, Buffer.from(data), privateKey).toString('base64url')}`;
    },
  };
}

export interface Push {
  id: number;
  subscriptionId: string;
  topic: string;
  message: string;
  publishedAt: number;
  tag: number;
  attestation?: string;
}

export interface RelayTestClient {
  identity: RelayIdentity;
  ws: WebSocket;
  pushes: Push[];
  /** Acknowledge pushes as they arrive (default true). */
  autoAck: boolean;
  request<T = unknown>(method: string, params?: unknown): Promise<T>;
  /** Sends a raw text frame and resolves with the next answer carrying `id` (as raw text). */
  raw(text: string, id: string): Promise<string>;
  ack(push: Push): void;
  close(): Promise<void>;
}

export class RelayRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export function relayUrl(base: string, identity: RelayIdentity, projectId = 'keyway-local'): string {
  return `${base}/?auth=${identity.jwt({ aud: base })}&projectId=${projectId}&ua=test`;
}

export async function connectRelayClient(
  base: string,
  opts: { identity?: RelayIdentity; autoPong?: boolean } = {},
): Promise<RelayTestClient> {
  const identity = opts.identity ?? createRelayIdentity();
  const ws = new WebSocket(relayUrl(base, identity), { autoPong: opts.autoPong ?? true });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  let nextId = 1;
  const waiting = new Map<string, (text: string) => void>();
  const client: RelayTestClient = {
    identity,
    ws,
    pushes: [],
    autoAck: true,
    async request<T>(method: string, params?: unknown) {
      const id = String(nextId++);
      const text = await client.raw(JSON.stringify({ id: Number(id), jsonrpc: '2.0', method, params }), id);
      const answer = JSON.parse(text) as { result?: T; error?: { code: number; message: string } };
      if (answer.error) throw new RelayRpcError(answer.error.code, answer.error.message);
      return answer.result as T;
    },
    raw(text, id) {
      return new Promise<string>((resolve) => {
        waiting.set(id, resolve);
        ws.send(text);
      });
    },
    ack(push) {
      ws.send(JSON.stringify({ id: push.id, jsonrpc: '2.0', result: true }));
    },
    close() {
      return new Promise<void>((resolve) => {
        if (ws.readyState === ws.CLOSED) return resolve();
        ws.once('close', () => resolve());
        ws.close();
      });
    },
  };
  ws.on('message', (data) => {
    const text = data.toString();
    const payload = JSON.parse(text) as {
      id?: number | string | null;
      method?: string;
      params?: { id: string; data: Omit<Push, 'id' | 'subscriptionId'> };
    };
    if (payload.method === 'irn_subscription' && payload.params && typeof payload.id === 'number') {
      const push: Push = { id: payload.id, subscriptionId: payload.params.id, ...payload.params.data };
      client.pushes.push(push);
      if (client.autoAck) client.ack(push);
      return;
    }
    // The id as its digits, also when it is beyond a double's precision.
    const rawId = /"id":\s*"?(-?[\w]+|null)"?/.exec(text)?.[1] ?? 'null';
    const resolve = waiting.get(rawId);
    if (resolve) {
      waiting.delete(rawId);
      resolve(text);
    }
  });
  return client;
}

/**
 * Blocks and records every `fetch` to a host other than this machine (the WalletConnect SDKs reach for
 * WalletConnect's cloud unless configured not to); `restore()` puts the real `fetch` back.
 */
export function blockOutsideRequests(): { outside: string[]; restore(): void } {
  const outside: string[] = [];
  const realFetch = globalThis.fetch;
  globalThis.fetch = (async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.hostname !== '127.0.0.1' && url.hostname !== 'localhost') {
      outside.push(url.href);
      throw new TypeError(`blocked: ${url.href}`);
    }
    return realFetch(input, init);
  }) as typeof fetch;
  return {
    outside,
    restore() {
      globalThis.fetch = realFetch;
    },
  };
}

/**
 * The WalletConnect core the kit's transport prepares in a browser (src/instance/walletconnect.ts), made here on
 * memory: Node has no IndexedDB. The kit's transport then finds it (one core per storage prefix) and keeps it.
 */
export async function prepareKitCoreOnMemory(relayUrl: string): Promise<void> {
  const [{ Core }, { memoryStorage }, { WALLETCONNECT_STORAGE_PREFIX }] = await Promise.all([
    import('@walletconnect/core'),
    import('../../playground/phone/wallet.ts'),
    import('../../src/instance/walletconnect.ts'),
  ]);
  new Core({
    projectId: 'keyway-local',
    relayUrl,
    customStoragePrefix: WALLETCONNECT_STORAGE_PREFIX,
    storage: memoryStorage(),
    telemetryEnabled: false,
    logger: 'error',
  }).eventClient.init = async () => {};
}

/** A wagmi config on one local anvil chain (31337 at `rpcUrl`), nothing persisted: the kit's side in these tests. */
export function localChainConfig(rpcUrl: string): Config {
  const chain = toViemChain({ ...keywayLocal, rpcUrls: [rpcUrl] });
  return createConfig({
    chains: [chain],
    transports: { [chain.id]: http(rpcUrl) },
    connectors: [],
    storage: null,
  });
}

/**
 * The kit's pairing transport on `config` against a local relay, as the kit makes it (its core prepared on
 * memory first), with every URI it shows pushed to `uris`. Throws when the transport did not load.
 */
export async function kitPairingOnRelay(
  config: Config,
  opts: Omit<WalletConnectPairingOptions, 'projectId' | 'relayUrl'> & { relayUrl: string },
  uris: string[],
): Promise<PairingProvider> {
  await prepareKitCoreOnMemory(opts.relayUrl);
  const { createWalletConnectPairing } = await import('../../src/instance/wagmi.ts');
  const pairing = await createWalletConnectPairing(config, { projectId: 'keyway-local', ...opts });
  if (!pairing) throw new Error('the pairing transport did not load');
  pairing.onUri((uri) => uris.push(uri));
  return pairing;
}
