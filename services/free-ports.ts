/**
 * Free loopback ports picked at run time, so that runs side by side (two clones testing at once, `npm start`
 * beside `npm test`) never ask for the same port:
 *
 * - `freePorts` / `freePort`: ports the OS picks, for tests that must know a port before its server binds it
 *   (an origin to allow, a whole stack's ports). Linux picks them from its ephemeral range, with the other
 *   parity than the ports it gives outgoing connections, so another test's client socket does not take one
 *   meanwhile. A server that binds port 0 itself and reports its port (anvil, the Solana RPC, the API, the
 *   relay) takes port 0 instead: then nothing can come between the pick and the bind.
 * - `freeStackPorts`: a block of free ports in a range, for the benches (bench/open-time.ts: 36000-36999,
 *   bench/scale.ts: 37000-37999).
 */
import { type AddressInfo, createServer, type Server } from 'node:net';
import type { StackPorts } from './stack.ts';

/** Ports per stack: evmL1, evmL2, solana (+1 websocket), api, frame, playground, relay. */
export const STACK_PORT_BLOCK = 8;

/** A whole stack's ports for `freePorts`: the Solana RPC serves its websocket on the port after its own. */
export const STACK_PORT_WIDTHS = {
  evmL1: 1,
  evmL2: 1,
  solana: 2,
  api: 1,
  frame: 1,
  playground: 1,
  relay: 1,
} as const satisfies Record<keyof StackPorts, 1 | 2>;

/** How often `freePorts` looks for a port whose next port is free too before it gives up. */
const PAIR_ATTEMPTS = 20;

export function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** Listens on 127.0.0.1:`port` (0: a port the OS picks); undefined when that port is taken. */
function hold(port: number): Promise<Server | undefined> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) =>
      port !== 0 && error.code === 'EADDRINUSE' ? resolve(undefined) : reject(error),
    );
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

/**
 * Free loopback ports, one per name: width 1 is one port, width 2 a port whose next port is free as well
 * (the Solana RPC's websocket). Every port stays held until all are picked, so none is handed out twice,
 * and all are released when this resolves: bind them right away (the fewer steps in between, the smaller
 * the chance that another process binds one first).
 */
export async function freePorts<K extends string>(widths: Record<K, 1 | 2>): Promise<Record<K, number>> {
  const held: Server[] = [];
  const ports = {} as Record<K, number>;
  try {
    for (const name of Object.keys(widths) as K[]) {
      for (let attempt = 1; ; attempt++) {
        const first = await hold(0);
        if (!first) throw new Error('no free port on 127.0.0.1');
        // Held even when its next port is taken: the OS then cannot offer it again on the next attempt.
        held.push(first);
        const port = (first.address() as AddressInfo).port;
        const next = widths[name] === 2 && port < 65535 ? await hold(port + 1) : undefined;
        if (next) held.push(next);
        if (widths[name] === 1 || next) {
          ports[name] = port;
          break;
        }
        if (attempt >= PAIR_ATTEMPTS) throw new Error('no two consecutive free ports on 127.0.0.1');
      }
    }
  } finally {
    await Promise.all(held.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
  }
  return ports;
}

/** One free loopback port (see `freePorts`). */
export async function freePort(): Promise<number> {
  return (await freePorts({ port: 1 })).port;
}

/**
 * The first block of free ports in [min, max], starting at a random block so that concurrent runs rarely
 * collide; blocks whose first port is in `skip` are passed over (a retry after a bind race).
 */
export async function freeStackPorts(
  min: number,
  max: number,
  skip = new Set<number>(),
): Promise<StackPorts> {
  const blocks = Math.floor((max - min + 1) / STACK_PORT_BLOCK);
  const first = Math.floor(Math.random() * blocks);
  for (let i = 0; i < blocks; i++) {
    const base = min + ((first + i) % blocks) * STACK_PORT_BLOCK;
    if (skip.has(base)) continue;
    const ports = Array.from({ length: STACK_PORT_BLOCK }, (_, k) => base + k);
    if ((await Promise.all(ports.map(portFree))).every(Boolean)) {
      return {
        evmL1: base,
        evmL2: base + 1,
        solana: base + 2,
        api: base + 4,
        frame: base + 5,
        playground: base + 6,
        relay: base + 7,
      };
    }
  }
  throw new Error(`no free block of ${STACK_PORT_BLOCK} ports in ${min}-${max}`);
}
