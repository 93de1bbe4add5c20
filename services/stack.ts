/**
 * The whole local stack in one call: the chains (two anvil EVM chains + the Solana runtime), then every
 * service in `STACK_SERVICES` in order (the reference API; the secure frame and the playground join this
 * list later), each started and then awaited until its health check answers. Until a service named
 * `playground` exists, a status page takes the playground port.
 *
 * `npm start` (scripts/start.mjs -> services/cli.ts) runs this with the data directory `.keyway-data/`.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { playgroundService } from '../playground/stack-service.ts';
import { startApiServer } from './api/server.ts';
import { startInstances } from './balancer.ts';
import { rpcChainId } from './chain/anvil.ts';
import { type LocalChains, startChains } from './chain/index.ts';
import type { ChainsHandle } from './chain/types.ts';
import { frameService } from './frame/stack-service.ts';
import { loopbackOrigins } from './host-guard.ts';
import { relayService } from './relay/stack-service.ts';
import { type HealthReport, startStatusPage } from './status-page.ts';

export interface StackPorts {
  evmL1: number;
  evmL2: number;
  /** Solana JSON-RPC; its websocket uses `solana + 1`. */
  solana: number;
  api: number;
  frame: number;
  playground: number;
  /** The WalletConnect relay (websocket). */
  relay: number;
}

export const DEFAULT_PORTS: StackPorts = {
  evmL1: 8545,
  evmL2: 8546,
  solana: 8899,
  api: 4100,
  frame: 4200,
  playground: 4300,
  relay: 4400,
};

/** Storybook's port (`npm run storybook`). */
export const STORYBOOK_PORT = 6006;
/** The playground in dev mode (`npx vite --config playground/vite.config.ts`, its `server.port`). */
export const PLAYGROUND_DEV_PORT = 5173;

/**
 * The stack's own origins: the pages that may call its chains and servers from a browser. The playground
 * (and the status page on its port), the frame, the API, Storybook and the playground's dev server, each
 * under 127.0.0.1 and localhost. A request with any other `Origin` is refused (services/host-guard.ts).
 */
export function stackOrigins(ports: Pick<StackPorts, 'api' | 'frame' | 'playground'>): string[] {
  const list = [ports.playground, ports.frame, ports.api, STORYBOOK_PORT, PLAYGROUND_DEV_PORT];
  return [...new Set(list.flatMap(loopbackOrigins))];
}

/** What a service gets when it starts. */
export interface StackContext {
  ports: StackPorts;
  /** `stackOrigins(ports)` and the host ports' origins: the browser origins a service of the stack answers. */
  allowedOrigins: readonly string[];
  /** Ports of other host pages that embed the stack's frame (`StartStackOptions.hostPorts`). */
  hostPorts?: readonly number[];
  /** The stack's data directory; each service keeps its files in its own subfolder (`<dataDir>/<name>`). */
  dataDir: string;
  testMode: boolean;
  /** How many wallets the API's explorer lists (unset: its default). */
  registrySize?: number;
  /** PostgreSQL for the services' data instead of PGlite in `dataDir` (`DATABASE_URL`). */
  databaseUrl?: string;
  /**
   * Instances of each service that keeps data (the API, the frame's auth backend), behind a round-robin
   * balancer on the service's port (services/balancer.ts). More than one needs `databaseUrl`.
   */
  instances: number;
  log: (line: string) => void;
  chains: ChainsHandle;
  /** URLs of everything started so far, by name (chains first, then services in list order). */
  urls: Readonly<Record<string, string>>;
  /** Health of every part of the stack, checked now (used by the status page). */
  health: () => Promise<HealthReport[]>;
}

/** How long stopping one part of the stack may take before the stop goes on without it. */
export const STOP_LIMIT_MS = 15_000;

async function withinLimit(work: Promise<void>, ms: number): Promise<'done' | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  try {
    return await Promise.race([work.then(() => 'done' as const), limit]);
  } finally {
    clearTimeout(timer);
  }
}

export interface RunningService {
  url: string;
  /** GET this; any 2xx answer means healthy. */
  healthUrl: string;
  stop(): Promise<void>;
}

/** The extension point: one entry per HTTP service of the stack. */
export interface StackServiceDefinition {
  name: string;
  description: string;
  start(ctx: StackContext): Promise<RunningService>;
}

export const apiService: StackServiceDefinition = {
  name: 'api',
  description: 'Reference Blockchain API + wallet explorer',
  start: (ctx) =>
    startInstances(ctx, 'api', ctx.ports.api, '/readyz', (port, publicUrl) =>
      startApiServer({
        port,
        publicUrl,
        chains: ctx.chains,
        dataDir: ctx.dataDir,
        databaseUrl: ctx.databaseUrl,
        testMode: ctx.testMode,
        log: ctx.log,
        ...(ctx.registrySize ? { registrySize: ctx.registrySize } : {}),
      }),
    ),
};

/** Served on the playground port while there is no playground service. */
export const statusPageService: StackServiceDefinition = {
  name: 'status',
  description: 'This status page (on the playground port until the playground exists)',
  async start(ctx) {
    const server = await startStatusPage({
      port: ctx.ports.playground,
      health: ctx.health,
      allowedOrigins: ctx.allowedOrigins,
    });
    return { url: server.url, healthUrl: `${server.url}/health`, stop: () => server.stop() };
  },
};

/** Services started after the chains, in order (the playground last: it is configured with the others' URLs). */
export const STACK_SERVICES: StackServiceDefinition[] = [
  apiService,
  frameService,
  relayService,
  playgroundService,
];

export interface StartStackOptions {
  ports?: Partial<StackPorts>;
  /** Persistent data directory. Default: a temporary directory removed on stop. */
  dataDir?: string;
  /** Passed to the services (the API enables its fault-injection routes). */
  testMode?: boolean;
  /** How many wallets the API's explorer lists (default its REGISTRY_SIZE; the scale benchmark asks for 5 000). */
  registrySize?: number;
  /** PostgreSQL for the services' data (names, the embedded wallet's auth state) instead of PGlite in `dataDir`. */
  databaseUrl?: string;
  /** Instances of the API and of the frame's auth backend behind a balancer each (default 1; >1 needs `databaseUrl`). */
  instances?: number;
  log?: (line: string) => void;
  /** Replace the service list (tests); default `STACK_SERVICES` (+ the status page if no playground). */
  services?: StackServiceDefinition[];
  /** How long to wait for each health check after starting a service. */
  healthTimeoutMs?: number;
  /** Ports of other host pages the stack answers too (the e2e run's Next.js example), besides its own. */
  hostPorts?: readonly number[];
}

export interface Stack {
  /** evmL1, evmL2, solana, solanaWs, then one entry per service (api, status, ...). */
  urls: Record<string, string>;
  chains: LocalChains;
  dataDir: string;
  health(): Promise<HealthReport[]>;
  stop(): Promise<void>;
}

const portSchema = z.number().int().min(1).max(65535);

async function checkHttp(url: string): Promise<{ healthy: boolean; detail: string }> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
    await res.body?.cancel();
    return { healthy: res.ok, detail: `HTTP ${res.status}` };
  } catch (error) {
    return {
      healthy: false,
      detail: error instanceof Error ? ((error.cause as Error)?.message ?? error.message) : 'error',
    };
  }
}

const solanaResult = z.object({ result: z.unknown() });

async function solanaCall(rpcUrl: string, method: string): Promise<unknown> {
  const res = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [] }),
    signal: AbortSignal.timeout(2000),
  });
  return solanaResult.parse(await res.json()).result;
}

async function checkSolana(rpcUrl: string): Promise<{ healthy: boolean; detail: string }> {
  try {
    const [health, slot] = await Promise.all([
      solanaCall(rpcUrl, 'getHealth'),
      solanaCall(rpcUrl, 'getSlot'),
    ]);
    return { healthy: health === 'ok', detail: `getHealth: ${String(health)}, slot ${String(slot)}` };
  } catch (error) {
    return { healthy: false, detail: error instanceof Error ? error.message : 'error' };
  }
}

async function waitHealthy(name: string, url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { healthy, detail } = await checkHttp(url);
    if (healthy) return;
    if (Date.now() > deadline) throw new Error(`${name} did not become healthy at ${url} (${detail})`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function startStack(opts: StartStackOptions = {}): Promise<Stack> {
  const log = opts.log ?? (() => {});
  const ports: StackPorts = { ...DEFAULT_PORTS, ...opts.ports };
  for (const [name, port] of Object.entries(ports)) {
    if (!portSchema.safeParse(port).success) throw new Error(`invalid port for ${name}: ${String(port)}`);
  }
  const temporary = opts.dataDir === undefined;
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'keyway-stack-'));
  mkdirSync(dataDir, { recursive: true });

  const definitions = [...(opts.services ?? STACK_SERVICES)];
  if (!definitions.some((d) => d.name === 'playground')) definitions.push(statusPageService);

  const allowedOrigins = [
    ...new Set([...stackOrigins(ports), ...(opts.hostPorts ?? []).flatMap(loopbackOrigins)]),
  ];
  let chains: LocalChains;
  try {
    chains = await startChains({
      evmPorts: [ports.evmL1, ports.evmL2],
      solanaPort: ports.solana,
      dataDir: join(dataDir, 'chains'),
      log,
      allowedOrigins,
    });
  } catch (error) {
    if (temporary) rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const [l1, l2] = chains.evm;
  const urls: Record<string, string> = {
    evmL1: l1!.rpcUrl,
    evmL2: l2!.rpcUrl,
    solana: chains.solana.rpcUrl,
    solanaWs: chains.solana.wsUrl,
  };
  const running: { def: StackServiceDefinition; service: RunningService }[] = [];

  const health = async (): Promise<HealthReport[]> => {
    const checks: Promise<HealthReport>[] = [
      ...chains.evm.map(async (c) => {
        const id = await rpcChainId(c.rpcUrl, 2000);
        return {
          name: `EVM chain ${c.chainId}`,
          description: `${c.name} (anvil)`,
          url: c.rpcUrl,
          healthy: id === c.chainId,
          detail: id === null ? 'no answer' : `eth_chainId ${id}`,
        };
      }),
      checkSolana(chains.solana.rpcUrl).then((r) => ({
        name: 'Solana',
        description: `litesvm JSON-RPC (websocket ${chains.solana.wsUrl})`,
        url: chains.solana.rpcUrl,
        ...r,
      })),
      ...running.map(async ({ def, service }) => ({
        name: def.name,
        description: def.description,
        url: service.url,
        ...(await checkHttp(service.healthUrl)),
      })),
    ];
    return Promise.all(checks);
  };

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      // Services first (they use the chains), newest first, then the chains.
      // Each part gets STOP_LIMIT_MS: one that hangs (a client that never closes its connection) is
      // reported and left to process exit, instead of blocking the stop of everything else.
      for (const { def, service } of [...running].reverse()) {
        log(`[stack] stopping ${def.name} ...`);
        try {
          const outcome = await withinLimit(service.stop(), STOP_LIMIT_MS);
          if (outcome === 'timeout') log(`[stack] ${def.name} did not stop within ${STOP_LIMIT_MS / 1000} s`);
        } catch (error) {
          log(`[stack] stopping ${def.name} failed: ${String(error)}`);
        }
      }
      log('[stack] stopping the chains ...');
      if ((await withinLimit(chains.stop(), STOP_LIMIT_MS)) === 'timeout') {
        log(`[stack] the chains did not stop within ${STOP_LIMIT_MS / 1000} s`);
      }
      if (temporary) rmSync(dataDir, { recursive: true, force: true });
    })();
    return stopping;
  };

  try {
    for (const def of definitions) {
      const ctx: StackContext = {
        ports,
        allowedOrigins,
        hostPorts: opts.hostPorts ?? [],
        dataDir,
        testMode: opts.testMode ?? false,
        ...(opts.registrySize ? { registrySize: opts.registrySize } : {}),
        ...(opts.databaseUrl ? { databaseUrl: opts.databaseUrl } : {}),
        instances: opts.instances ?? 1,
        log,
        chains,
        urls,
        health,
      };
      const service = await def.start(ctx);
      running.push({ def, service });
      urls[def.name] = service.url;
      await waitHealthy(def.name, service.healthUrl, opts.healthTimeoutMs ?? 20_000);
      log(`[stack] ${def.name} ready at ${service.url}`);
    }
  } catch (error) {
    await stop();
    throw error;
  }

  return { urls, chains, dataDir, health, stop };
}
