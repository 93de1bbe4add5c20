/**
 * The embedded wallet's Solana side as a Wallet Standard wallet, so the Solana adapter connects it, reads
 * its balance and sends SOL with it exactly as with any other Solana wallet.
 *
 * It lives in the page, but holds no key: every signature is an RPC request to the secure frame
 * (`solana_signMessage`, `solana_signTransaction`, `solana_signAndSendTransaction`, unsafe methods, so the
 * frame shows its own approval screen first). Its account is the Solana address the frame answers to
 * GET_USER with a Solana network reference; the frame keeps that key (Ed25519, never posted out).
 *
 * It is registered straight into the instance's Solana adapter (never announced on `window`, so other
 * scripts on the page cannot find it), marked `embedded` so the Connect view does not list it as a wallet
 * to pick: it is reached by logging in (email, social), and connected with that login. Its disconnect is the
 * login's sign out (one login, one sign out for both namespaces).
 */
import type { KeywayNetwork } from '../../core/networks';
import type { z } from '../../core/zod-mini';
import { SolanaAddressSchema } from '../../frame/protocol/fields';
import {
  SolanaSendOptionsSchema,
  SolanaSignatureResultSchema,
  SolanaSignedTransactionResultSchema,
} from '../../frame/protocol/rpc';
import { encodeBase58 } from './address';
import { base64ToBytes, bytesToBase64 } from './base64';
import { checkedSignature, createRemoteSolanaWallet } from './remote-wallet';
import { type SignAndSendTransactionInput, solanaNetworkFor, type Wallet } from './wallet-standard';

/** The frame calls the wallet needs (the embedded wallet's frame client answers them). */
export interface EmbeddedSolanaFrame {
  /** GET_USER with a Solana network reference: the user's Solana address on it. */
  getUser(payload: { chainId: string }): Promise<{ address: string }>;
  /** An RPC request to the frame (unsafe Solana methods show the frame's approval screen). */
  rpc(payload: { method: string; params?: unknown }): Promise<unknown>;
}

export interface EmbeddedSolanaWalletOptions {
  frame: EmbeddedSolanaFrame;
  /** The configured Solana networks (CAIP-2 `solana:<reference>`). */
  networks: readonly KeywayNetwork[];
  /** The Solana network the kit is on (the adapter's `getNetwork`). */
  getNetwork: () => KeywayNetwork;
  /** Whether there is a login to connect with (the login cache, or a connected auth connector). */
  hasLogin: () => boolean;
  /** Signs the login out (disconnects the auth connector; a no-op when it is already disconnected). */
  signOut: () => Promise<void>;
  name: string;
  icon: string;
}

export interface EmbeddedSolanaWallet {
  readonly wallet: Wallet;
  /** Whether the wallet is connected to the kit. */
  readonly connected: boolean;
}

/** The wallet's icon (an envelope: the login it is reached by), a data: URI as the standard wants. */
export const EMBEDDED_SOLANA_ICON =
  'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCA0OCA0OCI+PHJlY3Qgd2lkdGg9IjQ4IiBoZWlnaHQ9IjQ4IiByeD0iMTIiIGZpbGw9IiMzQjVCREIiLz48cGF0aCBkPSJNMTIgMTZoMjR2MTZIMTJ6IiBmaWxsP' +
  'SJub25lIiBzdHJva2U9IiNmZmYiIHN0cm9rZS13aWR0aD0iMyIgc3Ryb2tlLWxpbmVqb2luPSJyb3VuZCIvPjxwYXRoIGQ9Ik0xMiAxNmwxMiA5IDEyLTkiIGZpbGw9Im5vbmUiIHN0cm9rZT0iI2ZmZiIgc3Ryb2tlLXdpZHRoPSIzIiBzdHJva2UtbGluZWpvaW49InJvdW5kIi8+PC9zdmc+';

const referenceOf = (caip2: string) => (caip2.startsWith('solana:') ? caip2.slice('solana:'.length) : caip2);

type SendOptions = z.infer<typeof SolanaSendOptionsSchema>;

/**
 * The send options the frame accepts, taken from what the app passed: each option the protocol knows is
 * kept when its value passes the protocol's schema; anything else is dropped.
 */
function sendOptions(options: SignAndSendTransactionInput['options']): SendOptions | undefined {
  const out: Record<string, unknown> = {};
  const given = (options ?? {}) as Record<string, unknown>;
  for (const [key, schema] of Object.entries(SolanaSendOptionsSchema.shape)) {
    const parsed = schema.safeParse(given[key]);
    if (parsed.success && parsed.data !== undefined) out[key] = parsed.data;
  }
  return Object.keys(out).length ? (out as SendOptions) : undefined;
}

export function createEmbeddedSolanaWallet(opts: EmbeddedSolanaWalletOptions): EmbeddedSolanaWallet {
  /** The network reference for a Wallet Standard chain (or a CAIP-2 id) the app names. */
  const referenceFor = (chain: string | undefined): string =>
    referenceOf(solanaNetworkFor(opts.networks, opts.getNetwork(), chain).id);
  // Signatures and signed bytes from the frame are checked before the app gets them.
  const signature = (result: unknown) =>
    checkedSignature(SolanaSignatureResultSchema.parse(result).signature);

  const remote = createRemoteSolanaWallet({
    name: opts.name,
    icon: opts.icon,
    networks: opts.networks,
    // A connect attempt without a login: the Connect view offers email and social login.
    noAccount: 'loginFirst',
    async resolve() {
      if (!opts.hasLogin()) return null;
      const user = await opts.frame.getUser({ chainId: referenceOf(opts.getNetwork().id) });
      return SolanaAddressSchema.parse(user.address);
    },
    onDisconnect: () => opts.signOut(),
    async signAndSend(input) {
      const options = sendOptions(input.options);
      return signature(
        await opts.frame.rpc({
          method: 'solana_signAndSendTransaction',
          params: {
            transaction: bytesToBase64(input.transaction),
            chainId: referenceFor(input.chain),
            ...(options ? { options } : {}),
          },
        }),
      );
    },
    async signTransaction(input) {
      const result = await opts.frame.rpc({
        method: 'solana_signTransaction',
        params: { transaction: bytesToBase64(input.transaction), chainId: referenceFor(input.chain) },
      });
      return base64ToBytes(SolanaSignedTransactionResultSchema.parse(result).transaction);
    },
    async signMessage(message, account) {
      return signature(
        await opts.frame.rpc({
          method: 'solana_signMessage',
          params: { message: encodeBase58(message), pubkey: account.address },
        }),
      );
    },
  });

  return {
    wallet: remote.wallet,
    get connected() {
      return remote.connected;
    },
  };
}
