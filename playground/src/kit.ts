/**
 * The playground's Keyway instance, shared by both pages: the two local EVM chains of the stack, the
 * stack's API, explorer and secure frame, and the dev test wallet announced through EIP-6963 as
 * "Keyway Dev Wallet".
 */
import {
  createKeyway,
  decodeBase58,
  type Keyway,
  type KeywayNetwork,
  keywayLocal,
  keywayLocalL2,
  solanaLocal,
} from 'keyway';
import {
  createSolanaTestWallet,
  createTestWallet,
  type SolanaTestWallet,
  type TestWallet,
} from 'keyway/testing';
import { getContractAddress } from 'viem';
// Emitted as a file (never inlined as a data: URL): the frame loads it from this origin.
import appIconPath from './app-icon.svg?no-inline';
import type { PlaygroundConfig } from './config';
import { devPrivateKey, SOLANA_TEST_ADDRESS, SOLANA_TEST_SEED, SOLANA_WALLET_NAME } from './devAccounts';
import { announceSecondWallet, listOptionsFrom } from './listOptions';
import { playgroundSiwe, siweEnabled } from './siwe';

export {
  DEV_ACCOUNT_PARAM,
  DEV_PRIVATE_KEY,
  devPrivateKey,
  SOLANA_TEST_ADDRESS,
  SOLANA_WALLET_NAME,
} from './devAccounts';

export { SIGN_MESSAGE_TEXT } from './texts';

/** Where the local stack deploys its USDC (6 decimals): the CREATE address of the dev deployer's nonce 0. */
export const LOCAL_USDC = getContractAddress({
  from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  nonce: 0n,
});

/** Where the local stack deploys its swap router: the CREATE address of the dev deployer's nonce 3. */
export const LOCAL_SWAP_ROUTER = getContractAddress({
  from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  nonce: 3n,
});

// Solana: the stack's funded Solana test account as a Wallet Standard wallet.
function solanaTestSecretKey(): Uint8Array {
  const secret = new Uint8Array(64);
  secret.set(SOLANA_TEST_SEED);
  secret.set(decodeBase58(SOLANA_TEST_ADDRESS) ?? new Uint8Array(32), 32);
  return secret;
}

export interface PlaygroundKit {
  keyway: Keyway;
  wallet: TestWallet;
  /** The Solana test wallet (Wallet Standard), registered on the page. */
  solanaWallet: SolanaTestWallet;
  networks: KeywayNetwork[];
  /** Arms (or disarms) the rejection of the wallet's next prompt; `listen` follows the armed state. */
  rejection: {
    arm(): void;
    disarm(): void;
    readonly armed: boolean;
    listen(listener: (armed: boolean) => void): () => void;
  };
}

export function createPlaygroundKit(config: PlaygroundConfig): PlaygroundKit {
  // `?noHostRpc=1`: the EVM networks without the host's own RPC URL, so the kit reads them through the stack's
  // Blockchain API (`<apiUrl>/v1/?chainId=…&projectId=…`), as a host that gives no RPC URL (docs/networks.md).
  // The dev wallet keeps its own RPC URLs.
  const hostRpc = (url: string) => (noHostRpc(window.location.search) ? [] : [url]);
  const networks: KeywayNetwork[] = [
    { ...keywayLocal, rpcUrls: hostRpc(config.evmRpc31337) },
    { ...keywayLocalL2, rpcUrls: hostRpc(config.evmRpc31338) },
    { ...solanaLocal, rpcUrls: [config.solanaRpcUrl] },
  ];

  const wallet = createTestWallet({
    privateKey: devPrivateKey(),
    rpcUrl: config.evmRpc31337,
    chainId: 31337,
    chains: [
      { id: 31337, rpcUrl: config.evmRpc31337 },
      { id: 31338, rpcUrl: config.evmRpc31338 },
    ],
    name: 'Keyway Dev Wallet',
    // Prompts are decided below: approved, unless the visitor armed "Reject next wallet request".
    autoApprove: false,
    // With sign-in on (`?siwe=1`), the wallet remembers that this site was granted its account, as an
    // extension does: a reload reconnects without a prompt, and the kit finds the session kept.
    ...(siweEnabled(window.location.search) ? { grants: window.localStorage } : {}),
  });

  let armed = false;
  const listeners = new Set<(armed: boolean) => void>();
  const setArmed = (value: boolean) => {
    if (armed === value) return;
    armed = value;
    for (const l of [...listeners]) l(armed);
  };
  wallet.onPendingChange((pending) => {
    if (pending.length === 0) return;
    if (armed) {
      setArmed(false);
      wallet.rejectNext();
    } else {
      wallet.approveNext();
    }
  });
  // Announced before the wagmi config exists, and again whenever a page asks (EIP-6963).
  wallet.announce();
  announceSecondWallet(window.location.search, config);

  // Solana: registered through the Wallet Standard window events; the kit hears it on its first open.
  const solanaWallet = createSolanaTestWallet({
    secretKey: solanaTestSecretKey(),
    rpcUrl: config.solanaRpcUrl,
    name: SOLANA_WALLET_NAME,
    // Like a wallet that connected this site before: a reload reconnects without a prompt.
    trusted: true,
  });
  solanaWallet.register(window);

  const keyway = createKeyway({
    projectId: 'keyway-playground',
    networks,
    apiUrl: config.apiUrl,
    explorerUrl: config.explorerUrl,
    secureFrameUrl: config.frameUrl,
    // `?featured=…`, `?customWallet=1`, `?analytics=1` (./listOptions.ts).
    ...listOptionsFrom(window.location.search),
    // `?siwe=1`: sign in with Ethereum against the playground server's own backend (./siwe.ts).
    ...(siweEnabled(window.location.search) ? { isSiweEnabled: true, siwe: playgroundSiwe() } : {}),
    // The local stack's on-ramp checkout page is served by its Blockchain API.
    onrampProviderOrigins: [new URL(config.apiUrl).origin],
    // The local chains' swap router (services/chain/deploy.ts: the dev deployer's fourth contract). It takes
    // EIP-2612 permits, so swapping KUSD (the stack's permit token) needs one signature, no approval transaction.
    // `?noSwapRouter=31338` leaves that chain without one (the e2e test of a network where no swap can work).
    swapRouters: withoutRouterOn(window.location.search, {
      'eip155:31337': [{ address: LOCAL_SWAP_ROUTER, name: 'Keyway local router', permit: true }],
      'eip155:31338': [{ address: LOCAL_SWAP_ROUTER, name: 'Keyway local router', permit: true }],
    }),
    // Pairing by QR code through the stack's own WalletConnect relay (services/relay); the phone wallet of
    // /phone.html (or of the e2e tests) pairs through the same relay.
    // `?uriLifetimeMs=30000` shortens a pairing link's 4-minute life (the kit's testing option): the e2e
    // tests see a link expire and the next one pair without waiting four minutes.
    // `?relayUrl=ws://127.0.0.1:<port>` points it at another local relay (the e2e test that stops one).
    walletConnect: {
      relayUrl: localRelay(window.location.search) ?? config.relayUrl,
      ...uriLifetime(window.location.search),
    },
    metadata: {
      name: 'Keyway playground',
      description: 'Demo host dapp of the Keyway kit against the local stack',
      url: window.location.origin,
      // Served by the playground itself: the secure frame shows an app icon only from the embedding origin.
      icons: [new URL(appIconPath, window.location.origin).href],
    },
  });

  return {
    keyway,
    wallet,
    solanaWallet,
    networks,
    rejection: {
      arm: () => setArmed(true),
      disarm: () => setArmed(false),
      get armed() {
        return armed;
      },
      listen(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
  };
}

/** Whether the page's URL asks for EVM networks without the host's own RPC URL (`?noHostRpc=1`). */
function noHostRpc(search: string): boolean {
  return new URLSearchParams(search).get('noHostRpc') === '1';
}

/** The `relayUrl` query parameter when it names a relay on this machine (nothing else is taken from the URL). */
function localRelay(search: string): string | undefined {
  const raw = new URLSearchParams(search).get('relayUrl');
  return raw && /^ws:\/\/127\.0\.0\.1:\d{2,5}\/?$/.test(raw) ? raw : undefined;
}

/** The routers, with an empty list for the local chain `?noSwapRouter=<chain id>` names (31337 or 31338). */
function withoutRouterOn<T>(search: string, routers: Record<string, T[]>): Record<string, T[]> {
  const raw = new URLSearchParams(search).get('noSwapRouter');
  return raw === '31337' || raw === '31338' ? { ...routers, [`eip155:${raw}`]: [] } : routers;
}

/** The `uriLifetimeMs` query parameter as the kit's option, when it is a number (the kit checks its range). */
function uriLifetime(search: string): { uriLifetimeMs?: number } {
  const raw = new URLSearchParams(search).get('uriLifetimeMs');
  return raw && /^\d+$/.test(raw) ? { uriLifetimeMs: Number(raw) } : {};
}
