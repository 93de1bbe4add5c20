/**
 * The e2e project's one globalSetup: the whole local stack (services/stack.ts: two anvil chains, the Solana
 * runtime, the reference API + explorer, the secure frame, and the built playground served with its strict
 * CSP) on free ports in 33000-33999 with a temporary data directory; provides `keywayStack`
 * (e2e/support/stack.ts) to the test files; stops everything (and removes the data directory) afterwards.
 *
 * Chain state set here, before any test runs: the dev account holds exactly 4321.5 ETH on chain 31338
 * (DEV_L2_BALANCE_WEI), so switching chains visibly changes the balance.
 */
import { createServer } from 'node:net';
import { numberToHex } from 'viem';
import type { TestProject } from 'vitest/node';
import { type Stack, type StackPorts, startStack } from '../services/stack.ts';
import { DEV_ADDRESS, DEV_L2_BALANCE_WEI, type KeywayStackInfo } from './support/stack.ts';

const PORT_MIN = 33000;
const PORT_MAX = 33999;
/** Ports per stack: evmL1, evmL2, solana (+1 websocket), api, frame, playground. */
const BLOCK = 8;

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A block of free ports, starting at a random block so that concurrent runs rarely collide. */
async function freePortBlock(skip: Set<number>): Promise<StackPorts> {
  const blocks = Math.floor((PORT_MAX - PORT_MIN + 1) / BLOCK);
  const first = Math.floor(Math.random() * blocks);
  for (let i = 0; i < blocks; i++) {
    const base = PORT_MIN + ((first + i) % blocks) * BLOCK;
    if (skip.has(base)) continue;
    const ports = Array.from({ length: 7 }, (_, k) => base + k);
    if ((await Promise.all(ports.map(portFree))).every(Boolean)) {
      return {
        evmL1: base,
        evmL2: base + 1,
        solana: base + 2,
        api: base + 4,
        frame: base + 5,
        playground: base + 6,
      };
    }
  }
  throw new Error(`no free block of ${BLOCK} ports in ${PORT_MIN}-${PORT_MAX}`);
}

async function rpc(url: string, method: string, params: unknown[]): Promise<unknown> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: unknown; error?: { message?: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message ?? 'RPC error'}`);
  return body.result;
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started = Date.now();
  const tried = new Set<number>();
  let stack: Stack | undefined;
  let lastError: unknown;
  for (let attempt = 0; attempt < 3 && !stack; attempt++) {
    const ports = await freePortBlock(tried);
    tried.add(ports.evmL1);
    try {
      stack = await startStack({
        ports,
        testMode: true,
        log: (line) => {
          if (process.env.KW_VERBOSE === '1' || /could not|unusable|failed/.test(line)) console.log(line);
        },
      });
    } catch (error) {
      // Most likely a port taken between the check and the bind by a concurrent run: try another block.
      lastError = error;
    }
  }
  if (!stack) throw lastError;
  const running = stack;
  try {
    const urls = running.urls;
    const need = (name: string) => {
      const url = urls[name];
      if (!url) throw new Error(`the stack has no ${name} service`);
      return url;
    };
    await rpc(need('evmL2'), 'anvil_setBalance', [DEV_ADDRESS, numberToHex(DEV_L2_BALANCE_WEI)]);
    const playground = need('playground');
    const info: KeywayStackInfo = {
      playgroundUrl: `${playground}/`,
      headlessUrl: `${playground}/headless.html`,
      apiUrl: need('api'),
      frameUrl: need('frame'),
      mailboxUrl: `${need('frame')}/mailbox`,
      evmRpc: { 31337: need('evmL1'), 31338: need('evmL2') },
      solanaRpcUrl: need('solana'),
    };
    project.provide('keywayStack', info);
    console.log(`[e2e] local stack ready in ${((Date.now() - started) / 1000).toFixed(1)} s: ${playground}`);
  } catch (error) {
    await running.stop();
    throw error;
  }
  return async () => {
    const pids = running.chains.anvilPids;
    await running.stop();
    // No chain may outlive the run: a survivor is killed and fails the run.
    const alive = pids.filter((pid) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    });
    for (const pid of alive) process.kill(pid, 'SIGKILL');
    if (alive.length) throw new Error(`anvil process(es) ${alive.join(', ')} outlived the e2e stack`);
  };
}
