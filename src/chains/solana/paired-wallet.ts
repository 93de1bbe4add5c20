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
import { decodeBase58, encodeBase58, isSolanaAddress } from './address';
import { base64ToBytes, bytesToBase64 } from './base64';
import {
  changeEvents,
  type IdentifierString,
  type SignAndSendTransactionInput,
  type SignTransactionInput,
  SOLANA_SIGN_AND_SEND_TRANSACTION,
  SOLANA_SIGN_MESSAGE,
  SOLANA_SIGN_TRANSACTION,
  STANDARD_CONNECT,
  STANDARD_DISCONNECT,
  STANDARD_EVENTS,
  solanaNetworkFor,
  standardChainOf,
  type Wallet,
  type WalletAccount,
} from './wallet-standard';

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

/** The message of a connect attempt without a session (the Connect view pairs a phone wallet first). */
export const PAIRED_SOLANA_NO_SESSION = 'Pair a wallet by QR code first';

/** The wallet's icon (a QR code: the way it is reached), a data: URI as the standard wants. */
export const PAIRED_SOLANA_ICON =
  'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCA0OCA0OCI+PHJlY3Qgd2lkdGg9IjQ4IiBoZWlnaHQ9IjQ4IiByeD0iMTIiIGZpbGw9IiMzQjk5RkMiLz48cGF0aCBkPSJNMTIgMTJoMTB2MTBIMTJ6TTI2IDEyaDEwdjEwSDI2ek0xMiAyNmgxMHYxMEgxMnpNMjYgMjZoNHY0aC00ek0zMiAzMmg0djRoLTR6IiBmaWxsPSIjZmZmIi8+PC9zdmc+';

const SignatureAnswer = z.object({ signature: SolanaSignatureSchema });
const SignedTransactionAnswer = z.object({
  signature: z.optional(SolanaSignatureSchema),
  transaction: z.optional(SolanaTransactionSchema),
});

function signatureBytes(answer: unknown): Uint8Array {
  const parsed = SignatureAnswer.safeParse(answer);
  const bytes = parsed.success ? decodeBase58(parsed.data.signature) : null;
  if (bytes?.length !== 64) throw new Error('The wallet returned an invalid signature');
  return bytes;
}

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
  const chains = [...new Set(opts.networks.map((n) => standardChainOf(n.id) as IdentifierString))];
  const features: IdentifierString[] = [
    SOLANA_SIGN_AND_SEND_TRANSACTION,
    SOLANA_SIGN_TRANSACTION,
    SOLANA_SIGN_MESSAGE,
  ];
  let account: WalletAccount | null = null;
  let session: PairedSession | null = null;
  let offEnd: (() => void) | null = null;
  const events = changeEvents();

  const release = () => {
    offEnd?.();
    offEnd = null;
    session = null;
    if (account) {
      account = null;
      events.emit({ accounts: [] });
    }
  };

  const networkId = (chain: string | undefined) =>
    solanaNetworkFor(opts.networks, opts.getNetwork(), chain).id;

  const live = (input: { account: WalletAccount }): PairedSession => {
    if (!account || !session) throw new Error('The wallet is not connected');
    if (input.account?.address !== account.address) throw new Error('Unknown account');
    return session;
  };

  return Object.freeze({
    version: '1.0.0' as const,
    name: PAIRED_SOLANA_WALLET_NAME,
    icon: PAIRED_SOLANA_ICON,
    chains,
    get accounts() {
      return account ? [account] : [];
    },
    features: Object.freeze({
      [STANDARD_CONNECT]: {
        version: '1.0.0',
        async connect(input?: { silent?: boolean }) {
          const current = await opts.getSession();
          const address = current?.solanaAccounts().find(isSolanaAddress);
          const publicKey = address ? decodeBase58(address) : null;
          if (!current || !address || publicKey?.length !== 32) {
            if (input?.silent) return { accounts: [] };
            throw new Error(PAIRED_SOLANA_NO_SESSION);
          }
          if (session !== current) {
            offEnd?.();
            session = current;
            offEnd = current.onEnd(release);
          }
          if (account?.address !== address) {
            account = Object.freeze({ address, publicKey, chains, features });
            events.emit({ accounts: [account] });
          }
          return { accounts: [account] };
        },
      },
      [STANDARD_DISCONNECT]: {
        version: '1.0.0',
        async disconnect() {
          const current = session;
          release();
          await current?.disconnect();
        },
      },
      [STANDARD_EVENTS]: events.feature,
      [SOLANA_SIGN_AND_SEND_TRANSACTION]: {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0] as const,
        async signAndSendTransaction(...inputs: SignAndSendTransactionInput[]) {
          const out: { signature: Uint8Array }[] = [];
          for (const input of inputs) {
            const answer = await live(input).request({
              chainId: networkId(input.chain),
              method: 'solana_signAndSendTransaction',
              params: {
                transaction: bytesToBase64(input.transaction),
                ...(input.options?.preflightCommitment
                  ? { sendOptions: { preflightCommitment: input.options.preflightCommitment } }
                  : {}),
              },
            });
            out.push({ signature: signatureBytes(answer) });
          }
          return out;
        },
      },
      [SOLANA_SIGN_TRANSACTION]: {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0] as const,
        async signTransaction(...inputs: SignTransactionInput[]) {
          const out: { signedTransaction: Uint8Array }[] = [];
          for (const input of inputs) {
            const signer = input.account;
            const answer = SignedTransactionAnswer.safeParse(
              await live(input).request({
                chainId: networkId(input.chain),
                method: 'solana_signTransaction',
                params: { transaction: bytesToBase64(input.transaction) },
              }),
            );
            if (!answer.success) throw new Error('The wallet returned no signed transaction');
            const { transaction, signature } = answer.data;
            if (transaction) out.push({ signedTransaction: base64ToBytes(transaction) });
            else if (signature)
              out.push({
                signedTransaction: withSignature(
                  input.transaction,
                  signer.publicKey,
                  signatureBytes({ signature }),
                ),
              });
            else throw new Error('The wallet returned no signed transaction');
          }
          return out;
        },
      },
      [SOLANA_SIGN_MESSAGE]: {
        version: '1.0.0',
        async signMessage(...inputs: { account: WalletAccount; message: Uint8Array }[]) {
          const out: { signedMessage: Uint8Array; signature: Uint8Array; signatureType: 'ed25519' }[] = [];
          for (const input of inputs) {
            const answer = await live(input).request({
              chainId: networkId(undefined),
              method: 'solana_signMessage',
              params: { message: encodeBase58(input.message), pubkey: input.account.address },
            });
            out.push({
              signedMessage: input.message,
              signature: signatureBytes(answer),
              signatureType: 'ed25519',
            });
          }
          return out;
        },
      },
    }),
  });
}
