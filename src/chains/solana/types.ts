/**
 * The Solana side of a Keyway instance (`keyway.solana`): Wallet Standard wallets that support a Solana
 * chain, the connected Solana account, and native SOL transfers. `null` on the instance when no Solana
 * network is configured. @solana/web3.js (an optional peer) is only loaded inside `sendNative` and
 * `getBalance`, so EVM-only hosts never load it.
 */
import type { StoreApi } from 'zustand/vanilla';
import type { KitMessage } from '../../core/messages';
import type { KeywayNetwork } from '../../core/networks';

export type SolanaConnectionStatus = 'disconnected' | 'connecting' | 'connected' | 'reconnecting';

/** A discovered Wallet Standard wallet that supports a Solana chain (name and icon are untrusted text). */
export interface SolanaWalletInfo {
  name: string;
  /** Safe image URL (data:image/, https:, blob:), when the wallet has one. */
  icon?: string;
  /** The Solana chains it declares (`solana:devnet`, ...). */
  chains: readonly string[];
  /**
   * The embedded wallet's Solana side (registered by the kit, reached through email or social login):
   * not listed as a wallet to pick.
   */
  embedded?: true;
  /** A phone wallet's Solana side over a pairing (registered by the kit, reached by pairing): not listed either. */
  paired?: true;
}

export interface SolanaState {
  /** Wallet Standard wallets that support a Solana chain (discovery starts on first open or a reconnect). */
  wallets: readonly SolanaWalletInfo[];
  status: SolanaConnectionStatus;
  /** The connected wallet. */
  wallet: SolanaWalletInfo | null;
  /** The connected base58 address. */
  address: string | null;
  /** Why the last connect failed. */
  error: KitMessage | null;
}

export type SolanaStore = StoreApi<SolanaState>;

export interface SolanaSendInput {
  /** Receiver: a base58 Solana address. */
  to: string;
  /** Whole SOL as a decimal string ('0.1'); converted with solToLamports, never through a float. */
  amount: string;
}

export interface SolanaAdapter {
  /** The connected Solana wallet/address state. */
  readonly store: SolanaStore;
  /** The Solana network the adapter works on: the active network when it is Solana, else the first one. */
  getNetwork(): KeywayNetwork;
  /** Starts listening for Wallet Standard registrations (idempotent; the modal's first open calls it). */
  startDiscovery(): void;
  /**
   * Adds a Wallet Standard wallet directly, without the window handshake (the kit's embedded wallet; or a
   * host's own wallet object). A wallet remembered from a previous visit is reconnected silently. Returns
   * the function that removes it. `embedded` marks the kit's embedded wallet, `paired` its wallet reached by
   * pairing (neither is listed in the Connect view).
   */
  register(wallet: unknown, options?: { embedded?: boolean; paired?: boolean }): () => void;
  /** Connects a discovered wallet by name; resolves with the address. Throws the wallet's error. */
  connect(walletName: string): Promise<string>;
  /** Disconnects the wallet (standard:disconnect when it has it) and forgets the remembered wallet. */
  disconnect(): Promise<void>;
  /**
   * Sends native SOL: SystemProgram.transfer of solToLamports(amount) lamports, signed by the connected
   * wallet, confirmed. Resolves with the signature (base58). Errors: KeywayError 'Please enter a valid
   * amount and receiver address' (bad amount/receiver, nothing sent) or 'Failed to send transaction.
   * Please try again.' (not connected, rejected in the wallet, RPC or confirmation failure).
   */
  sendNative(input: SolanaSendInput): Promise<string>;
  /** The balance of an address (default: the connected one) in lamports, read from the network's RPC. */
  getBalance(address?: string): Promise<bigint>;
  /** Stops listening and drops the wallet's event subscription. */
  destroy(): void;
}
