/**
 * A block of free loopback ports for a whole local stack (services/stack.ts), for runs that must not collide
 * with `npm start` or with each other: the e2e globalSetup (33000-33999) and `npm run bench:open` (36000-36999).
 */
import { createServer } from 'node:net';
import type { StackPorts } from './stack.ts';

/** Ports per stack: evmL1, evmL2, solana (+1 websocket), api, frame, playground, relay. */
export const STACK_PORT_BLOCK = 8;

export function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
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
