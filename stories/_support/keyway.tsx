/**
 * Story support: a real Keyway instance per story, wired to msw-backed services.
 * - explorer and Blockchain API at fixed https origins, answered by `src/testing/msw` handlers;
 * - a JSON-RPC endpoint per local chain, answered by a small msw handler (chain id, balance, block number);
 * - the test pairing provider (approve/decline/expire from a play function);
 * - the test wallet ("Keyway Dev Wallet") announced through EIP-6963 on `window`.
 *
 * Use `keywayBeforeEach` as the meta's `beforeEach` and `withKeyway` as a decorator; set per-story options
 * with `parameters.keyway`. A play function reaches the instance with `storyKit()`.
 */
import type { Decorator } from '@storybook/react-vite';
import { delay, HttpResponse, http, type RequestHandler } from 'msw';
import { type ReactNode, useLayoutEffect } from 'react';
import { type Hex, numberToHex, parseEther } from 'viem';
import type { CreateConnectorFn } from 'wagmi';
import type { KeywayNetwork } from '../../src/core/networks';
import type { KeywayOptions } from '../../src/core/options';
import { createMemoryStorage } from '../../src/core/storage';
import { getConnectStore } from '../../src/hooks/connect/instance';
import type { PairingProvider } from '../../src/hooks/connect/pairing';
import { KeywayProvider } from '../../src/hooks/KeywayProvider';
import { createKeyway, type Keyway, type KeywayInternals } from '../../src/instance/createKeyway';
import {
  type BlockchainApiHandlersOptions,
  createBlockchainApiHandlers,
  createExplorerHandlers,
  type ExplorerHandlersOptions,
} from '../../src/testing/msw';
import { createTestPairingProvider, type TestPairingProvider } from '../../src/testing/pairing';
import { createTestWallet, type TestWallet } from '../../src/testing/test-wallet';
import { attachModalRouter } from '../../src/views/modalRouter';
import { preloadViews } from '../../src/views/registry';

export const STORY_EXPLORER_URL = 'https://explorer.keyway.test';
export const STORY_API_URL = 'https://api.keyway.test';
/** Anvil dev account 0 (`test test … junk`): a well-known test key, never a real one. */
export const STORY_KEY: Hex = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
export const STORY_ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
export const STORY_ADDRESS_2 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

const rpcUrl = (chainId: number) => `https://rpc.keyway.test/${chainId}`;

const chainImage = (hue: number, label: string) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48"><circle cx="24" cy="24" r="24" fill="hsl(${hue} 60% 45%)"/><text x="24" y="31" font-family="sans-serif" font-size="20" font-weight="700" fill="#fff" text-anchor="middle">${label}</text></svg>`,
  )}`;

const storyNetwork = (chainId: number, name: string, hue: number): KeywayNetwork => ({
  id: `eip155:${chainId}`,
  chain: 'evm',
  chainId,
  name,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: [rpcUrl(chainId)],
  blockExplorerUrl: `https://explorer-${chainId}.keyway.test`,
  imageUrl: chainImage(hue, name.slice(0, 1)),
});

/** The networks of the story kit (the wallet also knows chain 31339, which the kit does not list). */
export const STORY_NETWORKS = [
  storyNetwork(31337, 'Keyway Local', 220),
  storyNetwork(31338, 'Keyway Local L2', 150),
];
export const UNSUPPORTED_CHAIN_ID = 31339;

/** Native balance the RPC reports for every address: 12.5 ETH. */
export const STORY_BALANCE_WEI = parseEther('12.5');

/** JSON-RPC for the story chains: enough for wagmi's connection and balance reads. */
export function rpcHandlers(opts: { holdBalance?: boolean } = {}): RequestHandler[] {
  return [
    http.post('https://rpc.keyway.test/:chainId', async ({ request, params }) => {
      const chainId = Number(params.chainId);
      const body = (await request.clone().json()) as
        | { id: number; method: string; params?: unknown[] }
        | { id: number; method: string; params?: unknown[] }[];
      const calls = Array.isArray(body) ? body : [body];
      // A balance read that never answers (loading states).
      if (opts.holdBalance && calls.some((c) => c.method === 'eth_getBalance')) await delay('infinite');
      const answer = ({ id, method }: { id: number; method: string }) => {
        const ok = (result: unknown) => ({ jsonrpc: '2.0', id, result });
        switch (method) {
          case 'eth_chainId':
            return ok(numberToHex(chainId));
          case 'net_version':
            return ok(String(chainId));
          case 'eth_getBalance':
            return ok(numberToHex(STORY_BALANCE_WEI));
          case 'eth_blockNumber':
            return ok('0x10');
          default:
            return { jsonrpc: '2.0', id, error: { code: -32601, message: `${method} is not mocked` } };
        }
      };
      return HttpResponse.json(Array.isArray(body) ? body.map(answer) : answer(body));
    }),
  ];
}

export interface StoryKitOptions {
  /** Host options merged over the defaults (projectId, networks, endpoints, memory storage). */
  options?: Partial<KeywayOptions>;
  explorer?: ExplorerHandlersOptions;
  blockchain?: BlockchainApiHandlersOptions;
  /** Announce the test wallet (default true). */
  announceWallet?: boolean;
  /** Prompts wait for `wallet.approveNext()` / `rejectNext()` (default: approved at once). */
  manualApproval?: boolean;
  /** The chain the wallet starts on (default 31337). */
  walletChainId?: number;
  /** Extra wagmi connectors (e.g. one whose disconnect fails). */
  connectors?: CreateConnectorFn[];
  /** Connect before the story renders: the test wallet (`true`) or a connector id. */
  connect?: boolean | string;
  /** Wraps the test pairing provider (e.g. a relay that is slow to hand out a new URI). */
  wrapPairing?: (pairing: TestPairingProvider) => PairingProvider;
  /** Runs after the instance exists, before rendering (seed a store, open the modal...). */
  setup?: (kit: StoryKit) => void | Promise<void>;
  /** Extra instance internals (e.g. the embedded wallet's frame options for the fake frame). */
  internals?: Partial<KeywayInternals>;
  /** Dependencies put in place of a flow store's own (a stubbed API call, a short debounce): `partDeps`. */
  partDeps?: KeywayInternals['partDeps'];
}

export interface StoryKit {
  keyway: Keyway;
  wallet: TestWallet;
  pairing: TestPairingProvider;
}

let current: StoryKit | null = null;

/** The instance of the running story (for play functions). */
export function storyKit(): StoryKit {
  if (!current) throw new Error('No story kit: add keywayBeforeEach to the meta');
  return current;
}

/** The handlers a story kit needs; add them with `parameters.msw.handlers`. */
export function storyHandlers(
  opts: Pick<StoryKitOptions, 'explorer' | 'blockchain'> & { rpc?: { holdBalance?: boolean } } = {},
): RequestHandler[] {
  return [
    ...createExplorerHandlers({ baseUrl: STORY_EXPLORER_URL, ...opts.explorer }),
    ...createBlockchainApiHandlers({ baseUrl: STORY_API_URL, ...opts.blockchain }),
    ...rpcHandlers(opts.rpc),
  ];
}

export async function createStoryKit(
  opts: StoryKitOptions = {},
): Promise<{ kit: StoryKit; cleanup: () => void }> {
  const wallet = createTestWallet({
    privateKey: STORY_KEY,
    rpcUrl: rpcUrl(opts.walletChainId ?? 31337),
    chainId: opts.walletChainId ?? 31337,
    chains: [31337, 31338, UNSUPPORTED_CHAIN_ID].map((id) => ({ id, rpcUrl: rpcUrl(id) })),
    autoApprove: !opts.manualApproval,
  });
  const stopAnnouncing = opts.announceWallet === false ? () => undefined : wallet.announce(window);
  const pairing = createTestPairingProvider();
  const internals: KeywayInternals = {
    pairingProvider: opts.wrapPairing ? opts.wrapPairing(pairing) : pairing,
    optionalConnectors: false,
  };
  if (opts.connectors) internals.connectors = opts.connectors;
  if (opts.internals) Object.assign(internals, opts.internals);
  if (opts.partDeps) internals.partDeps = { ...internals.partDeps, ...opts.partDeps };
  const keyway = createKeyway(
    {
      projectId: 'story-project',
      networks: STORY_NETWORKS,
      explorerUrl: STORY_EXPLORER_URL,
      apiUrl: STORY_API_URL,
      storage: createMemoryStorage(),
      ...opts.options,
    },
    internals,
  );
  // A styled host: the modal router follows the flows' outcomes from the start (as KeywayModal does once
  // mounted), so a setup that runs a flow before the story renders leaves the modal where the flow went.
  const detachRouter = attachModalRouter(keyway);
  const kit: StoryKit = { keyway, wallet, pairing };
  if (opts.connect) {
    const target = opts.connect === true ? wallet.info.rdns : opts.connect;
    const outcome = await getConnectStore(keyway).getState().connect(target);
    if (outcome !== 'connected') throw new Error(`Story setup: connecting ${target} gave ${outcome}`);
  }
  await opts.setup?.(kit);
  return {
    kit,
    cleanup: () => {
      stopAnnouncing();
      detachRouter();
      keyway.destroy();
    },
  };
}

/**
 * Story trees that use a kit (`withKeyway`) and are mounted now, and the story cleanups that wait for them.
 *
 * Storybook itself (a person going from one story to the next in the sidebar, the test-runner) runs a story's
 * cleanups, what its `beforeEach` returned, BEFORE it unmounts the story's tree; Vitest's portable stories
 * unmount first. A tree that is still mounted must not see its instance destroyed: the teardown wakes its hooks,
 * which then throw "This Keyway instance was destroyed" (or, once `storyKit()` is cleared, "Keyway hooks must be
 * used inside <KeywayProvider>"), an exception Storybook reports on the NEXT story and then reloads the page. So
 * a story's cleanups run once its tree is gone, in the order Storybook called them, under both.
 */
let mountedTrees = 0;
const afterUnmount: Array<() => void> = [];

/** Runs a story cleanup now when no kit tree is mounted, else as soon as the last one unmounts. */
export function whenStoryUnmounted(cleanup: () => void): void {
  if (mountedTrees === 0) cleanup();
  else afterUnmount.push(cleanup);
}

/** Counts the story's kit tree as mounted; its unmount runs the cleanups that waited for it. */
function MountedKitTree({ children }: { children: ReactNode }) {
  // A layout effect: its cleanup runs inside the unmount itself, before Storybook renders the next story.
  useLayoutEffect(() => {
    mountedTrees += 1;
    return () => {
      mountedTrees -= 1;
      if (mountedTrees === 0) for (const cleanup of afterUnmount.splice(0)) cleanup();
    };
  }, []);
  return children;
}

/** Meta `beforeEach`: builds the story's instance from `parameters.keyway` and tears it down afterwards. */
export async function keywayBeforeEach(context: { parameters: Record<string, unknown> }) {
  // The modal's view code is loaded before the story renders (as the modal's idle preload does on a page):
  // a play function then never waits on a view whose first load, on a cold Vite cache in CI, took seconds
  // and stalled inside React's act scope. The loading fallback itself is covered by src/views/KeywayModal.test.tsx.
  await preloadViews();
  const { kit, cleanup } = await createStoryKit((context.parameters.keyway ?? {}) as StoryKitOptions);
  current = kit;
  return () =>
    whenStoryUnmounted(() => {
      cleanup();
      if (current === kit) current = null;
    });
}

/** Decorator: provides the story's instance to the hooks. */
export const withKeyway: Decorator = (Story) => {
  if (!current) return <Story />;
  return (
    <MountedKitTree>
      <KeywayProvider keyway={current.keyway}>
        <Story />
      </KeywayProvider>
    </MountedKitTree>
  );
};
