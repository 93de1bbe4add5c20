/**
 * A Solana test wallet: a Wallet Standard wallet backed by a keypair and a Solana JSON-RPC URL (the local
 * stack's litesvm RPC, or any node). It registers through the standard's window events, signs locally, and
 * sends through the RPC. It can be told to reject the next request that a real wallet would prompt for.
 *
 * ```ts
 * const wallet = createSolanaTestWallet({ secretKey, rpcUrl: 'http://127.0.0.1:8899' });
 * wallet.register();     // the Connect view lists "Keyway Solana Test Wallet" on a Solana network
 * wallet.rejectNext();   // the next prompt (connect, sign) fails with 4001 'User rejected the request.'
 * ```
 *
 * @solana/web3.js (an optional peer of the kit) is loaded on the first signature only.
 */
import { decodeBase58, encodeBase58 } from '../chains/solana/address';
import {
  changeEvents,
  type EventTargetLike,
  type IdentifierString,
  registerWallet,
  type SignAndSendTransactionInput,
  type SignTransactionInput,
  SOLANA_SIGN_AND_SEND_TRANSACTION,
  SOLANA_SIGN_MESSAGE,
  SOLANA_SIGN_TRANSACTION,
  SOLANA_STANDARD_CHAINS,
  STANDARD_CONNECT,
  STANDARD_DISCONNECT,
  STANDARD_EVENTS,
  type Wallet,
  type WalletAccount,
} from '../chains/solana/wallet-standard';

export interface SolanaTestWalletOptions {
  /** The 64-byte secret key (seed + public key), as `Keypair.secretKey` gives it. */
  secretKey?: Uint8Array | readonly number[];
  /** Or a web3.js Keypair (only its `secretKey` is read). */
  keypair?: { secretKey: Uint8Array };
  /** The Solana JSON-RPC URL transactions go to (signAndSendTransaction). */
  rpcUrl: string;
  /** Default 'Keyway Solana Test Wallet'. */
  name?: string;
  /** A data:image/ URI; default a small SVG. */
  icon?: string;
  /** Wallet Standard chains; default solana:devnet and solana:localnet (the local stack reports devnet). */
  chains?: readonly IdentifierString[];
  /**
   * Whether the wallet already trusts the app, as a real wallet remembers a site it connected before:
   * then a silent connect (`standard:connect` with `silent: true`, the kit's reconnect on reload)
   * succeeds without a prompt. Default false: a silent connect returns no accounts.
   */
  trusted?: boolean;
}

/** The error a user rejection gives (EIP-1193 style code 4001, as Solana wallets commonly use). */
export class SolanaWalletError extends Error {
  override readonly name = 'SolanaWalletError';
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}
export const SOLANA_USER_REJECTED = { code: 4001, message: 'User rejected the request.' } as const;

export type SolanaPromptKind = 'connect' | 'signTransaction' | 'signAndSendTransaction' | 'signMessage';

export interface SolanaTestWallet {
  /** The Wallet Standard wallet object. */
  readonly wallet: Wallet;
  readonly name: string;
  /** Base58 address of the keypair. */
  readonly address: string;
  readonly publicKey: Uint8Array;
  /** Whether an app is connected (standard:connect without a later disconnect). */
  readonly connected: boolean;
  /** Registers with apps on `target` (default `window`): now, and each later app-ready. Returns unregister. */
  register(target?: EventTargetLike): () => void;
  /** Makes the next prompted request fail with 4001 'User rejected the request.' (count: how many). */
  rejectNext(count?: number): void;
  /** Every prompt the wallet got, in order, with its outcome. */
  readonly prompts: ReadonlyArray<{ kind: SolanaPromptKind; approved: boolean }>;
  /** Signatures (base58) of the transactions this wallet sent itself (signAndSendTransaction). */
  readonly sentSignatures: readonly string[];
}

const DEFAULT_ICON =
  'data:image/svg+xml;base64,' +
  'PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCA0OCA0OCI+PHJlY3Qgd2lkdGg9IjQ4IiBoZWlnaHQ9IjQ4IiByeD0iMTIiIGZpbGw9IiM5OTQ1RkYiLz48cGF0aCBkPSJNMTIgMzJoMTlsNS01SDE3em0wLTExaDE5bDUtNUgxN3oiIGZpbGw9IiMxNEYxOTUiLz48L3N2Zz4=';

/** PKCS#8 header of an Ed25519 private key; the 32-byte seed follows it. */
const ED25519_PKCS8_PREFIX = new Uint8Array([
  0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20,
]);

/** Ed25519 signature with Web Crypto (Node 20, current Chromium). */
async function ed25519Sign(seed: Uint8Array, message: Uint8Array): Promise<Uint8Array> {
  const pkcs8 = new Uint8Array(ED25519_PKCS8_PREFIX.length + 32);
  pkcs8.set(ED25519_PKCS8_PREFIX);
  pkcs8.set(seed, ED25519_PKCS8_PREFIX.length);
  const key = await crypto.subtle.importKey('pkcs8', pkcs8, { name: 'Ed25519' }, false, ['sign']);
  return new Uint8Array(await crypto.subtle.sign({ name: 'Ed25519' }, key, new Uint8Array(message)));
}

function toBytes(value: Uint8Array | readonly number[]): Uint8Array {
  return value instanceof Uint8Array ? new Uint8Array(value) : Uint8Array.from(value);
}

export function createSolanaTestWallet(options: SolanaTestWalletOptions): SolanaTestWallet {
  const secret = options.keypair ? toBytes(options.keypair.secretKey) : options.secretKey;
  if (!secret) throw new Error('createSolanaTestWallet needs a keypair or a secretKey');
  const secretKey = toBytes(secret);
  if (secretKey.length !== 64) throw new Error('A Solana secret key has 64 bytes (seed + public key)');
  const publicKey = secretKey.slice(32);
  const address = encodeBase58(publicKey);
  const name = options.name ?? 'Keyway Solana Test Wallet';
  const chains = [...(options.chains ?? [SOLANA_STANDARD_CHAINS.devnet, SOLANA_STANDARD_CHAINS.localnet])];
  const features: IdentifierString[] = [
    SOLANA_SIGN_TRANSACTION,
    SOLANA_SIGN_AND_SEND_TRANSACTION,
    SOLANA_SIGN_MESSAGE,
  ];
  const account: WalletAccount = Object.freeze({
    address,
    publicKey,
    chains,
    features,
    label: name,
  });

  let connected = false;
  let rejections = 0;
  const prompts: Array<{ kind: SolanaPromptKind; approved: boolean }> = [];
  const sentSignatures: string[] = [];
  const events = changeEvents();
  const emit = events.emit;

  /** A prompt the user answers: approved unless a rejection is queued. */
  const prompt = (kind: SolanaPromptKind) => {
    const approved = rejections === 0;
    if (!approved) rejections--;
    prompts.push({ kind, approved });
    if (!approved) throw new SolanaWalletError(SOLANA_USER_REJECTED.code, SOLANA_USER_REJECTED.message);
  };

  const requireAccount = (input: { account: WalletAccount }) => {
    if (!connected) throw new SolanaWalletError(4100, 'The wallet is not connected');
    if (input.account?.address !== address) throw new SolanaWalletError(4100, 'Unknown account');
  };

  let web3: Promise<typeof import('@solana/web3.js')> | null = null;
  const loadWeb3 = () => {
    web3 ??= import('@solana/web3.js');
    return web3;
  };

  const signWire = async (wire: Uint8Array): Promise<Uint8Array> => {
    const { Keypair, VersionedTransaction } = await loadWeb3();
    const tx = VersionedTransaction.deserialize(wire);
    tx.sign([Keypair.fromSecretKey(secretKey)]);
    return tx.serialize();
  };

  let connectionForRpc: Promise<import('@solana/web3.js').Connection> | null = null;
  const connection = () => {
    connectionForRpc ??= loadWeb3().then(({ Connection }) => new Connection(options.rpcUrl, 'confirmed'));
    return connectionForRpc;
  };

  const wallet: Wallet = Object.freeze({
    version: '1.0.0' as const,
    name,
    icon: options.icon ?? DEFAULT_ICON,
    chains,
    get accounts() {
      return connected ? [account] : [];
    },
    features: Object.freeze({
      [STANDARD_CONNECT]: {
        version: '1.0.0',
        async connect(input?: { silent?: boolean }) {
          if (!connected) {
            // A silent connect never prompts: it only succeeds when the wallet trusts the app.
            if (input?.silent) {
              if (!options.trusted) return { accounts: [] };
            } else prompt('connect');
            connected = true;
            emit({ accounts: [account] });
          }
          return { accounts: [account] };
        },
      },
      [STANDARD_DISCONNECT]: {
        version: '1.0.0',
        async disconnect() {
          if (!connected) return;
          connected = false;
          emit({ accounts: [] });
        },
      },
      [STANDARD_EVENTS]: events.feature,
      [SOLANA_SIGN_TRANSACTION]: {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0] as const,
        async signTransaction(...inputs: SignTransactionInput[]) {
          for (const input of inputs) requireAccount(input);
          prompt('signTransaction');
          return Promise.all(
            inputs.map(async (input) => ({ signedTransaction: await signWire(input.transaction) })),
          );
        },
      },
      [SOLANA_SIGN_AND_SEND_TRANSACTION]: {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0] as const,
        async signAndSendTransaction(...inputs: SignAndSendTransactionInput[]) {
          for (const input of inputs) requireAccount(input);
          prompt('signAndSendTransaction');
          const out: { signature: Uint8Array }[] = [];
          for (const input of inputs) {
            const signed = await signWire(input.transaction);
            const rpc = await connection();
            const signature = await rpc.sendRawTransaction(signed, {
              ...(input.options?.skipPreflight !== undefined
                ? { skipPreflight: input.options.skipPreflight }
                : {}),
              ...(input.options?.maxRetries !== undefined ? { maxRetries: input.options.maxRetries } : {}),
            });
            sentSignatures.push(signature);
            const bytes = decodeBase58(signature);
            if (!bytes) throw new SolanaWalletError(-32603, 'The RPC answered an invalid signature');
            out.push({ signature: bytes });
          }
          return out;
        },
      },
      [SOLANA_SIGN_MESSAGE]: {
        version: '1.0.0',
        async signMessage(...inputs: { account: WalletAccount; message: Uint8Array }[]) {
          for (const input of inputs) requireAccount(input);
          prompt('signMessage');
          return Promise.all(
            inputs.map(async (input) => ({
              signedMessage: input.message,
              signature: await ed25519Sign(secretKey.slice(0, 32), input.message),
              signatureType: 'ed25519' as const,
            })),
          );
        },
      },
    }),
  });

  return {
    wallet,
    name,
    address,
    publicKey,
    get connected() {
      return connected;
    },
    register(target) {
      const t = target ?? (globalThis as unknown as { window?: EventTargetLike }).window;
      if (!t) throw new Error('No window to register the wallet on: pass a target');
      return registerWallet(t, wallet);
    },
    rejectNext(count = 1) {
      rejections += Math.max(0, Math.floor(count));
    },
    prompts,
    sentSignatures,
  };
}
