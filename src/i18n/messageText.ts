/**
 * The presenter's words: a `KitMessage` (a code and its raw values, `core/messages.ts`) written in the active
 * locale from the catalogue. This table is the one place that says which text each code shows; a test checks
 * that every code has one in every locale. Numbers and exact decimal amounts are written in the locale's way
 * here, never by the stores. A message that carries a wallet's or API's own words (`reason`) shows them.
 */
import { truncateDecimal } from '../core/decimal';
import { formatTokenAmount } from '../core/formatAmount';
import type { KitMessage, MessageCode, MessageValue } from '../core/messages';
import type { en } from './en';
import { formatExactDecimal } from './intl';
import type { Messages } from './types';

export type KitMessages = Messages<typeof en>;

type Values = Readonly<Record<string, MessageValue>>;
type Text = (m: KitMessages, values: Values, locale: string) => string;

/** The catalogue text `section.key`, with the message's values. */
function text<S extends keyof KitMessages>(section: S, key: keyof KitMessages[S] & string): Text {
  return (m, values) => {
    const t = (m[section] as Readonly<Record<string, unknown>>)[key];
    if (typeof t === 'function') return (t as (v: Values) => string)(values);
    return typeof t === 'string' ? t : key;
  };
}

const str = (value: MessageValue | undefined): string => (value === undefined ? '' : String(value));

/** Each code's text. */
const TEXTS: { readonly [C in MessageCode]: Text } = {
  // Spec §8 toasts.
  fetchTransactions: text('toasts', 'fetchTransactions'),
  initializeSwap: text('toasts', 'initializeSwap'),
  fetchNetworkTokenPrice: text('toasts', 'fetchNetworkTokenPrice'),
  checkAllowance: text('toasts', 'checkAllowance'),
  createApprovalTransaction: text('toasts', 'createApprovalTransaction'),
  createTransaction: text('toasts', 'createTransaction'),
  transactionError: text('toasts', 'transactionError'),
  somethingWentWrong: text('toasts', 'somethingWentWrong'),
  solanaSendFailed: text('toasts', 'solanaSendFailed'),
  fetchTokenBalance: text('toasts', 'fetchTokenBalance'),
  relayLost: text('toasts', 'relayLost'),
  relayBack: text('toasts', 'relayBack'),
  // Spec §8 errors.
  disconnectFailed: text('errors', 'disconnectFailed'),
  noSwapAddress: text('errors', 'noSwapAddress'),
  unsupportedChain: text('errors', 'unsupportedChain'),
  networkNotFound: text('errors', 'networkNotFound'),
  addressOrAuthConnectorNotFound: text('errors', 'addressOrAuthConnectorNotFound'),
  resolveName: text('errors', 'resolveName'),
  nameSuggestions: text('errors', 'nameSuggestions'),
  namesForAddress: text('errors', 'namesForAddress'),
  iframeNotSet: text('errors', 'iframeNotSet'),
  emailLoginDependency: text('errors', 'emailLoginDependency'),
  requestAborted: text('errors', 'requestAborted'),
  rpcNotAllowed: text('errors', 'rpcNotAllowed'),
  actionNotAllowed: text('errors', 'actionNotAllowed'),
  invalidChainId: text('errors', 'invalidChainId'),
  frameError: text('errors', 'frameError'),
  solanaInvalidInput: text('errors', 'solanaInvalidInput'),
  noAccountForNetwork: text('errors', 'noAccountForNetwork'),
  relayUnreachable: text('errors', 'relayUnreachable'),
  registerName: text('errors', 'registerName'),
  cooldown: (m, v) => m.errors.cooldown({ seconds: Math.max(1, Math.ceil(Number(v.seconds) || 0)) }),
  // Send.
  selectToken: text('sendMessages', 'selectToken'),
  enterAmount: text('sendMessages', 'enterAmount'),
  enterReceiver: text('sendMessages', 'enterReceiver'),
  resolving: text('sendMessages', 'resolving'),
  gasLoading: text('sendMessages', 'gasLoading'),
  preview: text('sendMessages', 'preview'),
  notNumeric: text('sendMessages', 'notNumeric'),
  notPositive: text('sendMessages', 'notPositive'),
  tooManyDecimals: (m, v) =>
    Number(v.decimals) === 0
      ? m.sendMessages.noDecimals({ symbol: str(v.symbol) })
      : m.sendMessages.tooManyDecimals({ symbol: str(v.symbol), decimals: Number(v.decimals) }),
  aboveBalance: text('sendMessages', 'aboveBalance'),
  noRoomForFee: text('sendMessages', 'noRoomForFee'),
  invalidAddress: text('sendMessages', 'invalidAddress'),
  invalidSolanaAddress: text('sendMessages', 'invalidSolanaAddress'),
  checksum: text('sendMessages', 'checksum'),
  nameNotFound: text('sendMessages', 'nameNotFound'),
  gasUnavailable: text('sendMessages', 'gasUnavailable'),
  decimalsUnknown: text('sendMessages', 'decimalsUnknown'),
  solanaNativeOnly: text('sendMessages', 'solanaNativeOnly'),
  invalidTokenAddress: text('sendMessages', 'invalidTokenAddress'),
  sent: (m, v, locale) =>
    m.sendMessages.sent({
      amount: formatTokenAmount(str(v.amount), { maxDecimals: 6, locale }),
      symbol: str(v.symbol),
    }),
  // Swap.
  tokenIncomplete: text('swapMessages', 'tokenIncomplete'),
  sameToken: text('swapMessages', 'sameToken'),
  insufficientBalance: text('swapMessages', 'insufficientBalance'),
  insufficientGas: text('swapMessages', 'insufficientGas'),
  quoteLoading: text('swapMessages', 'quoteLoading'),
  review: text('swapMessages', 'review'),
  quoteUnavailable: text('swapMessages', 'quoteUnavailable'),
  swapped: (m, v, locale) =>
    m.swapMessages.swapped({
      amount: formatExactDecimal(truncateDecimal(str(v.amount), 3), locale),
      from: str(v.from),
      toAmount: formatExactDecimal(truncateDecimal(str(v.toAmount), 3), locale),
      to: str(v.to),
    }),
  noRouter: text('swapMessages', 'noRouter'),
  untrustedRouter: text('swapMessages', 'untrustedRouter'),
  approvalNotExact: text('swapMessages', 'approvalNotExact'),
  approvalWrongToken: text('swapMessages', 'approvalWrongToken'),
  swapMismatch: text('swapMessages', 'swapMismatch'),
  permitMismatch: text('swapMessages', 'permitMismatch'),
  // On-ramp: the limits are exact fiat decimals, written with their digits in the locale's way.
  fiatNotNumeric: text('onrampMessages', 'notNumeric'),
  tooManyFiatDecimals: text('onrampMessages', 'tooManyFiatDecimals'),
  tooManyCryptoDecimals: text('onrampMessages', 'tooManyCryptoDecimals'),
  noMethod: text('onrampMessages', 'noMethod'),
  belowMinimum: (m, v, locale) =>
    m.onrampMessages.belowMinimum({ min: formatExactDecimal(str(v.min), locale), currency: str(v.currency) }),
  aboveMaximum: (m, v, locale) => {
    const currency = str(v.currency);
    const above = m.onrampMessages.aboveMaximum({
      method: paymentMethodText(m, str(v.method)),
      max: formatExactDecimal(str(v.max), locale),
      currency,
    });
    if (v.bankMax === undefined) return above;
    // Bank transfer allows the amount: the message goes on to suggest it.
    return `${above}. ${m.onrampMessages.suggestBank({ max: formatExactDecimal(str(v.bankMax), locale), currency })}`;
  },
  onrampNotConnected: text('onrampMessages', 'notConnected'),
  noNetwork: text('onrampMessages', 'noNetwork'),
  wrongAccount: text('onrampMessages', 'wrongAccount'),
  urlFailed: text('onrampMessages', 'urlFailed'),
  // Names.
  tooShort: text('nameMessages', 'tooShort'),
  tooLong: text('nameMessages', 'tooLong'),
  badCharacters: text('nameMessages', 'badCharacters'),
  notEmbedded: text('nameMessages', 'notEmbedded'),
  // Sign-in with wallet.
  siweNotConnected: text('siweMessages', 'notConnected'),
  verificationFailed: text('siweMessages', 'verificationFailed'),
  siweFailed: text('siweMessages', 'failed'),
  notEnabled: text('siweMessages', 'notEnabled'),
  // The embedded wallet.
  invalidEmail: text('email', 'invalidEmail'),
  frameTimeout: text('email', 'timeout'),
  codeSent: text('email', 'codeSent'),
  codeResent: text('email', 'codeResent'),
  emailUpdated: text('email', 'updated'),
  sameEmail: text('accountMessages', 'sameEmail'),
  invalidCode: text('accountMessages', 'invalidCode'),
  emailUpdateFailed: text('accountMessages', 'emailUpdateFailed'),
  smartAccountUnavailable: text('accountMessages', 'smartAccountUnavailable'),
  accountTypeFailed: text('accountMessages', 'accountTypeFailed'),
  popupBlocked: text('socialMessages', 'popupBlocked'),
  loginTimeout: text('socialMessages', 'timeout'),
  loginFailed: text('socialMessages', 'failed'),
  socialUnavailable: text('socialMessages', 'unavailable'),
  // Wallets and networks.
  connectionFailed: text('connectingExternal', 'failed'),
  pairingUnavailable: text('walletMessages', 'pairingUnavailable'),
  walletUnavailable: text('walletMessages', 'walletUnavailable'),
  walletListFailed: text('connect', 'listError'),
  switchNetworkFailed: text('accountMessages', 'switchNetworkFailed'),
  noSolanaAccount: text('walletMessages', 'noSolanaAccount'),
  pairFirst: text('walletMessages', 'pairFirst'),
  loginFirst: text('walletMessages', 'loginFirst'),
  addressCopied: text('account', 'addressCopied'),
  // History rows.
  historySwapped: text('transactionTitles', 'swapped'),
  historySwappedOnly: text('transactionTitles', 'swappedOnly'),
  historyMinted: text('transactionTitles', 'minted'),
  historyReceived: text('transactionTitles', 'received'),
  historySelfTransfer: text('transactionTitles', 'selfTransfer'),
  historySent: text('transactionTitles', 'sent'),
  historyTransaction: text('transactionTitles', 'transaction'),
  historyTo: text('transactionTitles', 'toParty'),
  historyFrom: text('transactionTitles', 'fromParty'),
  // Words of a wallet or an API: shown as they are (`reason`); these are the texts when none came.
  walletError: text('toasts', 'transactionError'),
  apiError: text('toasts', 'somethingWentWrong'),
};

/** The codes the table knows (every `MessageCode`). */
export const MESSAGE_CODES = Object.keys(TEXTS) as MessageCode[];

/** A payment method's words (`card`, `bank transfer`); an unknown method id reads with spaces. */
export function paymentMethodText(m: KitMessages, id: string): string {
  const known = (m.buy.methods as Readonly<Record<string, string>>)[id];
  return known ?? id.replace(/_/g, ' ');
}

/** A message in the active locale (`m` and `locale` of `useMessages()`/`useLocale()`); '' for none. */
export function messageText(m: KitMessages, message: KitMessage | null | undefined, locale: string): string {
  if (!message) return '';
  if (message.reason?.trim()) return message.reason;
  const write = TEXTS[message.code] as Text | undefined;
  // A code this build does not know (a newer part's, say) shows as itself rather than as nothing.
  // Trimmed: a value that is empty (an unnamed token) leaves no space at an end.
  return write ? write(m, message.values ?? {}, locale).trim() : message.code;
}
