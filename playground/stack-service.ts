/**
 * The playground as a service of the local stack (services/stack.ts): builds it (cached by source hash,
 * playground/build.ts) and serves it on the playground port with its strict CSP, configured with the URLs
 * of the services started before it. The stack's status page moves to /status on the same port.
 */
import type { StackServiceDefinition } from '../services/stack.ts';
import { buildPlayground, touchBuild } from './build.ts';
import { startPlaygroundServer } from './server.ts';

export const playgroundService: StackServiceDefinition = {
  name: 'playground',
  description:
    'Demo host dapp: styled page at /, hooks-only page at /headless.html, phone wallet at /phone.html, this status at /status',
  async start(ctx) {
    const api = ctx.urls.api;
    const frame = ctx.urls.frame;
    const relay = ctx.urls.relay;
    if (!api || !frame || !relay) {
      throw new Error('the playground needs the api, frame and relay services started before it');
    }
    const started = Date.now();
    const built = await buildPlayground();
    ctx.log(
      `[playground] ${built.cached ? 'reusing the build' : 'built'} in ${Date.now() - started} ms (${built.dir})`,
    );
    const [l1, l2] = ctx.chains.evm;
    const server = await startPlaygroundServer({
      dir: built.dir,
      port: ctx.ports.playground,
      health: ctx.health,
      allowedOrigins: ctx.allowedOrigins,
      testMode: ctx.testMode,
      config: {
        apiUrl: api,
        explorerUrl: api,
        frameUrl: frame,
        evmRpc31337: l1!.rpcUrl,
        evmRpc31338: l2!.rpcUrl,
        solanaRpcUrl: ctx.chains.solana.rpcUrl,
        relayUrl: relay,
      },
    });
    // Marks the build as in use, so that a build of newer sources elsewhere does not prune it (build.ts).
    const keepAlive = setInterval(() => touchBuild(built.dir), 10 * 60_000);
    keepAlive.unref();
    return {
      url: server.url,
      healthUrl: `${server.url}/health`,
      stop: () => {
        clearInterval(keepAlive);
        return server.stop();
      },
    };
  },
};
