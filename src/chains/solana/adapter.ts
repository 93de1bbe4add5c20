/**
 * `keyway.solana`: Wallet Standard discovery of wallets that support a Solana chain, connecting one, and
 * sending native SOL through it. Discovery starts only when asked (the modal's first open, or a
 * remembered Solana wallet at start-up). @solana/web3.js is imported dynamically by `sendNative` and
 * `getBalance`, so an EVM-only host never loads it.
 */
import { createStore } from 'zustand/vanilla';
import { KeywayError } from '../../core/errors';
import { kitMessage } from '../../core/messages';
import type { KeywayNetwork } from '../../core/networks';
import { type SafeStorage, STORAGE_KEYS } from '../../core/storage';
import { capText, MAX_TEXT } from '../../core/text';
import { z } from '../../core/zod-mini';
import { encodeBase58, isSolanaAddress } from './address';
import { solToLamports } from './amount';
import type { SolanaAdapter, SolanaSendInput, SolanaState, SolanaStore, SolanaWalletInfo } from './types';
import {
  type EventTargetLike,
  type IdentifierString,
  isWallet,
  isWalletAccount,
  listenForWallets,
  type SolanaWalletFeatures,
  solanaFeatures,
  standardChainOf,
  type Wallet,
  type WalletAccount,
} from './wallet-standard';

type Web3 = typeof import('@solana/web3.js');

export interface SolanaAdapterDeps {
  /** The configured Solana networks (at least one). */
  networks: readonly KeywayNetwork[];
  /** The kit's active network (any namespace). */
  getActiveNetwork: () => KeywayNetwork;
  storage: SafeStorage;
  /** Where wallets register (default: `window` when there is one). */
  target?: EventTargetLike | null;
  isSafeImage: (url: unknown) => url is string;
  /** Loads @solana/web3.js (default: a dynamic import). */
  loadWeb3?: () => Promise<Web3>;
  /** Pause between confirmation polls (default 400 ms, one slot). */
  pollIntervalMs?: number;
  /**
   * The store to publish the state in (default: a new one). The instance creates it before this module
   * loads (`keyway.solana.store` exists from the start); it holds the initial, disconnected state, or
   * 'reconnecting' while a remembered wallet was awaited (reset here).
   */
  store?: SolanaStore;
}

const rememberedSchema = z.string().check(z.minLength(1), z.maxLength(256));

const capName = (value: string): string => capText(value, MAX_TEXT.name);

const invalidInput = () => KeywayError.of('solanaInvalidInput');
const sendFailed = (cause?: unknown) => KeywayError.of('solanaSendFailed', cause);

const disconnected = (): Omit<SolanaState, 'wallets'> => ({
  status: 'disconnected',
  wallet: null,
  address: null,
  error: null,
});

interface Registered {
  wallet: Wallet;
  features: SolanaWalletFeatures;
  info: SolanaWalletInfo;
}

export function createSolanaAdapter(deps: SolanaAdapterDeps): SolanaAdapter {
  if (!deps.networks.length) throw new Error('createSolanaAdapter needs at least one Solana network');
  const loadWeb3 = deps.loadWeb3 ?? (() => import('@solana/web3.js'));
  const pollMs = deps.pollIntervalMs ?? 400;
  const store = deps.store ?? createStore<SolanaState>()(() => ({ wallets: [], ...disconnected() }));
  // A store handed over while a remembered wallet was awaited (lazy.ts says 'reconnecting' until this module is
  // there): the adapter starts from 'disconnected', and the remembered wallet's registration takes over below.
  if (store.getState().status === 'reconnecting') store.setState(disconnected());

  /** Discovered wallets by display name (the first registration of a name wins). */
  const registry = new Map<string, Registered>();
  let stopListening: (() => void) | null = null;
  let current: { entry: Registered; account: WalletAccount; offEvents: (() => void) | null } | null = null;
  let connectSeq = 0;
  const stored = rememberedSchema.safeParse(deps.storage.get(STORAGE_KEYS.solanaWallet));
  let remembered: string | null = stored.success ? stored.data : null;

  const getNetwork = (): KeywayNetwork => {
    const active = deps.getActiveNetwork();
    return active.chain === 'solana' ? active : (deps.networks[0] as KeywayNetwork);
  };
  const chainOf = (network: KeywayNetwork) => standardChainOf(network.id) as IdentifierString;

  const publishWallets = () => store.setState({ wallets: [...registry.values()].map((r) => r.info) });

  const pickAccount = (accounts: readonly unknown[]): WalletAccount | null => {
    const valid = accounts.filter(isWalletAccount).filter((a) => isSolanaAddress(a.address));
    const chain = chainOf(getNetwork());
    return valid.find((a) => a.chains.includes(chain)) ?? valid[0] ?? null;
  };

  const drop = () => {
    current?.offEvents?.();
    current = null;
  };

  const forget = () => {
    remembered = null;
    deps.storage.remove(STORAGE_KEYS.solanaWallet);
  };

  const attach = (entry: Registered, account: WalletAccount) => {
    drop();
    const offEvents =
      entry.features.events?.on('change', (props) => {
        if (current?.entry !== entry || !props.accounts) return;
        const next = pickAccount(props.accounts);
        if (!next) {
          // The wallet ended the connection on its side.
          drop();
          forget();
          store.setState(disconnected());
          return;
        }
        current.account = next;
        if (next.address !== store.getState().address) store.setState({ address: next.address });
      }) ?? null;
    current = { entry, account, offEvents };
    store.setState({ status: 'connected', wallet: entry.info, address: account.address, error: null });
  };

  const runConnect = async (entry: Registered, silent: boolean): Promise<string> => {
    const mine = ++connectSeq;
    store.setState({ status: silent ? 'reconnecting' : 'connecting', error: null });
    let accounts: readonly unknown[];
    try {
      const result = await entry.features.connect.connect(silent ? { silent: true } : undefined);
      accounts = Array.isArray(result?.accounts) ? result.accounts : [];
      if (!accounts.length) accounts = entry.wallet.accounts;
    } catch (error) {
      if (mine === connectSeq) {
        // A wallet's own words are its reason (capped: a wallet's text is untrusted).
        const words = error instanceof Error && error.message ? error.message.slice(0, 200) : undefined;
        const message =
          error instanceof KeywayError ? error.detail : kitMessage('connectionFailed', undefined, words);
        store.setState({ ...disconnected(), error: silent ? null : message });
      }
      throw error;
    }
    if (mine !== connectSeq) throw new Error('A newer connection attempt replaced this one');
    const account = pickAccount(accounts);
    if (!account) {
      store.setState({ ...disconnected(), error: silent ? null : kitMessage('noSolanaAccount') });
      if (silent) forget();
      throw KeywayError.of('noSolanaAccount');
    }
    attach(entry, account);
    remembered = entry.info.name;
    deps.storage.set(STORAGE_KEYS.solanaWallet, entry.info.name);
    return account.address;
  };

  const onRegister = (value: unknown, embedded = false, paired = false): (() => void) => {
    if (!isWallet(value)) return () => undefined;
    const features = solanaFeatures(value);
    const name = capName(value.name);
    if (!features || !name || registry.has(name)) return () => undefined;
    const info: SolanaWalletInfo = {
      name,
      chains: value.chains.filter((c) => c.startsWith('solana:')),
      ...(deps.isSafeImage(value.icon) ? { icon: value.icon } : {}),
      ...(embedded ? { embedded: true as const } : {}),
      ...(paired ? { paired: true as const } : {}),
    };
    const entry: Registered = { wallet: value, features, info };
    registry.set(name, entry);
    publishWallets();
    if (remembered === name && store.getState().status === 'disconnected') {
      void runConnect(entry, true).catch(() => undefined);
    }
    return () => {
      if (registry.get(name) !== entry) return;
      registry.delete(name);
      publishWallets();
      if (current?.entry === entry) {
        drop();
        store.setState(disconnected());
      }
    };
  };

  const startDiscovery = () => {
    if (stopListening) return;
    const target =
      deps.target === undefined ? ((globalThis as { window?: EventTargetLike }).window ?? null) : deps.target;
    if (!target) return;
    stopListening = listenForWallets(target, (wallet) => onRegister(wallet));
  };

  // A remembered connection is looked for at start-up; otherwise nothing happens before the first open.
  if (remembered) queueMicrotask(startDiscovery);

  const confirm = async (
    connection: InstanceType<Web3['Connection']>,
    signature: string,
    lastValidBlockHeight: number,
  ) => {
    // HTTP polling only (no websocket), so a strict connect-src needs just the RPC URL.
    for (;;) {
      const { value } = await connection.getSignatureStatuses([signature]);
      const status = value[0];
      if (status?.err) throw new Error(`Transaction failed: ${JSON.stringify(status.err)}`);
      if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized') return;
      if ((await connection.getBlockHeight('confirmed')) > lastValidBlockHeight) {
        throw new Error('The transaction expired before it was confirmed');
      }
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  };

  return {
    store,
    getNetwork,
    startDiscovery,

    register(wallet, options) {
      return onRegister(wallet, options?.embedded === true, options?.paired === true);
    },

    async connect(walletName) {
      startDiscovery();
      const entry = registry.get(walletName);
      if (!entry) throw new Error(`Solana wallet "${walletName}" is not available`);
      return runConnect(entry, false);
    },

    async disconnect() {
      ++connectSeq;
      const entry = current?.entry;
      drop();
      forget();
      store.setState(disconnected());
      try {
        await entry?.features.disconnect?.disconnect();
      } catch (error) {
        throw KeywayError.of('disconnectFailed', error);
      }
    },

    async sendNative({ to, amount }: SolanaSendInput) {
      if (typeof to !== 'string' || typeof amount !== 'string') throw invalidInput();
      const lamports = solToLamports(amount);
      const receiver = to.trim();
      if (lamports <= 0n || !isSolanaAddress(receiver)) throw invalidInput();
      const connected = current;
      if (!connected || store.getState().status !== 'connected') throw sendFailed();
      const { entry, account } = connected;
      const network = getNetwork();
      const rpcUrl = network.rpcUrls[0];
      if (!rpcUrl) throw sendFailed();
      try {
        const web3 = await loadWeb3();
        const connection = new web3.Connection(rpcUrl, 'confirmed');
        const from = new web3.PublicKey(account.address);
        const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash('confirmed');
        const tx = new web3.Transaction({ feePayer: from, blockhash, lastValidBlockHeight }).add(
          web3.SystemProgram.transfer({ fromPubkey: from, toPubkey: new web3.PublicKey(receiver), lamports }),
        );
        const wire = tx.serialize({ requireAllSignatures: false, verifySignatures: false });
        const chain = chainOf(network);
        let signature: string;
        if (entry.features.signAndSendTransaction) {
          const [result] = await entry.features.signAndSendTransaction.signAndSendTransaction({
            account,
            transaction: wire,
            chain,
            options: { preflightCommitment: 'confirmed' },
          });
          if (!(result?.signature instanceof Uint8Array) || result.signature.length !== 64) {
            throw new Error('The wallet returned no signature');
          }
          signature = encodeBase58(result.signature);
        } else if (entry.features.signTransaction) {
          const [result] = await entry.features.signTransaction.signTransaction({
            account,
            transaction: wire,
            chain,
          });
          if (!(result?.signedTransaction instanceof Uint8Array)) {
            throw new Error('The wallet returned no signed transaction');
          }
          signature = await connection.sendRawTransaction(result.signedTransaction, {
            preflightCommitment: 'confirmed',
          });
        } else {
          throw new Error('The wallet cannot sign transactions');
        }
        await confirm(connection, signature, lastValidBlockHeight);
        return signature;
      } catch (error) {
        throw sendFailed(error);
      }
    },

    async getBalance(address) {
      const owner = address ?? store.getState().address;
      if (!owner || !isSolanaAddress(owner)) throw invalidInput();
      const rpcUrl = getNetwork().rpcUrls[0];
      if (!rpcUrl) throw new Error(`No RPC URL for ${getNetwork().name}`);
      const web3 = await loadWeb3();
      const connection = new web3.Connection(rpcUrl, 'confirmed');
      return BigInt(await connection.getBalance(new web3.PublicKey(owner), 'confirmed'));
    },

    destroy() {
      ++connectSeq;
      stopListening?.();
      stopListening = null;
      drop();
    },
  };
}
