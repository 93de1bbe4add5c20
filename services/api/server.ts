/**
 * Reference API server of the local stack (Blockchain API + wallet explorer).
 * Work in progress: this first version only answers the health check so the orchestrator can import it.
 */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { ChainsHandle } from '../chain/types.ts';

export interface ApiServerOptions {
  port: number;
  chains: ChainsHandle;
  dataDir: string;
  testMode?: boolean;
  publicUrl?: string;
}

export interface ApiServer {
  url: string;
  stop(): Promise<void>;
}

export async function startApiServer(opts: ApiServerOptions): Promise<ApiServer> {
  const app = new Hono();
  app.get('/health', (c) => c.json({ ok: true }));
  const server = serve({ fetch: app.fetch, port: opts.port, hostname: '127.0.0.1' });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', () => resolve());
    server.once('error', reject);
  });
  const url = opts.publicUrl ?? `http://127.0.0.1:${opts.port}`;
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
      }),
  };
}
