/**
 * Runs one anvil (Foundry's local EVM node, from the npm package @foundry-rs/anvil) as a child process.
 *
 * - Mining: auto-mine (anvil's default: every transaction is mined into its own block as soon as it is
 *   received). That keeps tests and e2e deterministic: after `eth_sendTransaction` returns, the receipt is
 *   there; no test waits for a block timer.
 * - State: with `statePath`, anvil loads the file on start if it exists and dumps to it on exit (and every
 *   `STATE_INTERVAL_S` seconds, so a crash loses little). A file anvil cannot load is moved aside and the
 *   chain starts fresh (the caller then redeploys).
 * - Access: anvil itself listens on an internal port picked free on 127.0.0.1, with its own CORS off
 *   (`--no-cors`); the chain's port is held by the guard of rpc-guard.ts, which refuses a foreign `Host` (421)
 *   or a browser `Origin` outside `allowedOrigins` (403), websockets included, and forwards the rest. anvil's
 *   `--allow-origin` takes one origin and only shapes the CORS answer (the call still runs; a websocket
 *   ignores it), so it cannot express "the stack's pages only".
 * - Lifetime: `stop()` sends SIGTERM (anvil dumps its state and exits), then SIGKILL after a timeout.
 *   anvil runs in its own process group, so a Ctrl-C in the terminal reaches only the parent, which stops
 *   the chains in order. If the parent exits without calling `stop()`, an exit hook sends SIGTERM; if the
 *   parent is killed outright (SIGKILL), a tiny watchdog shell whose stdin is a pipe from the parent sees
 *   the pipe close and terminates anvil. No orphan survives its parent.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, renameSync } from 'node:fs';
import { createRequire } from 'node:module';
import { connect } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { freePort } from '../free-ports.ts';
import { type RpcGuard, startRpcGuard } from './rpc-guard.ts';

export interface AnvilOptions {
  /** The chain's public port; 0: one the OS picks when the guard binds it (the handle's `port`). */
  port: number;
  chainId: number;
  /** Load state from this file if it exists, dump to it on exit. Without it the chain is ephemeral. */
  statePath?: string;
  log?: (line: string) => void;
  /** How long `stop()` waits after SIGTERM before SIGKILL. */
  stopTimeoutMs?: number;
  /** How long to wait for JSON-RPC to answer after spawning. */
  readyTimeoutMs?: number;
  /**
   * Origins whose pages may call the chain from a browser (services/stack.ts: `stackOrigins`). Default none:
   * only callers without `Origin` (Node, curl).
   */
  allowedOrigins?: readonly string[];
}

export interface AnvilHandle {
  chainId: number;
  /** The chain's public (guarded) port. */
  port: number;
  /** The guarded URL; anvil's own internal port is not handed out. */
  rpcUrl: string;
  pid: number;
  /** True when the chain was restored from `statePath` (false: fresh chain). */
  loadedState: boolean;
  stop(): Promise<void>;
}

export const STATE_INTERVAL_S = 10;

const require = createRequire(import.meta.url);
const here = dirname(fileURLToPath(import.meta.url));

/**
 * The native anvil binary shipped in the platform package that `node_modules/.bin/anvil` (a Node wrapper)
 * would spawn. Running it directly means the process we signal is anvil itself, not a wrapper that could
 * die and leave anvil behind. Falls back to the wrapper on platforms without a known package.
 */
export function resolveAnvilBinary(): string {
  const os = process.platform === 'win32' ? 'win32' : process.platform;
  const arch = process.arch === 'x64' ? 'amd64' : process.arch;
  try {
    const pkgJson = require.resolve(`@foundry-rs/anvil-${os}-${arch}/package.json`);
    const bin = join(dirname(pkgJson), 'bin', os === 'win32' ? 'anvil.exe' : 'anvil');
    if (existsSync(bin)) return bin;
  } catch {
    // fall through to the wrapper
  }
  return join(here, '../../node_modules/.bin/anvil');
}

const rpcResponse = z.object({ result: z.string() });

/** Returns the chain id the node at `rpcUrl` reports, or null when it does not answer. */
export async function rpcChainId(rpcUrl: string, timeoutMs = 1000): Promise<number | null> {
  try {
    const res = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const parsed = rpcResponse.safeParse(await res.json());
    return parsed.success ? Number.parseInt(parsed.data.result, 16) : null;
  } catch {
    return null;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Watchdog: waits for EOF on stdin (the parent died or let go), then terminates the pid in $1. */
const WATCHDOG_SCRIPT = [
  'while read -r _; do :; done',
  'kill -TERM "$1" 2>/dev/null || exit 0',
  'i=0',
  'while kill -0 "$1" 2>/dev/null; do i=$((i+1)); if [ "$i" -ge 50 ]; then kill -KILL "$1"; exit 0; fi; sleep 0.1; done',
].join('\n');

class AnvilStartError extends Error {
  constructor(
    message: string,
    readonly exitedEarly: boolean,
    /** anvil could not bind its internal port (taken since it was picked): not the state file's fault. */
    readonly portTaken = false,
  ) {
    super(message);
  }
}

/** True when something accepts TCP connections on 127.0.0.1:port. */
function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** How often a start picks another internal port when one was taken between the pick and anvil's bind. */
const INTERNAL_PORT_ATTEMPTS = 3;

interface LaunchedAnvil {
  pid: number;
  /** Its internal port. */
  port: number;
  stop(): Promise<void>;
}

/** Spawns anvil on `internalPort` and resolves once it answers there with the expected chain id. */
async function launchAnvil(opts: AnvilOptions, internalPort: number): Promise<LaunchedAnvil> {
  const log = opts.log ?? (() => {});
  const args = ['--port', String(internalPort), '--chain-id', String(opts.chainId), '--host', '127.0.0.1'];
  // No CORS answer at all on the internal port: browsers reach the chain through the guard only.
  args.push('--silent', '--no-cors');
  if (opts.statePath) {
    // `--state` = load if present + dump on exit; the interval also dumps while running.
    args.push('--state', opts.statePath, '--state-interval', String(STATE_INTERVAL_S));
  }
  const bin = resolveAnvilBinary();
  const child: ChildProcess = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const tag = `[anvil ${opts.chainId}]`;
  let output = '';
  const onData = (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    output = (output + text).slice(-4000);
    for (const line of text.split('\n')) if (line.trim()) log(`${tag} ${line.trim()}`);
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);

  let exited = false;
  const exitPromise = new Promise<void>((resolve) => {
    child.once('exit', () => {
      exited = true;
      resolve();
    });
  });
  const spawnError = new Promise<Error>((resolve) => child.once('error', resolve));
  const pid = child.pid;
  if (pid === undefined)
    throw new AnvilStartError(`${tag} failed to spawn ${bin}: ${await spawnError}`, true);

  const watchdog = spawn('sh', ['-c', WATCHDOG_SCRIPT, 'anvil-watchdog', String(pid)], {
    stdio: ['pipe', 'ignore', 'ignore'],
    detached: true,
  });
  // Without `sh` (e.g. Windows) there is no watchdog; the exit hook and stop() still apply.
  watchdog.on('error', (error) => log(`${tag} no orphan watchdog: ${error.message}`));
  watchdog.unref();
  watchdog.stdin?.on('error', () => {});
  (watchdog.stdin as unknown as { unref?: () => void } | null)?.unref?.();
  child.unref();
  (child.stdout as unknown as { unref?: () => void } | null)?.unref?.();
  (child.stderr as unknown as { unref?: () => void } | null)?.unref?.();

  const onParentExit = () => {
    if (!exited) {
      try {
        process.kill(pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
  };
  process.once('exit', onParentExit);

  const dismissWatchdog = () => {
    process.removeListener('exit', onParentExit);
    try {
      if (watchdog.pid !== undefined) process.kill(watchdog.pid, 'SIGKILL');
    } catch {
      // already gone
    }
    watchdog.stdin?.destroy();
  };

  const internalUrl = `http://127.0.0.1:${internalPort}`;
  const deadline = Date.now() + (opts.readyTimeoutMs ?? 15_000);
  for (;;) {
    if (exited) {
      dismissWatchdog();
      const portTaken = /address already in use|os error 98|os error 48/i.test(output);
      throw new AnvilStartError(
        `${tag} exited during start-up: ${output.trim() || 'no output'}`,
        true,
        portTaken,
      );
    }
    const id = await rpcChainId(internalUrl, 500);
    if (id === opts.chainId) break;
    if (id !== null) {
      // Something else answers on this port (the bind of our anvil will fail and it will exit).
      await Promise.race([exitPromise, sleep(300)]);
      if (exited) continue;
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      dismissWatchdog();
      throw new AnvilStartError(`${tag} did not answer JSON-RPC on ${internalUrl} in time`, false);
    }
    await sleep(40);
  }

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      if (!exited) {
        child.kill('SIGTERM');
        const timedOut = await Promise.race([
          exitPromise.then(() => false),
          sleep(opts.stopTimeoutMs ?? 5000).then(() => true),
        ]);
        if (timedOut && !exited) {
          log(`${tag} did not exit after SIGTERM, sending SIGKILL`);
          child.kill('SIGKILL');
          await exitPromise;
        }
      }
      dismissWatchdog();
    })();
    return stopping;
  };
  return { pid, port: internalPort, stop };
}

/** `launchAnvil` on a port picked free; picks again when another process took it before anvil bound it. */
async function launchOnFreePort(opts: AnvilOptions): Promise<LaunchedAnvil> {
  for (let attempt = 1; ; attempt++) {
    try {
      // A port free now; anvil binds it right after.
      return await launchAnvil(opts, await freePort());
    } catch (error) {
      const retry = error instanceof AnvilStartError && error.portTaken && attempt < INTERNAL_PORT_ATTEMPTS;
      if (!retry) throw error;
    }
  }
}

async function spawnAnvil(opts: AnvilOptions, loadState: boolean): Promise<AnvilHandle> {
  const tag = `[anvil ${opts.chainId}]`;
  // Otherwise another node on the port (say, a leftover anvil with the same chain id) would answer the
  // readiness probe while our chain is not there.
  if (opts.port !== 0 && (await portInUse(opts.port))) {
    throw new AnvilStartError(`${tag} port ${opts.port} on 127.0.0.1 is already in use`, false);
  }
  const launched = await launchOnFreePort(opts);
  let guard: RpcGuard;
  try {
    guard = await startRpcGuard({
      port: opts.port,
      targetPort: launched.port,
      allowedOrigins: opts.allowedOrigins ?? [],
    });
  } catch (error) {
    await launched.stop();
    throw new AnvilStartError(`${tag} could not listen on 127.0.0.1:${opts.port}: ${String(error)}`, false);
  }

  let stopping: Promise<void> | undefined;
  const stop = () => {
    // The public port first (no new calls reach a stopping node), then the node.
    stopping ??= guard.stop().then(() => launched.stop());
    return stopping;
  };
  return {
    chainId: opts.chainId,
    port: guard.port,
    rpcUrl: `http://127.0.0.1:${guard.port}`,
    pid: launched.pid,
    loadedState: loadState,
    stop,
  };
}

/**
 * Starts anvil and resolves once it answers JSON-RPC with the expected chain id. If a state file exists but
 * anvil refuses it, the file is renamed to `<statePath>.unreadable-<time>` and a fresh chain is started.
 */
export async function startAnvil(opts: AnvilOptions): Promise<AnvilHandle> {
  const hasState = opts.statePath !== undefined && existsSync(opts.statePath);
  try {
    return await spawnAnvil(opts, hasState);
  } catch (error) {
    if (
      !(
        hasState &&
        error instanceof AnvilStartError &&
        error.exitedEarly &&
        !error.portTaken &&
        opts.statePath
      )
    )
      throw error;
    const aside = `${opts.statePath}.unreadable-${Date.now()}`;
    renameSync(opts.statePath, aside);
    opts.log?.(
      `[anvil ${opts.chainId}] could not load ${opts.statePath} (${error.message}); moved to ${aside}`,
    );
    try {
      return await spawnAnvil(opts, false);
    } catch (second) {
      // Not the state's fault after all (e.g. the port is taken): put the file back.
      renameSync(aside, opts.statePath);
      throw second;
    }
  }
}

/** Moves a state file aside (used when its chain turned out half-deployed) and returns the new path. */
export function setStateAside(statePath: string, reason: string): string | undefined {
  if (!existsSync(statePath)) return undefined;
  const aside = `${statePath}.${reason}-${Date.now()}`;
  renameSync(statePath, aside);
  return aside;
}
