/**
 * The e2e project's one globalSetup: the whole local stack (services/stack.ts: two anvil chains, the Solana
 * runtime, the reference API + explorer, the secure frame, and the built playground served with its strict
 * CSP) on free ports the OS picks (services/free-ports.ts) with a temporary data directory; provides
 * `keywayStack` (e2e/support/stack.ts) to the test files; stops everything (and removes the data directory)
 * afterwards.
 *
 * `KEYWAY_E2E_DATABASE_URL` (a PostgreSQL database the run may use) with `KEYWAY_E2E_INSTANCES` (e.g. 2) runs the
 * same tests against the several-instances mode: the API and the frame's auth backend each as that many
 * instances behind the stack's round-robin balancer, on that one database (docs/self-hosting.md).
 *
 * Chain state set here, before any test runs: the dev account holds exactly 4321.5 ETH on chain 31338
 * (DEV_L2_BALANCE_WEI), so switching chains visibly changes the balance.
 */
import { numberToHex } from 'viem';
import type { TestProject } from 'vitest/node';
import { freePort, freePorts, STACK_PORT_WIDTHS } from '../services/free-ports.ts';
import { type Stack, startStack } from '../services/stack.ts';
import { jsonRpc } from './support/rpc.ts';
import { DEV_ADDRESS, DEV_L2_BALANCE_WEI, type KeywayStackInfo } from './support/stack.ts';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started = Date.now();
  let stack: Stack | undefined;
  let lastError: unknown;
  // The Next.js example (e2e/nextjs.e2e.ts) is served on its own port: the stack answers that origin too.
  const nextjsPort = await freePort();
  for (let attempt = 0; attempt < 3 && !stack; attempt++) {
    const ports = await freePorts(STACK_PORT_WIDTHS);
    try {
      stack = await startStack({
        ports,
        hostPorts: [nextjsPort],
        testMode: true,
        ...(process.env.KEYWAY_E2E_DATABASE_URL
          ? {
              databaseUrl: process.env.KEYWAY_E2E_DATABASE_URL,
              instances: Number(process.env.KEYWAY_E2E_INSTANCES ?? 1),
            }
          : {}),
        log: (line) => {
          if (process.env.KW_VERBOSE === '1' || /could not|unusable|failed/.test(line)) console.log(line);
        },
      });
    } catch (error) {
      // Most likely a port taken between the pick and the bind by a concurrent run: try other ports.
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
    await jsonRpc(need('evmL2'), 'anvil_setBalance', [DEV_ADDRESS, numberToHex(DEV_L2_BALANCE_WEI)]);
    const playground = need('playground');
    const info: KeywayStackInfo = {
      playgroundUrl: `${playground}/`,
      headlessUrl: `${playground}/headless.html`,
      apiUrl: need('api'),
      frameUrl: need('frame'),
      mailboxUrl: `${need('frame')}/mailbox`,
      evmRpc: { 31337: need('evmL1'), 31338: need('evmL2') },
      solanaRpcUrl: need('solana'),
      relayUrl: need('relay'),
      phoneUrl: `${playground}/phone.html`,
      nextjsPort,
    };
    project.provide('keywayStack', info);
    if (process.env.KEYWAY_E2E_DATABASE_URL) {
      console.log(`[e2e] services on PostgreSQL, ${process.env.KEYWAY_E2E_INSTANCES ?? 1} instance(s) each`);
    }
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
