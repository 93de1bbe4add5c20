/**
 * The error catalogue of spec §8. Components and hooks take texts from here by key; nobody retypes them.
 */

export const TOAST_MESSAGES = {
  fetchTransactions: 'Failed to fetch transactions',
  initializeSwap: 'Failed to initialize swap',
  fetchNetworkTokenPrice: 'Failed to fetch network token price',
  checkAllowance: 'Failed to check allowance',
  createApprovalTransaction: 'Failed to create approval transaction',
  createTransaction: 'Failed to create transaction',
  transactionError: 'Transaction error',
  somethingWentWrong: 'Something went wrong',
  solanaSendFailed: 'Failed to send transaction. Please try again.',
  fetchTokenBalance: 'Failed to fetch token balance',
  // Not in spec §8 (it names no pairing toasts): a paired wallet's relay went away, and came back.
  relayLost: 'Lost the connection to your wallet. Requests wait until it is back.',
  relayBack: 'Connected to your wallet again',
} as const;
export type ToastMessageKey = keyof typeof TOAST_MESSAGES;

export const ERROR_MESSAGES = {
  disconnectFailed: 'Failed to disconnect',
  noSwapAddress: 'No address found to swap the tokens from.',
  unsupportedChain: 'Unsupported chain',
  networkNotFound: 'Network not found',
  addressOrAuthConnectorNotFound: 'Address or auth connector not found',
  resolveName: 'Error resolving name',
  nameSuggestions: 'Error fetching name suggestions',
  namesForAddress: 'Error fetching names for address',
  iframeNotSet: 'W3mFrame: iframe is not set',
  emailLoginDependency: 'Unable to load email login dependency',
  requestAborted: 'Request was aborted',
  rpcNotAllowed: 'Requested RPC call is not allowed',
  actionNotAllowed: 'Action not allowed',
  invalidChainId: 'Invalid chainId',
  frameError: 'An error occurred',
  solanaInvalidInput: 'Please enter a valid amount and receiver address',
  // Not in spec §8: a pairing whose relay cannot be reached (no QR code can be made).
  noAccountForNetwork: 'The wallet shared no account for this network',
  relayUnreachable: 'Can’t reach the wallet relay. Check your connection and try again.',
} as const;
export type ErrorMessageKey = keyof typeof ERROR_MESSAGES;

/** 'Error registering name {name}'; the first API reason description wins when present. */
export function registerNameErrorMessage(name: string, apiReason?: string): string {
  return apiReason?.trim() ? apiReason : `Error registering name ${name}`;
}

/** 'Please try again after N seconds'. */
export function cooldownMessage(secondsLeft: number): string {
  return `Please try again after ${Math.max(1, Math.ceil(secondsLeft))} seconds`;
}

/** Every error the kit throws on purpose: a catalogue key plus the exact text. */
export class KeywayError extends Error {
  override readonly name = 'KeywayError';
  constructor(
    readonly code:
      | ErrorMessageKey
      | 'registerName'
      | 'cooldown'
      | 'invalidOptions'
      | 'api'
      | 'solanaSendFailed'
      | 'invalidToken'
      | 'swapRefused',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
  static of(key: ErrorMessageKey, cause?: unknown): KeywayError {
    return new KeywayError(key, ERROR_MESSAGES[key], cause === undefined ? undefined : { cause });
  }
}

/** Raised by `createKeyway` for a malformed or unknown host option; the message names the option. */
export class KeywayOptionsError extends Error {
  override readonly name = 'KeywayOptionsError';
  constructor(
    readonly option: string,
    message: string,
  ) {
    super(message);
  }
}

/** A Blockchain API / explorer failure: the HTTP status and the API's first reason, if any. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    readonly status: number | null,
    readonly reasons: ReadonlyArray<{ field?: string; description: string }> = [],
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The short message a wallet gives for a failure (viem's shortMessage), else a fallback from the catalogue. */
export function walletShortMessage(
  error: unknown,
  fallback: string = TOAST_MESSAGES.transactionError,
): string {
  if (error && typeof error === 'object') {
    const short = (error as { shortMessage?: unknown }).shortMessage;
    if (typeof short === 'string' && short.trim()) return short;
  }
  return fallback;
}

/**
 * A pairing URI expired before the wallet approved (the pairing transport throws it; the connect store offers
 * a new code). Here, not with the pairing store, because the wagmi config builder of the initial JS throws it.
 */
export class PairingExpiredError extends Error {
  override readonly name = 'PairingExpiredError';
  constructor(message = 'Pairing expired') {
    super(message);
  }
}
