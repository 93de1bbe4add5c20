/**
 * A phone wallet for the local stack: the real `@reown/walletkit` (WalletConnect's wallet SDK) over the local
 * relay, holding test keys of its own and signing for the local chains. The e2e tests drive it in Node and
 * the playground's `/phone.html` page puts a face on it, so that a person can pair the playground with it
 * from a second tab the way a phone pairs with a desktop dapp.
 *
 * It does what a wallet does with a pairing: reads a `wc:` URI, shows the dapp's proposal (name, URL, chains)
 * to be approved or rejected, answers the dapp's requests one by one after approval (`personal_sign`,
 * `eth_signTypedData_v4`, `eth_sendTransaction` sent to the chain, `wallet_switchEthereumChain`), ends a
 * session, and tells the dapp when its account or chain changes.
 *
 * Nothing leaves the machine: telemetry is off (including the start-up event the core posts regardless),
 * and WalletConnect's hosted Verify service (which a wallet asks
 * whether a dapp's claimed URL is genuine) is not called; proposals are reported with validation "UNKNOWN",
 * as a wallet offline would see them.
 *
 * With `solana` networks it serves WalletConnect's Solana namespace too: `solana_signAndSendTransaction`
 * (signed here, sent to the network's RPC), `solana_signTransaction` and `solana_signMessage`.
 *
 * Keys: account N is `keccak256("keyway-local-phone-wallet-account-N")`, a well-known test key, never a real
 * one; its Solana key is the Ed25519 key of seed `keccak256("keyway-local-phone-wallet-solana-N")`.
 * `fund()` tops it up on the local anvil chains with `anvil_setBalance` and airdrops SOL on the Solana ones.
 */

import { WalletKit, type WalletKitTypes } from '@reown/walletkit';
import { Connection, Keypair, VersionedTransaction } from '@solana/web3.js';
import { Core } from '@walletconnect/core';
import type { SessionTypes, SignClientTypes } from '@walletconnect/types';
import { buildApprovedNamespaces, getSdkError } from '@walletconnect/utils';
import {
  type Address,
  createWalletClient,
  formatUnits,
  type Hex,
  http,
  isHex,
  keccak256,
  parseEther,
  toBytes,
  toHex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { z } from 'zod';
import { decodeBase58, encodeBase58 } from '../../src/chains/solana/address.ts';
import { base64ToBytes, bytesToBase64 } from '../../src/chains/solana/base64.ts';

export const PHONE_WALLET_METADATA: SignClientTypes.Metadata = {
  name: 'Keyway Phone Wallet',
  description: 'A test wallet of the Keyway local stack, paired over the local WalletConnect relay',
  url: 'http://127.0.0.1:4300/phone.html',
  icons: [],
};

/** The EVM methods this wallet answers, and the events it sends. */
export const PHONE_WALLET_METHODS = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_switchEthereumChain',
] as const;
export const PHONE_WALLET_EVENTS = ['accountsChanged', 'chainChanged'] as const;
/** The Solana methods it answers (WalletConnect's Solana RPC). */
export const PHONE_WALLET_SOLANA_METHODS = [
  'solana_signAndSendTransaction',
  'solana_signTransaction',
  'solana_signMessage',
] as const;

/** A Solana network the wallet serves: its CAIP-2 id (`solana:<reference>`) and RPC URL. */
export interface PhoneWalletSolanaChain {
  chainId: string;
  rpcUrl: string;
}

export interface PhoneWalletChain {
  chainId: number;
  rpcUrl: string;
}

/** A key-value store as WalletConnect's core wants it (the page passes one over localStorage). */
export interface PhoneWalletStorage {
  getKeys(): Promise<string[]>;
  getEntries<T = unknown>(): Promise<[string, T][]>;
  getItem<T = unknown>(key: string): Promise<T | undefined>;
  setItem<T = unknown>(key: string, value: T): Promise<void>;
  removeItem(key: string): Promise<void>;
}

export function memoryStorage(): PhoneWalletStorage {
  const map = new Map<string, unknown>();
  return {
    getKeys: async () => [...map.keys()],
    getEntries: async <T>() => [...map.entries()] as [string, T][],
    getItem: async <T>(key: string) => map.get(key) as T | undefined,
    setItem: async (key, value) => {
      map.set(key, structuredClone(value));
    },
    removeItem: async (key) => {
      map.delete(key);
    },
  };
}

export function phoneWalletKey(account: number): Hex {
  return keccak256(toBytes(`keyway-local-phone-wallet-account-${account}`));
}

export function phoneWalletAddress(account: number): Address {
  return privateKeyToAccount(phoneWalletKey(account)).address;
}

export function phoneWalletSolanaKeypair(account: number): Keypair {
  return Keypair.fromSeed(toBytes(keccak256(toBytes(`keyway-local-phone-wallet-solana-${account}`))));
}

/** The account's Solana address (base58). */
export function phoneWalletSolanaAddress(account: number): string {
  return phoneWalletSolanaKeypair(account).publicKey.toBase58();
}

/**
 * What a Solana transaction does, for the person approving it: each System Program transfer as "Send N SOL to
 * <address>", anything else as the program it calls. The phone page shows it before Approve.
 */
export function describeSolanaTransaction(base64: string): string {
  try {
    const { message } = VersionedTransaction.deserialize(base64ToBytes(base64));
    const keys = message.staticAccountKeys;
    return message.compiledInstructions
      .map((ix) => {
        const program = keys[ix.programIdIndex]?.toBase58() ?? '?';
        const data = ix.data;
        const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
        if (
          program === '11111111111111111111111111111111' &&
          data.length === 12 &&
          view.getUint32(0, true) === 2
        ) {
          const lamports = view.getBigUint64(4, true);
          const to = keys[ix.accountKeyIndexes[1] ?? -1]?.toBase58() ?? '?';
          return `Send ${formatUnits(lamports, 9)} SOL to ${to}`;
        }
        return `Call program ${program}`;
      })
      .join('; ');
  } catch {
    return 'A transaction that could not be read';
  }
}

/** Signs with Ed25519 through WebCrypto (Node and browsers), from the key's 32-byte seed. */
async function ed25519Sign(seed: Uint8Array, message: Uint8Array): Promise<Uint8Array> {
  // PKCS#8 of an Ed25519 private key: a fixed 16-byte header, then the seed.
  const pkcs8 = new Uint8Array([
    0x30,
    0x2e,
    0x02,
    0x01,
    0x00,
    0x30,
    0x05,
    0x06,
    0x03,
    0x2b,
    0x65,
    0x70,
    0x04,
    0x22,
    0x04,
    0x20,
    ...seed,
  ]);
  const key = await crypto.subtle.importKey('pkcs8', pkcs8, { name: 'Ed25519' }, false, ['sign']);
  return new Uint8Array(await crypto.subtle.sign({ name: 'Ed25519' }, key, new Uint8Array(message)));
}

export interface PhoneWalletOptions {
  relayUrl: string;
  projectId: string;
  chains: readonly PhoneWalletChain[];
  /** Solana networks it serves as well (none by default). */
  solana?: readonly PhoneWalletSolanaChain[];
  /** Which test account (default 0). */
  account?: number;
  storage?: PhoneWalletStorage;
  /** Keeps two wallets in one process apart (WalletConnect shares one core per prefix). */
  storagePrefix?: string;
  metadata?: SignClientTypes.Metadata;
}

export interface Proposal {
  id: number;
  dappName: string;
  dappUrl: string;
  /** CAIP-2 chains the dapp asked for (required and optional), and which of them this wallet serves. */
  chains: string[];
  supportedChains: string[];
}

export interface PendingRequest {
  id: number;
  topic: string;
  /** CAIP-2, e.g. `eip155:31337`. */
  chainId: string;
  method: string;
  params: unknown;
  dappName: string;
}

export interface PhoneWalletState {
  address: Address;
  /** The Solana address (base58), served on the `solana` networks. */
  solanaAddress: string;
  /** The chain the wallet reports (CAIP-2). */
  chainId: string;
  proposals: Proposal[];
  requests: PendingRequest[];
  sessions: Array<{ topic: string; dappName: string; dappUrl: string }>;
  /** What happened last, for the page and for tests ("Approved personal_sign", "Session ended by the dapp"). */
  log: string[];
}

export interface PhoneWallet {
  /** The current state (the same object until something changes). */
  getState(): PhoneWalletState;
  subscribe(listener: (state: PhoneWalletState) => void): () => void;
  /** Pairs with a `wc:` URI (as scanned or pasted). */
  pair(uri: string): Promise<void>;
  approveProposal(id: number): Promise<void>;
  rejectProposal(id: number): Promise<void>;
  approveRequest(id: number): Promise<void>;
  rejectRequest(id: number): Promise<void>;
  /** Ends a session from the wallet's side. */
  disconnect(topic: string): Promise<void>;
  /** Switches the account (and tells every session). */
  switchAccount(account: number): Promise<void>;
  /** Switches the chain (and tells every session). */
  switchChain(chainId: number): Promise<void>;
  /** Gives the account 100 ETH on every local chain (anvil_setBalance) and 10 SOL on each Solana one (airdrop). */
  fund(): Promise<void>;
  close(): Promise<void>;
}

const switchChainParams = z.tuple([z.object({ chainId: z.string().regex(/^0x[0-9a-fA-F]+$/) })]);
const personalSignParams = z.tuple([z.string(), z.string()]);
const typedDataParams = z.tuple([z.string(), z.union([z.string(), z.record(z.string(), z.unknown())])]);
const sendTransactionParams = z.tuple([
  z.object({
    from: z.string().optional(),
    to: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
    value: z.string().optional(),
    data: z.string().optional(),
    gas: z.string().optional(),
  }),
]);

const solanaTransactionParams = z.object({ transaction: z.string().min(4).max(2000) });
const solanaMessageParams = z.object({ message: z.string().min(1).max(20_000), pubkey: z.string() });

const caip2 = (chainId: number) => `eip155:${chainId}`;

export async function createPhoneWallet(opts: PhoneWalletOptions): Promise<PhoneWallet> {
  if (opts.chains.length === 0 && !opts.solana?.length) throw new Error('the phone wallet needs a network');
  let account = privateKeyToAccount(phoneWalletKey(opts.account ?? 0));
  let solanaKey = phoneWalletSolanaKeypair(opts.account ?? 0);
  const solanaChains = new Map((opts.solana ?? []).map((c) => [c.chainId, c]));
  // The EVM chain it reports (0 for a wallet that serves only Solana).
  let chainId = opts.chains[0]?.chainId ?? 0;
  const chainById = new Map(opts.chains.map((c) => [c.chainId, c]));

  const core = new Core({
    projectId: opts.projectId,
    relayUrl: opts.relayUrl,
    storage: opts.storage ?? memoryStorage(),
    customStoragePrefix: opts.storagePrefix ?? 'keyway-phone',
    telemetryEnabled: false,
    logger: 'error',
  });
  // WalletConnect's Verify is a hosted service (an iframe on verify.walletconnect.org in browsers, a fetch in
  // Node): offline it only costs time, and this wallet must not reach outside the machine. Its answer
  // "unknown" is what the SDK reports when the service cannot be reached.
  core.verify.register = async () => '';
  core.verify.resolve = (async () => undefined) as unknown as typeof core.verify.resolve;
  // With telemetry off the core still posts one start-up event to WalletConnect's cloud; not from here.
  core.eventClient.init = async () => {};
  const kit = await WalletKit.init({ core, metadata: opts.metadata ?? PHONE_WALLET_METADATA });

  const listeners = new Set<(state: PhoneWalletState) => void>();
  const proposals = new Map<
    number,
    { proposal: Proposal; params: WalletKitTypes.SessionProposal['params'] }
  >();
  const requests = new Map<number, PendingRequest>();
  const log: string[] = [];

  const state = (): PhoneWalletState => ({
    address: account.address,
    solanaAddress: solanaKey.publicKey.toBase58(),
    chainId: caip2(chainId),
    proposals: [...proposals.values()].map((p) => p.proposal),
    requests: [...requests.values()],
    sessions: Object.values(kit.getActiveSessions()).map((s: SessionTypes.Struct) => ({
      topic: s.topic,
      dappName: s.peer.metadata.name,
      dappUrl: s.peer.metadata.url,
    })),
    log: [...log],
  });
  // One object per change, so that React's useSyncExternalStore sees a stable snapshot between changes.
  let snapshot = state();
  const emit = (line?: string) => {
    if (line) log.push(line);
    snapshot = state();
    for (const l of listeners) l(snapshot);
  };

  const supportedChains = [...opts.chains.map((c) => caip2(c.chainId)), ...solanaChains.keys()];
  const namespacesFor = (params: WalletKitTypes.SessionProposal['params']) => {
    const requested = [
      ...Object.values(params.requiredNamespaces ?? {}),
      ...Object.values(params.optionalNamespaces ?? {}),
    ].flatMap((n) => n.chains ?? []);
    const chains = supportedChains.filter((c) => requested.includes(c));
    const ordered = [caip2(chainId), ...chains.filter((c) => c !== caip2(chainId))].filter((c) =>
      chains.includes(c),
    );
    const solana = [...solanaChains.keys()].filter((c) => requested.includes(c));
    return buildApprovedNamespaces({
      proposal: params,
      supportedNamespaces: {
        ...(ordered.length
          ? {
              eip155: {
                chains: ordered,
                methods: [...PHONE_WALLET_METHODS],
                events: [...PHONE_WALLET_EVENTS],
                accounts: ordered.map((c) => `${c}:${account.address}`),
              },
            }
          : {}),
        ...(solana.length
          ? {
              solana: {
                chains: solana,
                methods: [...PHONE_WALLET_SOLANA_METHODS],
                events: [],
                accounts: solana.map((c) => `${c}:${solanaKey.publicKey.toBase58()}`),
              },
            }
          : {}),
      },
    });
  };

  kit.on('session_proposal', (event) => {
    const { id, params } = event;
    const chains = [
      ...Object.values(params.requiredNamespaces ?? {}),
      ...Object.values(params.optionalNamespaces ?? {}),
    ].flatMap((n) => n.chains ?? []);
    proposals.set(id, {
      params,
      proposal: {
        id,
        dappName: params.proposer.metadata.name,
        dappUrl: params.proposer.metadata.url,
        chains: [...new Set(chains)],
        supportedChains: supportedChains.filter((c) => chains.includes(c)),
      },
    });
    emit(`Proposal from ${params.proposer.metadata.name}`);
  });
  kit.on('session_request', (event) => {
    const session = kit.getActiveSessions()[event.topic];
    requests.set(event.id, {
      id: event.id,
      topic: event.topic,
      chainId: event.params.chainId,
      method: event.params.request.method,
      params: event.params.request.params,
      dappName: session?.peer.metadata.name ?? 'Unknown dapp',
    });
    emit(`Request ${event.params.request.method}`);
  });
  kit.on('session_delete', () => emit('Session ended by the dapp'));
  kit.on('proposal_expire', (event) => {
    proposals.delete(event.id);
    emit('Proposal expired');
  });

  const walletClient = (id: number) => {
    const chain = chainById.get(id);
    if (!chain) throw new Error(`chain ${id} is not served by this wallet`);
    return createWalletClient({
      account,
      chain: {
        id,
        name: `Local ${id}`,
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [chain.rpcUrl] } },
      },
      transport: http(chain.rpcUrl),
    });
  };

  const tellSessions = async (event: { name: string; data: unknown }) => {
    for (const s of Object.values(kit.getActiveSessions())) {
      await kit.emitSessionEvent({ topic: s.topic, event, chainId: caip2(chainId) });
    }
  };

  /** The request's transaction, signed by this wallet (it must be among the transaction's signers). */
  const signedSolanaTransaction = (params: unknown): VersionedTransaction => {
    const { transaction } = solanaTransactionParams.parse(params);
    const tx = VersionedTransaction.deserialize(base64ToBytes(transaction));
    tx.sign([solanaKey]);
    return tx;
  };
  const solanaConnection = (chainId: string) => {
    const chain = solanaChains.get(chainId);
    if (!chain) throw new Error(`network ${chainId} is not served by this wallet`);
    return new Connection(chain.rpcUrl, 'confirmed');
  };

  const answer = async (request: PendingRequest): Promise<unknown> => {
    const chain = Number(request.chainId.split(':')[1]);
    switch (request.method) {
      case 'solana_signAndSendTransaction': {
        const connection = solanaConnection(request.chainId);
        const tx = signedSolanaTransaction(request.params);
        const signature = await connection.sendRawTransaction(tx.serialize(), {
          preflightCommitment: 'confirmed',
        });
        return { signature };
      }
      case 'solana_signTransaction': {
        solanaConnection(request.chainId);
        const tx = signedSolanaTransaction(request.params);
        return {
          signature: encodeBase58(tx.signatures[0] ?? new Uint8Array()),
          transaction: bytesToBase64(tx.serialize()),
        };
      }
      case 'solana_signMessage': {
        const { message, pubkey } = solanaMessageParams.parse(request.params);
        if (pubkey !== solanaKey.publicKey.toBase58()) throw new Error('Unknown signer');
        const bytes = decodeBase58(message);
        if (!bytes) throw new Error('The message is not base58');
        return { signature: encodeBase58(await ed25519Sign(solanaKey.secretKey.slice(0, 32), bytes)) };
      }
      case 'personal_sign': {
        const [message] = personalSignParams.parse(request.params);
        return account.signMessage({ message: isHex(message) ? { raw: message } : message });
      }
      case 'eth_signTypedData_v4': {
        const [, data] = typedDataParams.parse(request.params);
        const typed = typeof data === 'string' ? JSON.parse(data) : data;
        return account.signTypedData(typed);
      }
      case 'eth_sendTransaction': {
        const [tx] = sendTransactionParams.parse(request.params);
        return walletClient(chain).sendTransaction({
          to: tx.to as Address,
          value: tx.value ? BigInt(tx.value) : 0n,
          ...(tx.data ? { data: tx.data as Hex } : {}),
          ...(tx.gas ? { gas: BigInt(tx.gas) } : {}),
        });
      }
      case 'wallet_switchEthereumChain': {
        const [{ chainId: hex }] = switchChainParams.parse(request.params);
        const next = Number(BigInt(hex));
        if (!chainById.has(next)) {
          throw Object.assign(new Error(`Unrecognized chain ID ${hex}`), { code: 4902 });
        }
        chainId = next;
        await tellSessions({ name: 'chainChanged', data: next });
        return null;
      }
      default:
        throw Object.assign(new Error(`Method ${request.method} is not supported`), { code: 4200 });
    }
  };

  return {
    getState: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async pair(uri) {
      if (!uri.startsWith('wc:')) throw new Error('Not a WalletConnect URI (it starts with "wc:")');
      await kit.pair({ uri });
      emit('Paired, waiting for the proposal');
    },
    async approveProposal(id) {
      const entry = proposals.get(id);
      if (!entry) throw new Error(`no proposal ${id}`);
      proposals.delete(id);
      await kit.approveSession({ id, namespaces: namespacesFor(entry.params) });
      emit(`Connected to ${entry.proposal.dappName}`);
    },
    async rejectProposal(id) {
      proposals.delete(id);
      await kit.rejectSession({ id, reason: getSdkError('USER_REJECTED') });
      emit('Proposal rejected');
    },
    async approveRequest(id) {
      const request = requests.get(id);
      if (!request) throw new Error(`no request ${id}`);
      requests.delete(id);
      try {
        const result = await answer(request);
        await kit.respondSessionRequest({ topic: request.topic, response: { id, jsonrpc: '2.0', result } });
        emit(`Approved ${request.method}`);
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        await kit.respondSessionRequest({
          topic: request.topic,
          response: {
            id,
            jsonrpc: '2.0',
            error: { code: typeof code === 'number' ? code : -32603, message: (error as Error).message },
          },
        });
        emit(`Failed ${request.method}: ${(error as Error).message}`);
      }
    },
    async rejectRequest(id) {
      const request = requests.get(id);
      if (!request) throw new Error(`no request ${id}`);
      requests.delete(id);
      await kit.respondSessionRequest({
        topic: request.topic,
        response: { id, jsonrpc: '2.0', error: getSdkError('USER_REJECTED') },
      });
      emit(`Rejected ${request.method}`);
    },
    async disconnect(topic) {
      await kit.disconnectSession({ topic, reason: getSdkError('USER_DISCONNECTED') });
      emit('Session ended');
    },
    async switchAccount(n) {
      account = privateKeyToAccount(phoneWalletKey(n));
      solanaKey = phoneWalletSolanaKeypair(n);
      for (const s of Object.values(kit.getActiveSessions())) {
        const namespaces = structuredClone(s.namespaces);
        const ns = namespaces.eip155;
        if (ns) ns.accounts = (ns.chains ?? []).map((c) => `${c}:${account.address}`);
        const sol = namespaces.solana;
        if (sol) sol.accounts = (sol.chains ?? []).map((c) => `${c}:${solanaKey.publicKey.toBase58()}`);
        await kit.updateSession({ topic: s.topic, namespaces });
      }
      await tellSessions({ name: 'accountsChanged', data: [account.address] });
      emit(`Account ${account.address}`);
    },
    async switchChain(next) {
      if (!chainById.has(next)) throw new Error(`chain ${next} is not served by this wallet`);
      chainId = next;
      await tellSessions({ name: 'chainChanged', data: next });
      emit(`Chain ${caip2(next)}`);
    },
    async fund() {
      for (const chain of opts.chains) {
        const res = await fetch(chain.rpcUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            jsonrpc: '2.0',
            id: 1,
            method: 'anvil_setBalance',
            params: [account.address, toHex(parseEther('100'))],
          }),
        });
        await res.body?.cancel();
      }
      for (const chain of solanaChains.values()) {
        const connection = new Connection(chain.rpcUrl, 'confirmed');
        const signature = await connection.requestAirdrop(solanaKey.publicKey, 10_000_000_000);
        const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash('confirmed');
        await connection.confirmTransaction({ signature, blockhash, lastValidBlockHeight }, 'confirmed');
      }
      emit(
        solanaChains.size
          ? 'Funded with 100 ETH on each chain and 10 SOL'
          : 'Funded with 100 ETH on each chain',
      );
    },
    /** Goes offline (as a phone put away): its sessions stay, as they do on a phone. */
    async close() {
      await core.relayer.transportClose().catch(() => {});
      listeners.clear();
    },
  };
}
