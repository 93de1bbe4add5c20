/**
 * A Wallet Standard wallet whose key lives elsewhere: the kit's embedded wallet (the key in the secure frame)
 * and a phone wallet paired by QR code (the key on the phone) are both built on it. It keeps the one
 * connected account and its change events, checks that each request names that account, and leaves to its
 * owner where the address comes from and how each signature is asked for.
 */
import { KeywayError } from '../../core/errors';
import { decodeBase58 } from './address';
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
  standardChainOf,
  type Wallet,
  type WalletAccount,
} from './wallet-standard';

export interface RemoteSolanaWalletOptions {
  name: string;
  /** A data: URI, as the standard wants. */
  icon: string;
  /** The configured Solana networks (CAIP-2 `solana:<reference>`): the wallet's chains. */
  networks: readonly { id: string }[];
  /** The address to connect (base58), or null when there is none (a silent connect then finds no account). */
  resolve(): Promise<string | null>;
  /** The error of a connect, not silent, that finds no address. */
  /** The code a connect attempt without an account fails with. */
  noAccount: 'pairFirst' | 'loginFirst';
  /** After a disconnect has cleared the account. */
  onDisconnect(): Promise<void>;
  /** The signature (64 bytes) of a transaction the remote side signed and sent. */
  signAndSend(input: SignAndSendTransactionInput, account: WalletAccount): Promise<Uint8Array>;
  /** The signed wire transaction. */
  signTransaction(input: SignTransactionInput, account: WalletAccount): Promise<Uint8Array>;
  /** The signature (64 bytes) of a message. */
  signMessage(message: Uint8Array, account: WalletAccount): Promise<Uint8Array>;
}

export interface RemoteSolanaWallet {
  readonly wallet: Wallet;
  /** Whether an account is connected. */
  readonly connected: boolean;
  /** Drops the account (the connection ended on the remote side): the app sees no accounts. */
  clear(): void;
}

/** A signature from the remote side, checked before the app gets it. */
export function checkedSignature(signature: string | undefined): Uint8Array {
  const bytes = signature ? decodeBase58(signature) : null;
  if (bytes?.length !== 64) throw new Error('The wallet returned an invalid signature');
  return bytes;
}

export function createRemoteSolanaWallet(opts: RemoteSolanaWalletOptions): RemoteSolanaWallet {
  const chains = [...new Set(opts.networks.map((n) => standardChainOf(n.id) as IdentifierString))];
  const features: IdentifierString[] = [
    SOLANA_SIGN_AND_SEND_TRANSACTION,
    SOLANA_SIGN_TRANSACTION,
    SOLANA_SIGN_MESSAGE,
  ];
  let account: WalletAccount | null = null;
  const events = changeEvents();

  const clear = () => {
    if (!account) return;
    account = null;
    events.emit({ accounts: [] });
  };

  const requireAccount = (input: { account: WalletAccount }): WalletAccount => {
    if (!account) throw new Error('The wallet is not connected');
    if (input.account?.address !== account.address) throw new Error('Unknown account');
    return account;
  };

  const wallet: Wallet = Object.freeze({
    version: '1.0.0' as const,
    name: opts.name,
    icon: opts.icon,
    chains,
    get accounts() {
      return account ? [account] : [];
    },
    features: Object.freeze({
      [STANDARD_CONNECT]: {
        version: '1.0.0',
        async connect(input?: { silent?: boolean }) {
          const address = await opts.resolve();
          if (!address) {
            if (input?.silent) return { accounts: [] };
            throw KeywayError.of(opts.noAccount);
          }
          const publicKey = decodeBase58(address);
          if (publicKey?.length !== 32) throw new Error('The wallet returned no Solana account');
          if (account?.address !== address) {
            account = Object.freeze({ address, publicKey, chains, features, label: opts.name });
            events.emit({ accounts: [account] });
          }
          return { accounts: [account] };
        },
      },
      [STANDARD_DISCONNECT]: {
        version: '1.0.0',
        async disconnect() {
          clear();
          await opts.onDisconnect();
        },
      },
      [STANDARD_EVENTS]: events.feature,
      [SOLANA_SIGN_AND_SEND_TRANSACTION]: {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0] as const,
        async signAndSendTransaction(...inputs: SignAndSendTransactionInput[]) {
          const out: { signature: Uint8Array }[] = [];
          for (const input of inputs) {
            out.push({ signature: await opts.signAndSend(input, requireAccount(input)) });
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
            out.push({ signedTransaction: await opts.signTransaction(input, requireAccount(input)) });
          }
          return out;
        },
      },
      [SOLANA_SIGN_MESSAGE]: {
        version: '1.0.0',
        async signMessage(...inputs: { account: WalletAccount; message: Uint8Array }[]) {
          const out: { signedMessage: Uint8Array; signature: Uint8Array; signatureType: 'ed25519' }[] = [];
          for (const input of inputs) {
            const signature = await opts.signMessage(input.message, requireAccount(input));
            out.push({ signedMessage: input.message, signature, signatureType: 'ed25519' });
          }
          return out;
        },
      },
    }),
  });

  return {
    wallet,
    get connected() {
      return account !== null;
    },
    clear,
  };
}
