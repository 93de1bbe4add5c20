/**
 * The WalletConnect relay as a service of the local stack (services/stack.ts): port 4400 by default, state in
 * memory. Browser pages of the stack (the playground and its phone-wallet page) may open it; Node clients
 * send no `Origin` and pass the guard on their token alone.
 */
import type { StackServiceDefinition } from '../stack.ts';
import { startRelayServer } from './server.ts';

export const relayService: StackServiceDefinition = {
  name: 'relay',
  description: 'WalletConnect relay (pairing by QR code)',
  async start(ctx) {
    const server = await startRelayServer({ port: ctx.ports.relay, allowedOrigins: ctx.allowedOrigins });
    const http = server.url.replace(/^ws:/, 'http:');
    return { url: server.url, healthUrl: `${http}/health`, stop: () => server.stop() };
  },
};
