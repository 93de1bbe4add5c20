/**
 * Story support for Solana states: a Solana network whose RPC msw answers (getBalance: 2.5 SOL), balances
 * for it from the Blockchain API handlers, and the Wallet Standard test wallet registered on `window` for
 * the story (unregistered by `solanaBeforeEach`).
 */
import { HttpResponse, http, type RequestHandler } from 'msw';
import { encodeBase58 } from '../../src/chains/solana/address';
import { solanaLocal } from '../../src/core/networks';
import { makeBalances, type WireBalance } from '../../src/testing/msw';
import { createSolanaTestWallet, type SolanaTestWallet } from '../../src/testing/solana-wallet';
import { STORY_NETWORKS, storyHandlers, whenStoryUnmounted } from '../_support/keyway';

export const STORY_SOLANA_RPC = 'https://rpc.keyway.test/solana';
export const STORY_SOLANA_NETWORK = {
  ...solanaLocal,
  rpcUrls: [STORY_SOLANA_RPC],
  blockExplorerUrl: 'https://explorer.solana.keyway.test',
};
export const STORY_SOLANA_NETWORKS = [...STORY_NETWORKS, STORY_SOLANA_NETWORK];
export const STORY_SOLANA_WALLET = 'Keyway Solana Test Wallet';
/** 2.5 SOL. */
export const STORY_LAMPORTS = 2_500_000_000;

/** A fixed 64-byte key (seed, then a public key): the stories only connect, they never sign. */
const SECRET = new Uint8Array(64);
SECRET.set(new TextEncoder().encode('keyway-story-solana-wallet-seed!'));
SECRET.set(
  Uint8Array.from({ length: 32 }, (_, i) => (i * 37 + 11) % 256),
  32,
);
export const STORY_SOLANA_ADDRESS = encodeBase58(SECRET.slice(32));

const registered: Array<() => void> = [];

/** Registers a fresh Solana test wallet on `window` for this story. */
export function registerStorySolanaWallet(): SolanaTestWallet {
  const wallet = createSolanaTestWallet({
    secretKey: SECRET,
    rpcUrl: STORY_SOLANA_RPC,
    name: STORY_SOLANA_WALLET,
  });
  registered.push(wallet.register(window));
  return wallet;
}

/** A meta `beforeEach` after `keywayBeforeEach`: unregisters the story's Solana wallets afterwards. */
export function solanaBeforeEach() {
  return () =>
    whenStoryUnmounted(() => {
      for (const off of registered.splice(0)) off();
    });
}

const solBalance = (chainId: string): WireBalance[] => [
  {
    name: 'Solana',
    symbol: 'SOL',
    chainId,
    value: 375,
    price: 150,
    quantity: { decimals: '9', numeric: '2.5' },
    iconUrl: 'https://explorer.keyway.test/public/getTokenImage/SOL',
  },
];

/** Story handlers plus the Solana RPC and SOL balances on the Solana network. */
export function solanaStoryHandlers(): RequestHandler[] {
  return [
    http.post(STORY_SOLANA_RPC, async ({ request }) => {
      const body = (await request.json()) as { id: number; method: string };
      if (body.method === 'getBalance') {
        return HttpResponse.json({
          jsonrpc: '2.0',
          id: body.id,
          result: { context: { slot: 1 }, value: STORY_LAMPORTS },
        });
      }
      return HttpResponse.json({
        jsonrpc: '2.0',
        id: body.id,
        error: { code: -32601, message: `${body.method} is not mocked` },
      });
    }),
    ...storyHandlers({
      blockchain: {
        balances: (chainId) => (chainId.startsWith('solana:') ? solBalance(chainId) : makeBalances(chainId)),
      },
    }),
  ];
}
