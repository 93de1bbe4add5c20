/**
 * What the kit has to say, as data. Stores, hooks and thrown kit errors report a `KitMessage`: a code, the raw
 * values it names (symbols, names, exact decimal strings, counts) and, where a wallet or an API said why, its
 * own words (`reason`). None of them carries a sentence: the styled layer's presenter (`i18n/messageText.ts`)
 * writes a message in the active locale from the catalogue, and a host with its own UI does the same with its
 * own texts (or `messageText` with the kit's).
 *
 * The codes are flat and unique across the kit; each has exactly one text in the catalogue (the table in
 * `i18n/messageText.ts`, checked for every locale by a test). The values a code takes are the placeholders of
 * its text; amounts are exact decimal strings, counts are numbers.
 */

/** The codes of spec §8's toasts. */
export type ToastCode =
  | 'fetchTransactions'
  | 'initializeSwap'
  | 'fetchNetworkTokenPrice'
  | 'checkAllowance'
  | 'createApprovalTransaction'
  | 'createTransaction'
  | 'transactionError'
  | 'somethingWentWrong'
  | 'solanaSendFailed'
  | 'fetchTokenBalance'
  /** Not in spec §8 (it names no pairing toasts): a paired wallet's relay went away, and came back. */
  | 'relayLost'
  | 'relayBack';

/** The codes of spec §8's errors (and the kit's own errors of the same kind). */
export type ErrorCode =
  | 'disconnectFailed'
  | 'noSwapAddress'
  | 'unsupportedChain'
  | 'networkNotFound'
  | 'addressOrAuthConnectorNotFound'
  | 'resolveName'
  | 'nameSuggestions'
  | 'namesForAddress'
  | 'iframeNotSet'
  | 'emailLoginDependency'
  | 'requestAborted'
  | 'rpcNotAllowed'
  | 'actionNotAllowed'
  | 'invalidChainId'
  | 'frameError'
  | 'solanaInvalidInput'
  | 'noAccountForNetwork'
  | 'relayUnreachable'
  /** `{name}`: the name that could not be registered (an API reason, when given, is the `reason`). */
  | 'registerName'
  /** `{seconds}`: whole seconds left of a cooldown. */
  | 'cooldown';

/** The send form's codes. */
export type SendCode =
  | 'selectToken'
  | 'enterAmount'
  | 'enterReceiver'
  | 'resolving'
  | 'gasLoading'
  | 'preview'
  | 'notNumeric'
  | 'notPositive'
  /** `{symbol}`, `{decimals}` (0: the token has none). */
  | 'tooManyDecimals'
  /** `{symbol}`. */
  | 'aboveBalance'
  /** `{symbol}`. */
  | 'noRoomForFee'
  | 'invalidAddress'
  | 'invalidSolanaAddress'
  | 'checksum'
  /** `{name}`. */
  | 'nameNotFound'
  | 'gasUnavailable'
  | 'decimalsUnknown'
  | 'solanaNativeOnly'
  | 'invalidTokenAddress'
  /** `{amount}` (exact decimal string), `{symbol}`: a transfer landed. */
  | 'sent';

/** The swap form's codes (it shares the amount codes of the send form). */
export type SwapCode =
  | 'tokenIncomplete'
  | 'sameToken'
  /** `{symbol}`. */
  | 'insufficientBalance'
  /** `{symbol}`. */
  | 'insufficientGas'
  | 'quoteLoading'
  | 'review'
  | 'quoteUnavailable'
  /** `{amount}`, `{from}`, `{toAmount}`, `{to}` (exact decimal strings and symbols): a swap landed. */
  | 'swapped'
  | SwapSafetyCode;

/** Why the kit refused a swap the API built (spec §5 and docs/security.md): nothing was sent. */
export type SwapSafetyCode =
  | 'noRouter'
  | 'untrustedRouter'
  | 'approvalNotExact'
  | 'approvalWrongToken'
  | 'swapMismatch'
  | 'permitMismatch';

/** The on-ramp form's codes. */
export type OnrampCode =
  | 'fiatNotNumeric'
  | 'tooManyFiatDecimals'
  | 'tooManyCryptoDecimals'
  | 'noMethod'
  /** `{min}` (exact decimal string), `{currency}`. */
  | 'belowMinimum'
  /**
   * `{method}` (a payment method id), `{max}` (exact decimal string), `{currency}`; with `{bankMax}`, bank
   * transfer allows the amount (up to `bankMax`) and the text suggests it.
   */
  | 'aboveMaximum'
  | 'onrampNotConnected'
  | 'noNetwork'
  /** `{network}`: the network's name. */
  | 'wrongAccount'
  | 'urlFailed';

/** The name registration's codes. */
export type NameCode =
  /** `{min}`. */
  | 'tooShort'
  /** `{max}`. */
  | 'tooLong'
  | 'badCharacters'
  | 'notEmbedded';

/** Sign-in with wallet's codes. */
export type SiweCode = 'siweNotConnected' | 'verificationFailed' | 'siweFailed' | 'notEnabled';

/** The embedded wallet's login and account codes. */
export type EmbeddedCode =
  | 'invalidEmail'
  /** The secure frame did not answer in time. */
  | 'frameTimeout'
  /** `{email}`. */
  | 'codeSent'
  | 'codeResent'
  | 'emailUpdated'
  | 'sameEmail'
  | 'invalidCode'
  | 'emailUpdateFailed'
  | 'smartAccountUnavailable'
  | 'accountTypeFailed'
  | 'popupBlocked'
  | 'loginTimeout'
  | 'loginFailed'
  | 'socialUnavailable';

/** Connecting wallets and networks. */
export type ConnectionCode =
  | 'connectionFailed'
  /** `{wallet}`: the wallet's connector is not in this browser (an extension removed since it was listed). */
  | 'walletUnavailable'
  /** The pairing package could not be loaded (no QR code can be made). */
  | 'pairingUnavailable'
  | 'walletListFailed'
  | 'switchNetworkFailed'
  | 'noSolanaAccount'
  /** A paired wallet's Solana side was asked for something before a pairing. */
  | 'pairFirst'
  /** The embedded wallet's Solana side was asked for something before a login. */
  | 'loginFirst';

/** What the styled views confirm with a toast. */
export type ViewCode = 'addressCopied';

/** The titles of history rows: the symbols (or NFT names) as values. */
export type HistoryCode =
  /** `{from}`, `{to}`. */
  | 'historySwapped'
  | 'historySwappedOnly'
  /** `{symbol}` in each of the next four. */
  | 'historyMinted'
  | 'historyReceived'
  | 'historySelfTransfer'
  | 'historySent'
  /** A transaction of no known kind (the API's operation type, when it named one, is the reason). */
  | 'historyTransaction'
  /** `{party}`: a shortened address. */
  | 'historyTo'
  | 'historyFrom';

/**
 * A failure whose words come from elsewhere: a wallet's short message or an API's reason, always in `reason`
 * (shown as it is, being the wallet's or server's own text).
 */
export type ForeignCode = 'walletError' | 'apiError';

export type MessageCode =
  | ToastCode
  | ErrorCode
  | SendCode
  | SwapCode
  | OnrampCode
  | NameCode
  | SiweCode
  | EmbeddedCode
  | ConnectionCode
  | HistoryCode
  | ViewCode
  | ForeignCode;

/** A value a message names: a string as it is, a number written in the reader's locale. */
export type MessageValue = string | number;

export interface KitMessage<C extends MessageCode = MessageCode> {
  readonly code: C;
  readonly values?: Readonly<Record<string, MessageValue>>;
  /** What a wallet or an API said (its own words), when it said something: shown in place of the kit's text. */
  readonly reason?: string;
}

/** A message of `code` with its values. */
export function kitMessage<C extends MessageCode>(
  code: C,
  values?: Readonly<Record<string, MessageValue>>,
  reason?: string,
): KitMessage<C> {
  const out: { code: C; values?: Readonly<Record<string, MessageValue>>; reason?: string } = { code };
  if (values) out.values = values;
  if (reason?.trim()) out.reason = reason;
  return out;
}

/** Whether two messages say the same (same code, values and reason). */
export function sameMessage(a: KitMessage | null | undefined, b: KitMessage | null | undefined): boolean {
  if (!a || !b) return a === b || (!a && !b);
  if (a.code !== b.code || a.reason !== b.reason) return false;
  const av = a.values ?? {};
  const bv = b.values ?? {};
  const keys = Object.keys(av);
  return keys.length === Object.keys(bv).length && keys.every((k) => av[k] === bv[k]);
}
