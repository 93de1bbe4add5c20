/**
 * The parts of the Wallet Standard (github.com/wallet-standard/wallet-standard) the kit speaks, written
 * from the standard's text: the `Wallet` / `WalletAccount` shapes, the Solana feature names, and the
 * window-event handshake by which wallets and apps find each other:
 *
 * - a wallet dispatches `wallet-standard:register-wallet` on `window` with a callback as `detail`, and
 *   listens for `wallet-standard:app-ready`;
 * - an app dispatches `wallet-standard:app-ready` with `{ register }` as `detail`, and listens for
 *   `wallet-standard:register-wallet`;
 * - whichever side comes second completes the handshake: the callback is called with `{ register }`, and
 *   `register(wallet)` returns a function that unregisters it.
 *
 * Wallet objects come from other scripts on the page, so everything read off them is checked before use.
 */
import { z } from '../../core/zod-mini';

export const REGISTER_WALLET_EVENT = 'wallet-standard:register-wallet';
export const APP_READY_EVENT = 'wallet-standard:app-ready';

export const STANDARD_CONNECT = 'standard:connect';
export const STANDARD_DISCONNECT = 'standard:disconnect';
export const STANDARD_EVENTS = 'standard:events';
export const SOLANA_SIGN_TRANSACTION = 'solana:signTransaction';
export const SOLANA_SIGN_AND_SEND_TRANSACTION = 'solana:signAndSendTransaction';
export const SOLANA_SIGN_MESSAGE = 'solana:signMessage';

/** Wallet Standard chain ids of the Solana clusters. */
export const SOLANA_STANDARD_CHAINS = {
  mainnet: 'solana:mainnet',
  devnet: 'solana:devnet',
  testnet: 'solana:testnet',
  localnet: 'solana:localnet',
} as const;

/** CAIP-2 references (the first 32 characters of the genesis hash) of the public clusters. */
const CLUSTER_BY_REFERENCE: Readonly<Record<string, string>> = {
  '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': SOLANA_STANDARD_CHAINS.mainnet,
  EtWTRABZaYq6iMfeYKouRu166VU2xqa1: SOLANA_STANDARD_CHAINS.devnet,
  '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z': SOLANA_STANDARD_CHAINS.testnet,
};

/** The Wallet Standard chain id for a CAIP-2 Solana network id (`solana:<ref>`); unknown refs are localnet. */
export function standardChainOf(caip2: string): string {
  const reference = caip2.startsWith('solana:') ? caip2.slice('solana:'.length) : caip2;
  return CLUSTER_BY_REFERENCE[reference] ?? SOLANA_STANDARD_CHAINS.localnet;
}

/**
 * The configured Solana network a Wallet Standard chain (or a CAIP-2 id) names, `current` when none is named.
 * Several networks can share a cluster name (two local ones are both localnet): the current one wins then.
 */
export function solanaNetworkFor<N extends { id: string }>(
  networks: readonly N[],
  current: N,
  chain: string | undefined,
): N {
  if (!chain) return current;
  const direct = networks.find((n) => n.id === chain);
  if (direct) return direct;
  if (standardChainOf(current.id) === chain) return current;
  const match = networks.find((n) => standardChainOf(n.id) === chain);
  if (!match) throw new Error(`The wallet does not support ${chain}`);
  return match;
}

export type IdentifierString = `${string}:${string}`;

export interface WalletAccount {
  readonly address: string;
  readonly publicKey: Uint8Array;
  readonly chains: readonly IdentifierString[];
  readonly features: readonly IdentifierString[];
  readonly label?: string;
  readonly icon?: string;
}

export interface Wallet {
  readonly version: '1.0.0';
  readonly name: string;
  readonly icon: string;
  readonly chains: readonly IdentifierString[];
  readonly features: Readonly<Record<IdentifierString, unknown>>;
  readonly accounts: readonly WalletAccount[];
}

export interface WalletsApi {
  register(...wallets: Wallet[]): () => void;
}
export type RegisterWalletCallback = (api: WalletsApi) => void;

// ---------- feature shapes ----------

export interface ConnectFeature {
  readonly version: string;
  connect(input?: { silent?: boolean }): Promise<{ accounts: readonly WalletAccount[] }>;
}
export interface DisconnectFeature {
  readonly version: string;
  disconnect(): Promise<void>;
}
export interface WalletChangeProperties {
  readonly chains?: Wallet['chains'];
  readonly features?: Wallet['features'];
  readonly accounts?: Wallet['accounts'];
}
export interface EventsFeature {
  readonly version: string;
  on(event: 'change', listener: (properties: WalletChangeProperties) => void): () => void;
}
/**
 * The `standard:events` side of a wallet: `feature` goes into its features; `emit` tells every listener
 * of a change (listeners added or removed during an emit do not affect that emit).
 */
export function changeEvents(): { emit: (p: WalletChangeProperties) => void; feature: EventsFeature } {
  const listeners = new Set<(p: WalletChangeProperties) => void>();
  return {
    emit: (p) => {
      for (const l of [...listeners]) l(p);
    },
    feature: {
      version: '1.0.0',
      on(event, listener) {
        if (event !== 'change') return () => undefined;
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
  };
}

export type TransactionVersion = 'legacy' | 0;
export interface SignTransactionInput {
  account: WalletAccount;
  transaction: Uint8Array;
  chain?: IdentifierString;
  options?: { preflightCommitment?: string; minContextSlot?: number };
}
export interface SignTransactionFeature {
  readonly version: string;
  readonly supportedTransactionVersions: readonly TransactionVersion[];
  signTransaction(...inputs: SignTransactionInput[]): Promise<readonly { signedTransaction: Uint8Array }[]>;
}
export interface SignAndSendTransactionInput {
  account: WalletAccount;
  transaction: Uint8Array;
  chain: IdentifierString;
  options?: {
    preflightCommitment?: string;
    minContextSlot?: number;
    commitment?: string;
    skipPreflight?: boolean;
    maxRetries?: number;
  };
}
export interface SignAndSendTransactionFeature {
  readonly version: string;
  readonly supportedTransactionVersions: readonly TransactionVersion[];
  signAndSendTransaction(
    ...inputs: SignAndSendTransactionInput[]
  ): Promise<readonly { signature: Uint8Array }[]>;
}
export interface SignMessageFeature {
  readonly version: string;
  signMessage(
    ...inputs: { account: WalletAccount; message: Uint8Array }[]
  ): Promise<readonly { signedMessage: Uint8Array; signature: Uint8Array; signatureType?: 'ed25519' }[]>;
}

// ---------- checks of what a wallet hands us ----------

const fn = z.custom<(...args: never[]) => unknown>((v) => typeof v === 'function');
const identifier = z.string().check(z.regex(/^[-a-z0-9]+:[-a-zA-Z0-9_:]+$/));

const walletSchema = z.object({
  version: z.literal('1.0.0'),
  name: z.string().check(z.minLength(1), z.maxLength(256)),
  icon: z.string().check(z.maxLength(256 * 1024)),
  chains: z.array(identifier).check(z.maxLength(64)),
  features: z.record(z.string(), z.unknown()),
  accounts: z.array(z.unknown()),
});

const accountSchema = z.object({
  address: z.string().check(z.minLength(1), z.maxLength(64)),
  publicKey: z.instanceof(Uint8Array),
  chains: z.array(z.string()),
  features: z.array(z.string()),
});

const connectSchema = z.object({ version: z.string(), connect: fn });
const disconnectSchema = z.object({ version: z.string(), disconnect: fn });
const eventsSchema = z.object({ version: z.string(), on: fn });
const signTransactionSchema = z.object({ version: z.string(), signTransaction: fn });
const signAndSendSchema = z.object({ version: z.string(), signAndSendTransaction: fn });

/** Whether a value has the shape of a Wallet Standard wallet. */
export function isWallet(value: unknown): value is Wallet {
  if (!value || (typeof value !== 'object' && typeof value !== 'function')) return false;
  const v = value as Record<string, unknown>;
  return walletSchema.safeParse({
    version: v.version,
    name: v.name,
    icon: v.icon,
    chains: v.chains,
    features: v.features,
    accounts: v.accounts,
  }).success;
}

/** Whether a value has the shape of a wallet account (address and 32-byte public key). */
export function isWalletAccount(value: unknown): value is WalletAccount {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  const parsed = accountSchema.safeParse({
    address: v.address,
    publicKey: v.publicKey,
    chains: v.chains,
    features: v.features,
  });
  return parsed.success && parsed.data.publicKey.length === 32;
}

/** The Solana features the kit can use on a wallet (absent ones are undefined). */
export interface SolanaWalletFeatures {
  connect: ConnectFeature;
  disconnect?: DisconnectFeature;
  events?: EventsFeature;
  signTransaction?: SignTransactionFeature;
  signAndSendTransaction?: SignAndSendTransactionFeature;
}

/**
 * The features of a wallet the kit can use for Solana, or null when it cannot: it must declare a
 * `solana:` chain, have `standard:connect`, and sign transactions (`solana:signAndSendTransaction` or
 * `solana:signTransaction`).
 */
export function solanaFeatures(wallet: Wallet): SolanaWalletFeatures | null {
  if (!wallet.chains.some((c) => c.startsWith('solana:'))) return null;
  const f = wallet.features as Record<string, unknown>;
  const pick = <T>(key: string, schema: z.ZodMiniType): T | undefined =>
    schema.safeParse(f[key]).success ? (f[key] as T) : undefined;
  const connect = pick<ConnectFeature>(STANDARD_CONNECT, connectSchema);
  const signTransaction = pick<SignTransactionFeature>(SOLANA_SIGN_TRANSACTION, signTransactionSchema);
  const signAndSendTransaction = pick<SignAndSendTransactionFeature>(
    SOLANA_SIGN_AND_SEND_TRANSACTION,
    signAndSendSchema,
  );
  if (!connect || (!signTransaction && !signAndSendTransaction)) return null;
  const out: SolanaWalletFeatures = { connect };
  const disconnect = pick<DisconnectFeature>(STANDARD_DISCONNECT, disconnectSchema);
  const events = pick<EventsFeature>(STANDARD_EVENTS, eventsSchema);
  if (disconnect) out.disconnect = disconnect;
  if (events) out.events = events;
  if (signTransaction) out.signTransaction = signTransaction;
  if (signAndSendTransaction) out.signAndSendTransaction = signAndSendTransaction;
  return out;
}

/** The window-like target the handshake runs on (the page's `window`, or a test double). */
export type EventTargetLike = Pick<EventTarget, 'addEventListener' | 'removeEventListener' | 'dispatchEvent'>;

function detailOf(event: Event): unknown {
  return (event as CustomEvent<unknown>).detail;
}

/**
 * App side of the handshake: listens for wallets registering and announces that the app is ready (so
 * wallets that loaded earlier register now). `onRegister` gets every wallet object a script registers
 * (unchecked: the caller validates) and returns the function that unregisters it. Returns a function that
 * stops listening.
 */
export function listenForWallets(
  target: EventTargetLike,
  onRegister: (wallet: unknown) => () => void,
): () => void {
  const api: WalletsApi = Object.freeze({
    register: (...wallets: Wallet[]) => {
      const offs = wallets.map((w) => onRegister(w));
      return () => {
        for (const off of offs) off();
      };
    },
  });
  const onRegisterEvent = (event: Event) => {
    const callback = detailOf(event);
    if (typeof callback !== 'function') return;
    try {
      (callback as RegisterWalletCallback)(api);
    } catch {
      // A broken wallet script must not break the app.
    }
  };
  target.addEventListener(REGISTER_WALLET_EVENT, onRegisterEvent);
  try {
    target.dispatchEvent(new CustomEvent(APP_READY_EVENT, { detail: api }));
  } catch {
    // Environments without CustomEvent: wallets that register later are still heard.
  }
  return () => target.removeEventListener(REGISTER_WALLET_EVENT, onRegisterEvent);
}

/**
 * Wallet side of the handshake: announces `wallet` now and to every app that becomes ready later.
 * Returns a function that stops answering app-ready events and unregisters from every app that registered
 * the wallet.
 */
export function registerWallet(target: EventTargetLike, wallet: Wallet): () => void {
  const offs: Array<() => void> = [];
  const callback: RegisterWalletCallback = (api) => {
    offs.push(api.register(wallet));
  };
  const onAppReady = (event: Event) => {
    const api = detailOf(event) as Partial<WalletsApi> | undefined;
    if (api && typeof api.register === 'function') callback(api as WalletsApi);
  };
  target.addEventListener(APP_READY_EVENT, onAppReady);
  target.dispatchEvent(new CustomEvent(REGISTER_WALLET_EVENT, { detail: callback }));
  return () => {
    target.removeEventListener(APP_READY_EVENT, onAppReady);
    for (const off of offs.splice(0)) off();
  };
}
