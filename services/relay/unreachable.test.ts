/**
 * A pairing whose relay cannot be reached (nothing listens on its port): the kit's transport gives up after its
 * relay timeout (shortened here) with the catalogue's `relayUnreachable`, instead of the SDK's spinner of more
 * than a minute and its vague error. The Connecting view shows that message with Try again.
 */
import { createServer } from 'node:net';
import { http } from 'viem';
import { expect, it } from 'vitest';
import { createConfig } from 'wagmi';
import { keywayLocal, toViemChain } from '../../src/core/networks.ts';
import { createWalletConnectPairing } from '../../src/instance/wagmi.ts';
import { prepareKitCoreOnMemory } from './test-client.ts';

/** A loopback port nobody listens on (taken from the system, then freed). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

it('fails with "Can’t reach the wallet relay…" when the relay does not answer, and shows no URI', async () => {
  const relayUrl = `ws://127.0.0.1:${await closedPort()}`;
  const chain = toViemChain(keywayLocal);
  const config = createConfig({
    chains: [chain],
    transports: { [chain.id]: http() },
    connectors: [],
    storage: null,
  });
  await prepareKitCoreOnMemory(relayUrl);
  const pairing = await createWalletConnectPairing(config, {
    projectId: 'keyway-local',
    relayUrl,
    relayTimeoutMs: 2_000,
  });
  if (!pairing) throw new Error('the pairing transport did not load');
  const uris: string[] = [];
  pairing.onUri((uri) => uris.push(uri));
  await expect(pairing.connect()).rejects.toMatchObject({ code: 'relayUnreachable' });
  expect(uris).toEqual([]);
}, 60_000);
