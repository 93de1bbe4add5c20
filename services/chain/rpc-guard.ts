/**
 * The guard in front of an anvil node: anvil checks neither the `Host` header (DNS rebinding) nor the
 * `Origin` of a websocket, and its `--allow-origin` names one origin at most and only shapes the CORS
 * answer (the call itself still runs). So anvil listens on an internal port, and this proxy takes the
 * chain's public port: every request and websocket upgrade passes the stack's Host and Origin check
 * (services/host-guard.ts) before it reaches the node; a browser page of the stack gets CORS headers naming
 * its own origin. Requests from Node (no `Origin`) pass as before.
 */
import {
  Agent,
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  request,
  type ServerResponse,
} from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { answerPreflight, applyRequestGuard, guardUpgrade, type RequestGuardOptions } from '../host-guard.ts';

export interface RpcGuardOptions {
  /** The public port (on 127.0.0.1) the guard listens on; 0: one the OS picks (`RpcGuard.port`). */
  port: number;
  /** The node's internal port on 127.0.0.1. */
  targetPort: number;
  allowedOrigins: readonly string[];
}

export interface RpcGuard {
  /** The port it listens on. */
  port: number;
  stop(): Promise<void>;
}

/** A JSON-RPC error answer (a client library shows its message). */
export function refuseJsonRpc(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32000, message } }));
}

/** Headers the node must not see or must not answer with: the guard speaks for it. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection']);

function forwardedHeaders(headers: IncomingHttpHeaders, targetPort: number): IncomingHttpHeaders {
  const out: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (HOP_BY_HOP.has(name) || name === 'origin' || name === 'host') continue;
    out[name] = value;
  }
  out.host = `127.0.0.1:${targetPort}`;
  return out;
}

/** Binds the public port (rejects when it is taken) and forwards to the node once it listens. */
export async function startRpcGuard(opts: RpcGuardOptions): Promise<RpcGuard> {
  const guard: RequestGuardOptions = { allowedOrigins: opts.allowedOrigins };
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const upgraded = new Set<Duplex>();

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (!applyRequestGuard(req.headers, res, guard, refuseJsonRpc)) {
      req.resume();
      return;
    }
    // The preflight of a page of the stack; the node itself is not asked.
    if (answerPreflight(req, res)) return;
    const upstream = request(
      {
        host: '127.0.0.1',
        port: opts.targetPort,
        method: req.method,
        path: req.url,
        headers: forwardedHeaders(req.headers, opts.targetPort),
        agent,
      },
      (answer) => {
        const headers: IncomingHttpHeaders = {};
        for (const [name, value] of Object.entries(answer.headers)) {
          if (HOP_BY_HOP.has(name) || name.startsWith('access-control-')) continue;
          headers[name] = value;
        }
        res.writeHead(answer.statusCode ?? 502, headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      refuseJsonRpc(res, 502, 'The local chain did not answer');
    });
    req.pipe(upstream);
  });

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    if (!guardUpgrade(req.headers, socket, guard)) return;
    const node: Socket = connect({ host: '127.0.0.1', port: opts.targetPort });
    upgraded.add(socket);
    upgraded.add(node);
    const close = () => {
      socket.destroy();
      node.destroy();
      upgraded.delete(socket);
      upgraded.delete(node);
    };
    node.on('error', close);
    node.on('close', close);
    socket.on('close', close);
    node.once('connect', () => {
      const lines = [`${req.method ?? 'GET'} ${req.url ?? '/'} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) {
        const name = req.rawHeaders[i]!;
        if (name.toLowerCase() === 'host') lines.push(`Host: 127.0.0.1:${opts.targetPort}`);
        else lines.push(`${name}: ${req.rawHeaders[i + 1]!}`);
      }
      node.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length) node.write(head);
      node.pipe(socket);
      socket.pipe(node);
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });

  let stopping: Promise<void> | undefined;
  return {
    port: (server.address() as AddressInfo).port,
    stop: () => {
      stopping ??= new Promise<void>((resolve) => {
        for (const s of upgraded) s.destroy();
        upgraded.clear();
        server.close(() => resolve());
        server.closeAllConnections();
        agent.destroy();
      });
      return stopping;
    },
  };
}
