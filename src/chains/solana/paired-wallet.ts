/**
 * A phone wallet paired by QR code (WalletConnect), on its Solana side, as a Wallet Standard wallet: the
 * Solana adapter connects it, reads its balance and sends SOL through it as with any other Solana wallet.
 *
 * It holds no key and no connection of its own: it speaks through the pairing's session (`PairedSession`,
 * given by the WalletConnect transport), whose `solana` namespace the wallet approved next to (or instead
 * of) `eip155`. Requests are WalletConnect's Solana RPC: `solana_signAndSendTransaction` and
 * `solana_signTransaction` carry the wire transaction in base64, `solana_signMessage` the message in base58;
 * answers are checked before the app gets them.
 *
 * It is registered straight into the instance's adapter, marked `paired` so the Connect view does not list
 * it as a wallet to pick: it is reached by pairing a phone wallet there, and connected when the session is
 * approved. One session serves both namespaces: its disconnect ends the session (and the EVM connection
 * through it), and a session ended on either side disconnects it.
 */
import { PAIRED_SOLANA_WALLET_NAME } from '../../core/constants';
import type { KeywayNetwork } from '../../core/networks';
import { z } from '../../core/zod-mini';
import { SolanaSignatureSchema } from '../../frame/protocol/fields';
import { SolanaTransactionSchema } from '../../frame/protocol/rpc';
import { encodeBase58, isSolanaAddress } from './address';
import { base64ToBytes, bytesToBase64 } from './base64';
import { checkedSignature, createRemoteSolanaWallet } from './remote-wallet';
import { solanaNetworkFor, type Wallet } from './wallet-standard';

/** A pairing's session as this wallet needs it (the WalletConnect transport implements it). */
export interface PairedSession {
  /** The Solana addresses (base58) the session shares, in its order; empty without a session. */
  solanaAccounts(): string[];
  /** A request the paired wallet answers, for a CAIP-2 network (`solana:<reference>`). */
  request(args: { chainId: string; method: string; params: unknown }): Promise<unknown>;
  /** Ends the session, with the EVM connection through it. */
  disconnect(): Promise<void>;
  /** Called when the session ends, on either side; returns the unsubscribe. */
  onEnd(listener: () => void): () => void;
}

export interface PairedSolanaWalletOptions {
  /** The session, once the pairing transport is there (loading it restores a remembered one); null without. */
  getSession: () => Promise<PairedSession | null>;
  /** The configured Solana networks (CAIP-2 `solana:<reference>`). */
  networks: readonly KeywayNetwork[];
  /** The Solana network the kit is on (the adapter's `getNetwork`). */
  getNetwork: () => KeywayNetwork;
}

/** The name the adapter knows it by (the Account view shows it). */
export { PAIRED_SOLANA_WALLET_NAME };

/** The wallet's icon (a QR code: the way it is reached), a data: URI as the standard wants. */
export const PAIRED_SOLANA_ICON =
  'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCA0OCA0OCI+PHJlY3Qgd2lkdGg9IjQ4IiBoZWlnaHQ9IjQ4IiByeD0iMTIiIGZpbGw9IiMzQjk5RkMiLz48cGF0aCBkPSJNMTIgMTJoMTB2MTBIMTJ6TTI2IDEyaDEwdjEwSDI2ek0xMiAyNmgxMHYxMEgxMnpNMjYgMjZoNHY0aC00ek0zMiAzMmg0djRoLTR6IiBmaWxsPSIjZmZmIi8+PC9zdmc+';

const SignatureAnswer = z.object({ signature: SolanaSignatureSchema });
const SignedTransactionAnswer = z.object({
  signature: z.optional(SolanaSignatureSchema),
  transaction: z.optional(SolanaTransactionSchema),
});

/** The checked signature of an answer `{signature}` (base58). */
const signatureOf = (answer: unknown): Uint8Array => {
  const parsed = SignatureAnswer.safeParse(answer);
  return checkedSignature(parsed.success ? parsed.data.signature : undefined);
};

/** Reads a compact-u16 ("shortvec") at `at`: its value and the offset after it. */
function shortvec(bytes: Uint8Array, at: number): [number, number] {
  let value = 0;
  for (let i = 0; i < 3; i++) {
    const byte = bytes[at + i];
    if (byte === undefined) throw new Error('Truncated transaction');
    value |= (byte & 0x7f) << (7 * i);
    if ((byte & 0x80) === 0) return [value, at + i + 1];
  }
  throw new Error('Malformed transaction');
}

/**
 * The wire transaction with `signature` in the slot of `signer` (a wallet that answers
 * `solana_signTransaction` with the signature only). Legacy and versioned messages.
 */
export function withSignature(wire: Uint8Array, signer: Uint8Array, signature: Uint8Array): Uint8Array {
  const [count, sigStart] = shortvec(wire, 0);
  let at = sigStart + count * 64;
  if (((wire[at] ?? 0) & 0x80) !== 0) at += 1; // versioned message prefix
  const required = wire[at] ?? 0;
  const [keys, keysStart] = shortvec(wire, at + 3);
  for (let i = 0; i < Math.min(required, keys, count); i++) {
    const key = wire.subarray(keysStart + i * 32, keysStart + (i + 1) * 32);
    if (key.length === 32 && key.every((b, j) => b === signer[j])) {
      const out = new Uint8Array(wire);
      out.set(signature, sigStart + i * 64);
      return out;
    }
  }
  throw new Error('The account does not sign this transaction');
}

export function createPairedSolanaWallet(opts: PairedSolanaWalletOptions): Wallet {
  let session: PairedSession | null = null;
  let offEnd: (() => void) | null = null;
  /** The session ended (on either side) or was left: no account any more. */
  const release = () => {
    offEnd?.();
    offEnd = null;
    session = null;
    remote.clear();
  };
  const live = (): PairedSession => {
    if (!session) throw new Error('The wallet is not connected');
    return session;
  };
  const networkId = (chain: string | undefined) =>
    solanaNetworkFor(opts.networks, opts.getNetwork(), chain).id;

  const remote = createRemoteSolanaWallet({
    name: PAIRED_SOLANA_WALLET_NAME,
    icon: PAIRED_SOLANA_ICON,
    networks: opts.networks,
    // A connect attempt without a session: the Connect view pairs a phone wallet first.
    noAccount: 'pairFirst',
    async resolve() {
      const current = await opts.getSession();
      const address = current?.solanaAccounts().find(isSolanaAddress) ?? null;
      if (current && address && session !== current) {
        offEnd?.();
        session = current;
        offEnd = current.onEnd(release);
      }
      return address;
    },
    async onDisconnect() {
      const current = session;
      release();
      await current?.disconnect();
    },
    async signAndSend(input) {
      return signatureOf(
        await live().request({
          chainId: networkId(input.chain),
          method: 'solana_signAndSendTransaction',
          params: {
            transaction: bytesToBase64(input.transaction),
            ...(input.options?.preflightCommitment
              ? { sendOptions: { preflightCommitment: input.options.preflightCommitment } }
              : {}),
          },
        }),
      );
    },
    async signTransaction(input, account) {
      const answer = SignedTransactionAnswer.safeParse(
        await live().request({
          chainId: networkId(input.chain),
          method: 'solana_signTransaction',
          params: { transaction: bytesToBase64(input.transaction) },
        }),
      );
      if (!answer.success) throw new Error('The wallet returned no signed transaction');
      const { transaction, signature } = answer.data;
      if (transaction) return base64ToBytes(transaction);
      if (signature) return withSignature(input.transaction, account.publicKey, checkedSignature(signature));
      throw new Error('The wallet returned no signed transaction');
    },
    async signMessage(message, account) {
      return signatureOf(
        await live().request({
          chainId: networkId(undefined),
          method: 'solana_signMessage',
          params: { message: encodeBase58(message), pubkey: account.address },
        }),
      );
    },
  });
  return remote.wallet;
}
