/**
 * Send (spec §3 send state, §4 send, §5, §8): the token from the balances, the amount exactly as typed,
 * the receiver as an address or a name (resolved through the profile service, an address's name and avatar
 * through the identity call; stale lookups are ignored), the gas price and the fee in USD, then preview and
 * submit. Submit dispatches by the active network's chain: EVM (native `sendTransaction` with the gas price,
 * ERC-20 `transfer`), Solana (the instance's Solana sender), anything else 'Unsupported chain'.
 * Events SEND_INITIATED / SEND_SUCCESS / SEND_ERROR; failures toast the wallet's short message or
 * 'Transaction error', and 'Something went wrong' for anything unexpected.
 */
import { type Address, formatUnits, getAddress, type Hex } from 'viem';
import type { Config } from 'wagmi';
import { getGasPrice as rpcGasPrice } from 'wagmi/actions';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Identity, Profile } from '../../api/schemas';
import {
  ERC20_TRANSFER_GAS_ESTIMATE,
  type EvmSendAsset,
  evmSendAsset,
  NATIVE_TRANSFER_GAS,
  sendEvmToken,
  waitForEvmSend,
} from '../../chains/evm/send';
import { isSolanaAddress } from '../../chains/solana/address';
import { multiplyDecimal, numberToDecimal } from '../../core/decimal';
import { KeywayError, walletFailure } from '../../core/errors';
import type { EventBus } from '../../core/events';
import { isValidEvmAddress } from '../../core/format';
import { type KitMessage, kitMessage } from '../../core/messages';
import type { KeywayNetwork } from '../../core/networks';
import type { OutcomeOf } from '../../core/outcomes';
import { nativeTokenId, type TokenBalance } from '../balances/store';
import { accountChanges } from '../followWallet';
import { looksLikeName, maxSendAmount, type SendValidation, validateSend } from './validation';

/** The EVM asset of a token, or an error when a non-native token has no contract address that parses. */
function evmAsset(token: TokenBalance): EvmSendAsset {
  const asset = evmSendAsset(token);
  if (!asset) throw KeywayError.of('invalidTokenAddress');
  return asset;
}

/** Lamports per signature on Solana (the fee Max leaves for a one-signature transfer). */
export const SOLANA_FEE_LAMPORTS = 5_000n;

export type SendStatus = 'idle' | 'confirming' | 'pending' | 'success' | 'error';
export type GasStatus = 'idle' | 'loading' | 'ready' | 'error';

/**
 * The receiver typed as a name, and what its lookup found: 'none' while the receiver is an address (or
 * nothing is typed), 'resolving' while it is looked up, 'resolved' (then `receiverAddress` is its address),
 * 'not-found' (no address for this network) or 'failed' (the lookup call failed).
 */
export type ReceiverName =
  | { status: 'none' }
  | { status: 'resolving' | 'resolved' | 'not-found' | 'failed'; name: string };

export interface SendState {
  /** The token to send (one of the balances). */
  token: TokenBalance | null;
  /** The amount exactly as the user typed it (whole units). */
  sendTokenAmount: string;
  /** What the user typed as the receiver: an address or a name. */
  receiverInput: string;
  /** The address to send to: the typed address, or the one a name resolved to (null until known). */
  receiverAddress: string | null;
  receiverProfileImageUrl: string | null;
  receiverProfileName: string | null;
  /** The receiver typed as a name and its lookup. */
  receiverName: ReceiverName;
  /** Wei per gas on EVM networks (null until fetched, or when unavailable). */
  gasPrice: bigint | null;
  gasStatus: GasStatus;
  /**
   * The network fee of this send in USD, exact decimal string (null when unknown).
   * @deprecated The name says gas price; it is the fee: read `feeInUsd` (useSend's result).
   */
  gasPriceInUSD: string | null;
  /**
   * The send: 'confirming' while the wallet is asked, 'pending' while the transaction is on its way (both
   * mean a send is running), then 'success' or 'error'.
   */
  status: SendStatus;
  /** The last transaction hash or signature. */
  txHash: string | null;
}

export interface SendActions {
  /** Chooses the token (from the balances). */
  setToken(token: TokenBalance | null): void;
  /** Keeps the user's string exactly; validation reads it. */
  setAmount(amount: string): void;
  /** Fills in the whole balance; for the native token minus the transfer's network fee (never negative). */
  setMax(): Promise<void>;
  /** An address, or a name to resolve. Resolves with the lookup (a newer input makes an older one moot). */
  setReceiver(input: string): Promise<void>;
  /** Reads the gas price (Blockchain API, else the chain's RPC). */
  fetchGasPrice(): Promise<void>;
  /** The form's validation for the current state. */
  validate(): SendValidation;
  /**
   * Checks the form: `{status: 'review'}` when it is valid (the transfer can be reviewed; the styled modal
   * shows its preview), else `{status: 'invalid'}`.
   */
  preview(): SendPreviewResult;
  /**
   * Sends. Resolves `{status: 'sent', hash}` on success (the form is reset), `'invalid'` when the form is
   * not valid, `'busy'` while a send runs, `{status: 'error', message}` when it failed (`message` says why as
   * data; the styled layer shows it as a toast).
   */
  submit(): Promise<SendSubmitResult>;
  reset(): void;
  /** Recomputes the fee in USD (the instance calls it when the balances, and so the prices, change). */
  recomputeFee(): void;
  /**
   * Fed by the instance wiring: another account or another network clears the form; no address (a
   * reconnect, a disconnect) keeps it.
   */
  setContext(address: string | null, network: KeywayNetwork | null): void;
}

export type SendPreviewResult = { status: 'review' } | { status: 'invalid' };
export type SendSubmitResult =
  | { status: 'sent'; hash: string }
  | { status: 'invalid' }
  | { status: 'busy' }
  | { status: 'error'; message: KitMessage };

export type SendStore = StoreApi<SendState & SendActions>;

/** The instance's Solana sender (`keyway.solana`). */
export interface SolanaNativeSender {
  sendNative(args: { to: string; amount: string }): Promise<string>;
}

export interface SendApi {
  getGasPrice(chainId: string): Promise<{ standard: string } | null>;
  getIdentity(address: string): Promise<Identity>;
  getProfile(name: string): Promise<Profile | null>;
}

export interface SendStoreDeps {
  api: SendApi;
  getWagmiConfig: () => Config;
  getNetwork: () => KeywayNetwork;
  getAddress: () => string | null;
  /** The current balances (the native token's price and quantity for the fee and Max). */
  getBalances: () => readonly TokenBalance[];
  getSolana: () => SolanaNativeSender | null;
  bus: EventBus;
  isSafeImage: (url: unknown) => url is string;
  /**
   * Reports the flow's outcomes (the form can be reviewed, a transfer was sent or failed, a submit was not
   * valid); the styled layer turns them into views and toasts.
   */
  emit: (outcome: OutcomeOf<'send'>) => void;
  /** After a transfer: the data to read again (`forceUpdate`: the token ids involved). */
  afterSuccess: (info: { forceUpdate: string[] }) => void;
  /** The EVM transport (default: wagmi sendTransaction / transfer, then wait for the receipt). */
  sendEvm?: typeof sendEvmToken;
  waitEvm?: typeof waitForEvmSend;
}

const initialState = (): SendState => ({
  token: null,
  sendTokenAmount: '',
  receiverInput: '',
  receiverAddress: null,
  receiverProfileImageUrl: null,
  receiverProfileName: null,
  receiverName: { status: 'none' },
  gasPrice: null,
  gasStatus: 'idle',
  gasPriceInUSD: null,
  status: 'idle',
  txHash: null,
});

/** Whether a send is running (the wallet is asked, or the transaction is on its way). */
export const isSending = (status: SendStatus): boolean => status === 'confirming' || status === 'pending';

/** The ENSIP-11 coin type of an EVM chain (60 on Ethereum mainnet). */
export function coinTypeOf(chainId: number): string {
  return chainId === 1 ? '60' : String((0x80000000 | chainId) >>> 0);
}

/** The address a profile holds for a chain: its own coin type first, else the mainnet (60) one. */
export function profileAddress(profile: Profile, chainId: number): string | null {
  const own = profile.addresses[coinTypeOf(chainId)]?.address;
  const main = profile.addresses['60']?.address;
  const found = [own, main].find((a) => a && isValidEvmAddress(a));
  return found ? getAddress(found) : null;
}

class WalletSendError extends Error {
  constructor(readonly original: unknown) {
    super('wallet send failed', { cause: original });
  }
}

/**
 * Why a send failed: a kit error's message, the wallet's short message (`walletError`) or 'Transaction error'
 * for a wallet step; else 'Something went wrong'.
 */
export function sendFailure(error: unknown): KitMessage {
  if (error instanceof KeywayError) return error.detail;
  if (error instanceof WalletSendError) return walletFailure(error.original);
  return kitMessage('somethingWentWrong');
}

export function createSendStore(deps: SendStoreDeps): SendStore {
  const sendEvm = deps.sendEvm ?? sendEvmToken;
  const waitEvm = deps.waitEvm ?? waitForEvmSend;
  let receiverSeq = 0;
  let gasSeq = 0;
  let contextNetworkId: string | null = null;
  const accountChanged = accountChanges();

  return createStore<SendState & SendActions>()((set, get) => {
    const nativeBalance = () => deps.getBalances().find((b) => b.isNative) ?? null;
    /** The chosen token with its latest balance. */
    const currentToken = () => {
      const t = get().token;
      if (!t) return null;
      return deps.getBalances().find((b) => b.id === t.id) ?? t;
    };
    const chain = () => deps.getNetwork().chain;

    /** The network fee in the native token's smallest unit, null while unknown. */
    const fee = (): bigint | null => {
      if (chain() === 'solana') return SOLANA_FEE_LAMPORTS;
      const { gasPrice } = get();
      if (gasPrice === null) return null;
      return (
        gasPrice * (currentToken()?.isNative === false ? ERC20_TRANSFER_GAS_ESTIMATE : NATIVE_TRANSFER_GAS)
      );
    };

    const feeInUsd = (): string | null => {
      const f = fee();
      const native = nativeBalance();
      const decimals = native?.decimals ?? deps.getNetwork().nativeCurrency?.decimals ?? 18;
      if (f === null || !native) return null;
      const price = numberToDecimal(native.price);
      return price === null ? null : multiplyDecimal(formatUnits(f, decimals), price);
    };

    const updateFee = () => set({ gasPriceInUSD: feeInUsd() });

    const eventProps = (extra: Record<string, unknown> = {}) => {
      const t = currentToken();
      return {
        isSmartAccount: false,
        network: deps.getNetwork().id,
        token: t?.symbol ?? null,
        amount: get().sendTokenAmount,
        ...extra,
      };
    };

    const actions: SendActions = {
      setToken(token) {
        set({ token });
        updateFee();
        if (token && chain() === 'evm' && get().gasStatus !== 'ready') void actions.fetchGasPrice();
      },

      setAmount(amount) {
        set({ sendTokenAmount: amount });
      },

      async setMax() {
        const token = currentToken();
        if (!token) return;
        if (token.isNative && chain() === 'evm' && get().gasPrice === null) await actions.fetchGasPrice();
        if (token.isNative && chain() === 'evm' && get().gasPrice === null) return;
        const max = maxSendAmount(token, token.isNative ? fee() : null);
        set({ sendTokenAmount: max });
      },

      async setReceiver(input) {
        const mine = ++receiverSeq;
        set({
          receiverInput: input,
          receiverAddress: null,
          receiverProfileName: null,
          receiverProfileImageUrl: null,
          receiverName: { status: 'none' },
        });
        const value = input.trim();
        if (!value) return;
        const network = deps.getNetwork();
        if (network.chain === 'solana') {
          if (isSolanaAddress(value)) set({ receiverAddress: value });
          return;
        }
        if (network.chain !== 'evm') {
          set({ receiverAddress: value });
          return;
        }
        const image = (url: string | null | undefined) => (url && deps.isSafeImage(url) ? url : null);
        if (isValidEvmAddress(value)) {
          set({ receiverAddress: getAddress(value) });
          try {
            const identity = await deps.api.getIdentity(value);
            if (mine !== receiverSeq) return;
            set({ receiverProfileName: identity.name, receiverProfileImageUrl: image(identity.avatar) });
          } catch {
            // A missing name is not an error: the address alone is enough.
          }
          return;
        }
        if (!looksLikeName(value)) return;
        set({ receiverName: { status: 'resolving', name: value } });
        try {
          const profile = await deps.api.getProfile(value);
          if (mine !== receiverSeq) return;
          const address = profile ? profileAddress(profile, Number(network.chainId)) : null;
          if (!profile || !address) {
            set({ receiverName: { status: 'not-found', name: value } });
            return;
          }
          set({
            receiverName: { status: 'resolved', name: value },
            receiverAddress: address,
            receiverProfileName: profile.name,
            receiverProfileImageUrl: image(profile.attributes.find((a) => a.avatar)?.avatar),
          });
        } catch {
          if (mine === receiverSeq) set({ receiverName: { status: 'failed', name: value } });
        }
      },

      async fetchGasPrice() {
        const network = deps.getNetwork();
        if (network.chain !== 'evm') return;
        const mine = ++gasSeq;
        set({ gasStatus: 'loading' });
        let price: bigint | null = null;
        try {
          const r = await deps.api.getGasPrice(network.id);
          if (r) price = BigInt(r.standard);
        } catch {
          price = null;
        }
        if (price === null) {
          try {
            price = await rpcGasPrice(deps.getWagmiConfig(), { chainId: Number(network.chainId) as never });
          } catch {
            price = null;
          }
        }
        if (mine !== gasSeq) return;
        set(
          price === null ? { gasPrice: null, gasStatus: 'error' } : { gasPrice: price, gasStatus: 'ready' },
        );
        updateFee();
      },

      validate() {
        const s = get();
        const token = currentToken();
        return validateSend({
          chain: chain(),
          token,
          amount: s.sendTokenAmount,
          receiverInput: s.receiverInput,
          receiverAddress: s.receiverAddress,
          receiverName: s.receiverName.status,
          gasPrice: s.gasPrice,
          gasStatus: s.gasStatus,
          fee: fee(),
        });
      },

      preview() {
        if (!actions.validate().valid) return { status: 'invalid' };
        deps.emit({ flow: 'send', status: 'review' });
        return { status: 'review' };
      },

      async submit() {
        const s = get();
        if (isSending(s.status)) return { status: 'busy' };
        const validation = actions.validate();
        const token = currentToken();
        const to = s.receiverAddress;
        if (!validation.valid || !token || !to) {
          deps.emit({ flow: 'send', status: 'invalid', namespace: chain() === 'solana' ? 'solana' : 'evm' });
          return { status: 'invalid' };
        }
        const network = deps.getNetwork();
        const amount = s.sendTokenAmount.trim();
        deps.bus.emit('SEND_INITIATED', eventProps());
        set({ status: 'confirming', txHash: null });
        try {
          let hash: string;
          if (network.chain === 'evm') {
            const config = deps.getWagmiConfig();
            const chainId = Number(network.chainId);
            let sent: Hex;
            try {
              sent = await sendEvm(config, {
                chainId,
                // Validation refused a token without a parseable contract; checked again right here.
                asset: evmAsset(token),
                decimals: token.decimals,
                amount,
                to: to as Address,
                gasPrice: s.gasPrice,
              });
              set({ status: 'pending', txHash: sent });
              await waitEvm(config, chainId, sent);
            } catch (e) {
              throw new WalletSendError(e);
            }
            hash = sent;
          } else if (network.chain === 'solana') {
            const solana = deps.getSolana();
            if (!solana) throw KeywayError.of('unsupportedChain');
            try {
              hash = await solana.sendNative({ to, amount });
            } catch (e) {
              throw new WalletSendError(e);
            }
          } else {
            throw KeywayError.of('unsupportedChain');
          }
          deps.bus.emit('SEND_SUCCESS', eventProps({ hash }));
          const forceUpdate = [...new Set([token.id, nativeTokenId(network.id)])];
          set({
            ...initialState(),
            gasPrice: get().gasPrice,
            gasStatus: get().gasStatus,
            status: 'success',
            txHash: hash,
          });
          deps.afterSuccess({ forceUpdate });
          deps.emit({ flow: 'send', status: 'sent', hash, amount, symbol: token.symbol });
          return { status: 'sent', hash };
        } catch (e) {
          const message = sendFailure(e);
          // The event names the failure by its code, with the wallet's own words when it gave some.
          deps.bus.emit(
            'SEND_ERROR',
            eventProps({ code: message.code, ...(message.reason ? { message: message.reason } : {}) }),
          );
          set({ status: 'error' });
          deps.emit({ flow: 'send', status: 'failed', message });
          return { status: 'error', message };
        }
      },

      recomputeFee() {
        const next = feeInUsd();
        if (next !== get().gasPriceInUSD) set({ gasPriceInUSD: next });
      },

      reset() {
        receiverSeq++;
        gasSeq++;
        set(initialState());
      },

      setContext(address, network) {
        const networkId = network?.id ?? null;
        // Another account or another network starts over; no address (a reconnect, a disconnect) keeps
        // what was typed for the same account's return (accountChanges).
        const otherAccount = accountChanged(address);
        if (!otherAccount && contextNetworkId === networkId) return;
        contextNetworkId = networkId;
        actions.reset();
      },
    };

    return { ...initialState(), ...actions };
  });
}
