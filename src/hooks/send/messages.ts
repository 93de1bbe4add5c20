/**
 * The send flow's texts, apart from its validation code: the styled layer's presenter (views/modalRouter.ts)
 * shows `sent` as a toast without loading the send form's code.
 */
/** Texts of the send form. The spec has no wording for these; they are the kit's own (see docs). */
export const SEND_MESSAGES = {
  selectToken: 'Select a token',
  enterAmount: 'Enter an amount',
  enterReceiver: 'Enter a receiver address or name',
  resolving: 'Resolving name…',
  gasLoading: 'Getting the network fee…',
  preview: 'Preview send',
  notNumeric: 'Enter the amount as a number, like 0.5',
  notPositive: 'Enter an amount greater than 0',
  tooManyDecimals: (symbol: string, decimals: number) =>
    decimals === 0 ? `${symbol} has no decimals` : `${symbol} has at most ${decimals} decimals`,
  aboveBalance: (symbol: string) => `Amount exceeds your ${symbol} balance`,
  noRoomForFee: (symbol: string) => `Not enough ${symbol} left to pay the network fee`,
  invalidAddress: 'Enter a valid address or name',
  invalidSolanaAddress: 'Enter a valid Solana address',
  checksum: 'This address has a checksum error: check it for typos',
  nameNotFound: (name: string) => `No address found for ${name}`,
  gasUnavailable: 'The network fee is not available right now. Try again later.',
  decimalsUnknown: 'This token’s decimals are unknown',
  solanaNativeOnly: 'Only SOL can be sent on Solana',
  invalidTokenAddress: 'This token has no valid contract address, so it cannot be sent',
  sent: (amount: string, symbol: string) => `Sent ${amount} ${symbol}`,
} as const;
