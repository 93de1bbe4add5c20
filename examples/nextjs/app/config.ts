/**
 * Where the example finds its services: the local stack's URLs from the environment (`npm test` and `npm start`
 * set them), else the `npm start` defaults. Read on the server and handed to the client as plain data.
 */
export interface ExampleConfig {
  apiUrl: string;
  explorerUrl: string;
  frameUrl: string;
  rpcUrl: string;
  /** The WalletConnect relay pairing goes through (the local stack's own). */
  relayUrl: string;
  /** A test wallet on the page (the local stack's dev account), for trying the example without an extension. */
  devWallet: boolean;
}

export function exampleConfig(): ExampleConfig {
  const env = process.env;
  const apiUrl = env.KEYWAY_API_URL ?? 'http://127.0.0.1:4100';
  return {
    apiUrl,
    explorerUrl: env.KEYWAY_EXPLORER_URL ?? apiUrl,
    frameUrl: env.KEYWAY_FRAME_URL ?? 'http://127.0.0.1:4200',
    rpcUrl: env.KEYWAY_RPC_URL ?? 'http://127.0.0.1:8545',
    relayUrl: env.KEYWAY_RELAY_URL ?? 'ws://127.0.0.1:4400',
    devWallet: env.KEYWAY_DEV_WALLET === '1',
  };
}
