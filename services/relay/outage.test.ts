/**
 * The relay going away in the middle of a pairing session, with the kit's transport (src/instance/walletconnect.ts)
 * and the playground's phone wallet: the kit reports the loss (after RELAY_LOST_GRACE_MS), a signature asked for
 * meanwhile waits, and when the relay is back on its port the kit reports it, the request reaches the wallet and
 * the signature comes back. Nothing the visitor asked is lost. Anvil and the relay on free ports.
 */
import { verifyMessage } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from 'wagmi';
import { getConnection, signMessage } from 'wagmi/actions';
import { createPhoneWallet, type PhoneWallet, phoneWalletAddress } from '../../playground/phone/wallet.ts';
import type { PairingProvider } from '../../src/hooks/connect/pairing.ts';
import { type AnvilHandle, startAnvil } from '../chain/anvil.ts';
import { type RelayServer, startRelayServer } from './server.ts';
import { kitPairingOnRelay, localChainConfig } from './test-client.ts';

const ACCOUNT = 5;
let anvil: AnvilHandle;
let relay: RelayServer;
let wallet: PhoneWallet;
let config: Config;
let pairing: PairingProvider;
const uris: string[] = [];
const reports: string[] = [];

beforeAll(async () => {
  anvil = await startAnvil({ port: 0, chainId: 31337 });
  relay = await startRelayServer({ port: 0, allowedOrigins: [] });
  wallet = await createPhoneWallet({
    relayUrl: relay.url,
    projectId: 'keyway-local',
    chains: [{ chainId: 31337, rpcUrl: anvil.rpcUrl }],
    account: ACCOUNT,
    storagePrefix: 'outage-wallet',
  });
  config = localChainConfig(anvil.rpcUrl);
  pairing = await kitPairingOnRelay(
    config,
    {
      relayUrl: relay.url,
      metadata: { name: 'Keyway Outage Test', description: 'test', url: 'http://127.0.0.1:4300', icons: [] },
      onRelayChange: (state) => reports.push(state),
    },
    uris,
  );
}, 120_000);

afterAll(async () => {
  await wallet?.close();
  await relay?.stop();
  await anvil?.stop();
});

describe('the relay stopped in the middle of a session', () => {
  it('is reported, a signature asked meanwhile waits, and the session goes on when the relay is back', async () => {
    const connecting = pairing.connect();
    await expect.poll(() => uris).toHaveLength(1);
    await wallet.pair(uris[0]!);
    await expect.poll(() => wallet.getState().proposals).toHaveLength(1);
    await wallet.approveProposal(wallet.getState().proposals[0]!.id);
    await connecting;
    expect(getConnection(config).address).toBe(phoneWalletAddress(ACCOUNT));
    expect(reports).toEqual([]);

    const port = relay.port;
    await relay.stop();
    await expect.poll(() => reports).toEqual(['lost']);
    let settled = false;
    const signing = signMessage(config, { message: 'Signed while the relay was away' });
    void signing.finally(() => {
      settled = true;
    });
    expect(wallet.getState().requests).toEqual([]);
    expect(settled).toBe(false);

    relay = await startRelayServer({ port, allowedOrigins: [] });
    await expect.poll(() => reports, { timeout: 30_000 }).toEqual(['lost', 'back']);
    await expect
      .poll(() => wallet.getState().requests.map((r) => r.method), { timeout: 30_000 })
      .toEqual(['personal_sign']);
    await wallet.approveRequest(wallet.getState().requests[0]!.id);
    const signature = await signing;
    expect(
      await verifyMessage({
        address: phoneWalletAddress(ACCOUNT),
        message: 'Signed while the relay was away',
        signature,
      }),
    ).toBe(true);
    expect(getConnection(config).status).toBe('connected');
  }, 120_000);
});
