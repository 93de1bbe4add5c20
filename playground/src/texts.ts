/** The text the "Sign message" control asks the wallet to sign (the e2e tests verify the signature of it). */
export const SIGN_MESSAGE_TEXT = 'Keyway playground: I own this address.';
