/**
 * What the e2e globalSetup (e2e/global-setup.ts) provides to every e2e file: `inject('keywayStack')`.
 * The local stack runs once per e2e run on free ports with a temporary data directory.
 */
export interface KeywayStackInfo {
  /** The styled playground page (playground/index.html). */
  playgroundUrl: string;
  /** The hooks-only playground page (playground/headless.html). */
  headlessUrl: string;
  /** Reference Blockchain API + wallet explorer. */
  apiUrl: string;
  /** The secure frame (embedded wallet). */
  frameUrl: string;
  /** The frame service's dev mailbox page (OTP mails). */
  mailboxUrl: string;
  evmRpc: { 31337: string; 31338: string };
  solanaRpcUrl: string;
  /** The WalletConnect relay. */
  relayUrl: string;
  /** The playground's phone-wallet page. */
  phoneUrl: string;
  /** The port the Next.js example is served on (e2e/nextjs.e2e.ts starts it; the stack allows its origin). */
  nextjsPort: number;
}

declare module 'vitest' {
  export interface ProvidedContext {
    keywayStack: KeywayStackInfo;
  }
}

/** Anvil's first dev account: the playground's "Keyway Dev Wallet". */
export const DEV_ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

/**
 * The dev account's native balance on chain 31338, set by the globalSetup before any test runs (so the
 * two local chains show different balances): 4321.5 ETH.
 */
export const DEV_L2_BALANCE_WEI = 4_321_500_000_000_000_000_000n;
