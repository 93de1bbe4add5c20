/**
 * The secure frame as a service of the local stack (services/stack.ts): port 4200 by default, state in
 * `<dataDir>/frame` (or in the stack's PostgreSQL database, `DATABASE_URL`), the local EVM chains (with
 * their swap router, named 'Keyway Local Router' on the approval screen) and the local Solana network, and
 * an allow-list of the origins
 * that may embed it: the playground (and the host pages the stack was started for, `hostPorts`) on 127.0.0.1
 * and localhost, plus any origins in the comma-separated
 * environment variable `KEYWAY_FRAME_ALLOWED_ORIGINS`. Storybook is not on the default list: its stories
 * use the fake frame of `keyway/testing`, and a development server's origin has no place among the
 * embedders of a wallet that holds keys (add it through the variable to try the real frame in a story).
 */
import { startInstances } from '../balancer.ts';
import type { StackContext, StackServiceDefinition } from '../stack.ts';
import { startFrameServer } from './server.ts';

export function frameAllowedOrigins(
  ctx: Pick<StackContext, 'ports' | 'hostPorts'>,
  env: string | undefined = process.env.KEYWAY_FRAME_ALLOWED_ORIGINS,
): string[] {
  const local = [ctx.ports.playground, ...(ctx.hostPorts ?? [])].flatMap((port) => [
    `http://127.0.0.1:${port}`,
    `http://localhost:${port}`,
  ]);
  const extra = (env ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return [...new Set([...local, ...extra])];
}

/** The network reference of a `solana:<reference>` CAIP-2 id (the frame protocol's Solana chain id). */
export function solanaReference(caip2: string): string {
  if (!caip2.startsWith('solana:')) throw new Error(`"${caip2}" is not a Solana CAIP-2 id`);
  return caip2.slice('solana:'.length);
}

export const frameService: StackServiceDefinition = {
  name: 'frame',
  description: 'Secure frame (embedded wallet) + auth backend, dev mailbox at /mailbox',
  start: (ctx) =>
    startInstances(ctx, 'frame', ctx.ports.frame, '/readyz', async (port, publicUrl) => {
      const server = await startFrameServer({
        port,
        publicUrl,
        // Several instances sit behind the stack's balancer, which alone can reach them and appends the
        // client's address to X-Forwarded-For; one instance is reached directly.
        trustProxy: ctx.instances > 1,
        dataDir: ctx.dataDir,
        databaseUrl: ctx.databaseUrl,
        allowedOrigins: frameAllowedOrigins(ctx),
        chains: ctx.chains.evm.map((c) => ({ chainId: c.chainId, rpcUrl: c.rpcUrl })),
        solanaChains: [
          { reference: solanaReference(ctx.chains.solana.caip2), rpcUrl: ctx.chains.solana.rpcUrl },
        ],
        routers: ctx.chains.evm.map((c) => ({
          chainId: c.chainId,
          address: c.contracts.router,
          name: 'Keyway Local Router',
        })),
        testMode: ctx.testMode,
        log: ctx.log,
      });
      ctx.log(`[frame] dev mailbox: ${publicUrl}/mailbox`);
      return server;
    }),
};
