/**
 * Starts the local chains of the stack: two anvil EVM chains with the test contracts deployed, and the
 * litesvm-backed Solana runtime. See docs/local-stack.md.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { SOLANA_CAIP2 } from '../solana/runtime.ts';
import { type SolanaServer, startSolana } from '../solana/server.ts';
import { type AnvilHandle, setStateAside, startAnvil } from './anvil.ts';
import {
  DEPLOYER_PRIVATE_KEY,
  type Deployment,
  deployFresh,
  EXPECTED_ADDRESSES,
  inspectDeployment,
} from './deploy.ts';
import type { ChainsHandle, EvmChainInfo } from './types.ts';

export * from './types.ts';

/** The two local EVM chains (id, display name) and their default ports. */
export const EVM_CHAINS = [
  { chainId: 31337, name: 'Keyway Local', defaultPort: 8545 },
  { chainId: 31338, name: 'Keyway Local L2', defaultPort: 8546 },
] as const;
export const DEFAULT_SOLANA_PORT = 8899;

export interface StartChainsOptions {
  /** HTTP ports of chain 31337 and 31338 (default 8545, 8546; 0: a free port, read back from `rpcUrl`). */
  evmPorts?: [number, number];
  /** Solana JSON-RPC port (default 8899; 0: a free pair); its websocket listens on the next port. */
  solanaPort?: number;
  /** Where chain state persists between starts. Without it every start is a fresh chain. */
  dataDir?: string;
  log?: (line: string) => void;
  /**
   * Origins whose pages may call the chains from a browser (services/stack.ts: `stackOrigins`); any other
   * `Origin` gets 403 and a foreign `Host` 421 (services/host-guard.ts). Default none: Node callers only.
   */
  allowedOrigins?: readonly string[];
}

/** The handle of `startChains`: the agreed `ChainsHandle` plus process ids (for leak checks). */
export interface LocalChains extends ChainsHandle {
  anvilPids: number[];
}

const manifestSchema = z.object({
  chainId: z.number(),
  deployedAtBlock: z.string().regex(/^\d+$/),
  contracts: z.record(z.string(), z.string()),
});

function manifestPath(dataDir: string | undefined, chainId: number): string | undefined {
  return dataDir ? join(dataDir, `deployment-${chainId}.json`) : undefined;
}

function readDeployedAtBlock(dataDir: string | undefined, chainId: number): bigint {
  const path = manifestPath(dataDir, chainId);
  if (!path || !existsSync(path)) return 0n;
  try {
    const manifest = manifestSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
    return manifest.chainId === chainId ? BigInt(manifest.deployedAtBlock) : 0n;
  } catch {
    return 0n;
  }
}

function writeManifest(dataDir: string | undefined, chainId: number, deployment: Deployment): void {
  const path = manifestPath(dataDir, chainId);
  if (!path) return;
  const { deployedAtBlock, ...contracts } = deployment;
  writeFileSync(
    path,
    `${JSON.stringify({ chainId, deployedAtBlock: deployedAtBlock.toString(), contracts }, null, 2)}\n`,
  );
}

async function startEvmChain(
  chain: { chainId: number; name: string },
  port: number,
  dataDir: string | undefined,
  log: (line: string) => void,
  allowedOrigins: readonly string[],
): Promise<{ info: EvmChainInfo; anvil: AnvilHandle }> {
  const statePath = dataDir ? join(dataDir, `anvil-${chain.chainId}.json`) : undefined;
  let anvil = await startAnvil({ port, chainId: chain.chainId, statePath, log, allowedOrigins });
  try {
    let status = await inspectDeployment(anvil.rpcUrl);
    if (status === 'unusable' && statePath) {
      // E.g. a state saved in the middle of a deployment: start over from an empty chain.
      await anvil.stop();
      const aside = setStateAside(statePath, 'unusable');
      log(`[anvil ${chain.chainId}] saved state has no usable deployment; moved to ${aside}, starting fresh`);
      anvil = await startAnvil({ port, chainId: chain.chainId, statePath, log, allowedOrigins });
      status = await inspectDeployment(anvil.rpcUrl);
    }
    let deployedAtBlock: bigint;
    if (status === 'complete') {
      deployedAtBlock = readDeployedAtBlock(dataDir, chain.chainId);
      log(`[anvil ${chain.chainId}] restored state with the test contracts deployed`);
    } else {
      const deployment = await deployFresh(anvil.rpcUrl, log);
      writeManifest(dataDir, chain.chainId, deployment);
      deployedAtBlock = deployment.deployedAtBlock;
    }
    return {
      anvil,
      info: {
        chainId: chain.chainId,
        name: chain.name,
        rpcUrl: anvil.rpcUrl,
        contracts: {
          usdc: EXPECTED_ADDRESSES.usdc,
          dai: EXPECTED_ADDRESSES.dai,
          weth: EXPECTED_ADDRESSES.weth,
          router: EXPECTED_ADDRESSES.router,
          spamNft: EXPECTED_ADDRESSES.spamNft,
          kusd: EXPECTED_ADDRESSES.kusd,
        },
        deployedAtBlock,
      },
    };
  } catch (error) {
    await anvil.stop();
    throw error;
  }
}

export async function startChains(opts: StartChainsOptions = {}): Promise<LocalChains> {
  const log = opts.log ?? (() => {});
  const evmPorts = opts.evmPorts ?? [EVM_CHAINS[0].defaultPort, EVM_CHAINS[1].defaultPort];
  const allowedOrigins = opts.allowedOrigins ?? [];
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });

  const results = await Promise.allSettled([
    ...EVM_CHAINS.map((chain, i) => startEvmChain(chain, evmPorts[i]!, opts.dataDir, log, allowedOrigins)),
    startSolana({ port: opts.solanaPort ?? DEFAULT_SOLANA_PORT, dataDir: opts.dataDir, log, allowedOrigins }),
  ]);
  const evm = results.slice(0, EVM_CHAINS.length) as PromiseSettledResult<{
    info: EvmChainInfo;
    anvil: AnvilHandle;
  }>[];
  const solana = results[EVM_CHAINS.length] as PromiseSettledResult<SolanaServer>;
  const failure = results.find((r) => r.status === 'rejected');
  if (failure) {
    await Promise.all([
      ...evm.map((r) => (r.status === 'fulfilled' ? r.value.anvil.stop() : undefined)),
      solana.status === 'fulfilled' ? solana.value.stop() : undefined,
    ]);
    throw (failure as PromiseRejectedResult).reason;
  }
  const chains = evm.map(
    (r) => (r as PromiseFulfilledResult<{ info: EvmChainInfo; anvil: AnvilHandle }>).value,
  );
  const sol = (solana as PromiseFulfilledResult<SolanaServer>).value;

  let stopping: Promise<void> | undefined;
  return {
    evm: chains.map((c) => c.info),
    solana: { rpcUrl: sol.rpcUrl, wsUrl: sol.wsUrl, caip2: SOLANA_CAIP2 },
    deployerPrivateKey: DEPLOYER_PRIVATE_KEY,
    anvilPids: chains.map((c) => c.anvil.pid),
    stop: () => {
      stopping ??= Promise.all([...chains.map((c) => c.anvil.stop()), sol.stop()]).then(() => undefined);
      return stopping;
    },
  };
}
