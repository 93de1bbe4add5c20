/**
 * A round-robin HTTP balancer for the stack's several-instances mode (`--instances N`): one public port in
 * front of N instances of a service that share one PostgreSQL database, as a host's load balancer would be
 * in production. Each request goes to the next instance in turn, whatever the one before it did, so that
 * a flow whose steps land on different instances (a code asked on one and verified on another) is the
 * normal case, not the exception.
 *
 * What it keeps and adds: the method, path and headers pass unchanged (the Host header too, so an instance's
 * Host allow-list judges the address the browser used); `X-Forwarded-For` gets the client's address appended
 * (instances started behind it trust the last hop, services/frame/server.ts `trustProxy`); the answer carries
 * `X-Keyway-Instance` (1-based) so a test or an operator can see which instance served a request. An
 * instance that refuses the connection is skipped for that request (the next one is tried: the request
 * reached nobody); any other failure, or no instance answering, gives the caller 502 with a JSON message.
 */
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { freePort } from './free-ports.ts';

export interface Balancer {
  url: string;
  /** How many requests each instance has answered (index = instance - 1). */
  served(): number[];
  stop(): Promise<void>;
}

export interface BalancerOptions {
  /** The instances' base URLs (`http://127.0.0.1:<port>`). */
  targets: readonly string[];
  /** 0: a port the OS picks. */
  port: number;
  hostname?: string;
}

/** Headers that belong to one hop and are not passed on (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
]);

function forwardHeaders(req: IncomingMessage): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
  }
  const client = req.socket.remoteAddress ?? 'unknown';
  const before = req.headers['x-forwarded-for'];
  headers['x-forwarded-for'] = before ? `${String(before)}, ${client}` : client;
  return headers;
}

export async function startBalancer(opts: BalancerOptions): Promise<Balancer> {
  if (opts.targets.length === 0) throw new Error('A balancer needs at least one instance');
  const targets = opts.targets.map((t) => new URL(t));
  const served = targets.map(() => 0);
  let next = 0;

  /**
   * Sends `body` to instance `index`: 'answered' (the answer is on its way to the caller), 'unreachable' (the
   * instance refused the connection: the request reached nobody) or 'failed' (it may have reached it).
   */
  const forward = (
    req: IncomingMessage,
    res: ServerResponse,
    body: Buffer,
    index: number,
  ): Promise<'answered' | 'unreachable' | 'failed'> =>
    new Promise((resolve) => {
      const target = targets[index]!;
      const upstream = httpRequest(
        {
          protocol: target.protocol,
          hostname: target.hostname,
          port: target.port,
          method: req.method,
          path: req.url,
          headers: { ...forwardHeaders(req), 'content-length': String(body.length) },
        },
        (answer) => {
          served[index]! += 1;
          const headers: Record<string, string | string[]> = {};
          for (const [name, value] of Object.entries(answer.headers)) {
            if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
          }
          headers['x-keyway-instance'] = String(index + 1);
          res.writeHead(answer.statusCode ?? 502, headers);
          answer.pipe(res);
          answer.on('end', () => resolve('answered'));
          answer.on('error', () => {
            res.destroy();
            resolve('answered');
          });
        },
      );
      // Only a failure to connect moves on to the next instance: a request that reached an instance may
      // have been applied there, and sending it again could apply it twice.
      upstream.on('error', (error: NodeJS.ErrnoException) => {
        if (res.headersSent) {
          res.destroy();
          resolve('answered');
        } else resolve(error.code === 'ECONNREFUSED' ? 'unreachable' : 'failed');
      });
      upstream.end(body);
    });

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('error', () => res.destroy());
    req.on('end', async () => {
      const body = Buffer.concat(chunks);
      const first = next;
      next = (next + 1) % targets.length;
      for (let i = 0; i < targets.length; i++) {
        const outcome = await forward(req, res, body, (first + i) % targets.length);
        if (outcome === 'answered') return;
        if (outcome === 'failed') break;
      }
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'No instance of this service answered' }));
    });
  });
  const hostname = opts.hostname ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, hostname, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${hostname}:${port}`,
    served: () => [...served],
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Polls `url` until it answers 2xx; throws with the last answer after `timeoutMs`. */
async function waitReady(name: string, url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  for (;;) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await res.body?.cancel();
      if (res.ok) return;
      last = `HTTP ${res.status}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    if (Date.now() > deadline) throw new Error(`${name} did not become ready at ${url} (${last})`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * `ctx.instances` instances of one service on ports the OS picks, each ready (`readyPath`) before the next
 * starts, behind a round-robin balancer on `port`; with one instance, that instance on `port` itself.
 * `start(port, publicUrl)` starts one instance; `publicUrl` is the address browsers use (the balancer's).
 */
export async function startInstances(
  ctx: { instances: number; databaseUrl?: string | undefined },
  name: string,
  port: number,
  readyPath: string,
  start: (port: number, publicUrl: string) => Promise<{ url: string; stop(): Promise<void> }>,
): Promise<{ url: string; healthUrl: string; stop(): Promise<void> }> {
  const publicUrl = `http://127.0.0.1:${port}`;
  if (ctx.instances <= 1) {
    const one = await start(port, publicUrl);
    return { url: one.url, healthUrl: `${one.url}${readyPath}`, stop: () => one.stop() };
  }
  if (!ctx.databaseUrl) {
    throw new Error(
      `${name}: ${ctx.instances} instances need a shared PostgreSQL database (DATABASE_URL); PGlite is one process's`,
    );
  }
  // An instance reports the public URL it was given; the balancer reaches it on its own port.
  const instances: { url: string; stop(): Promise<void> }[] = [];
  const stopAll = async () => {
    await Promise.allSettled(instances.map((i) => i.stop()));
  };
  try {
    for (let i = 0; i < ctx.instances; i++) {
      const own = await freePort();
      const instance = await start(own, publicUrl);
      instances.push({ url: `http://127.0.0.1:${own}`, stop: () => instance.stop() });
      await waitReady(`${name} instance ${i + 1}`, `http://127.0.0.1:${own}${readyPath}`, 20_000);
    }
    const balancer = await startBalancer({ targets: instances.map((i) => i.url), port });
    return {
      url: balancer.url,
      healthUrl: `${balancer.url}${readyPath}`,
      stop: async () => {
        await balancer.stop();
        await stopAll();
      },
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
