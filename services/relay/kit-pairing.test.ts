/**
 * The kit's pairing transport (src/instance/walletconnect.ts: its wagmi connector on the real
 * `@walletconnect/universal-provider`, and the `PairingProvider` the Connect view drives) against the local
 * relay and the playground's phone wallet, with two local anvil chains: pairing from the URI the kit shows,
 * signing, sending exactly 0.01 ETH, switching chains over the relay, account changes and the end of the
 * session from the wallet, and nothing requested outside this machine. The anvils and the relay on free
 * ports.
 */
import { createPublicClient, http, parseEther, verifyMessage } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Config, createConfig } from 'wagmi';
import {
  disconnect,
  getConnection,
  reconnect,
  sendTransaction,
  signMessage,
  switchChain,
} from 'wagmi/actions';
import { createPhoneWallet, type PhoneWallet, phoneWalletAddress } from '../../playground/phone/wallet.ts';
import { keywayLocal, keywayLocalL2, toViemChain } from '../../src/core/networks.ts';
import type { PairingProvider } from '../../src/hooks/connect/pairing.ts';
import { lazyWalletConnectConnector, remembersPairing } from '../../src/instance/wagmi.ts';
import { type AnvilHandle, startAnvil } from '../chain/anvil.ts';
import { type RelayServer, startRelayServer } from './server.ts';
import { blockOutsideRequests, kitPairingOnRelay } from './test-client.ts';

const RECEIVER = '0x000000000000000000000000000000000000bEEF';
const METADATA = {
  name: 'Keyway Pairing Test',
  description: 'test',
  url: 'http://127.0.0.1:4300',
  icons: [],
};

let anvils: AnvilHandle[] = [];
let relay: RelayServer;
let wallet: PhoneWallet;
let config: Config;
let pairing: PairingProvider;
let guard: ReturnType<typeof blockOutsideRequests>;
const uris: string[] = [];

beforeAll(async () => {
  // Any request to a host other than this machine fails the file (checked in the last test).
  guard = blockOutsideRequests();
  anvils = await Promise.all([
    startAnvil({ port: 0, chainId: 31337 }),
    startAnvil({ port: 0, chainId: 31338 }),
  ]);
  relay = await startRelayServer({ port: 0, allowedOrigins: [] });
  wallet = await createPhoneWallet({
    relayUrl: relay.url,
    projectId: 'keyway-local',
    chains: anvils.map((a, i) => ({ chainId: 31337 + i, rpcUrl: a.rpcUrl })),
    account: 3,
    storagePrefix: 'kit-pairing-wallet',
  });
  await wallet.fund();
  const chains = [
    toViemChain({ ...keywayLocal, rpcUrls: [anvils[0]!.rpcUrl] }),
    toViemChain({ ...keywayLocalL2, rpcUrls: [anvils[1]!.rpcUrl] }),
  ] as const;
  config = createConfig({
    chains,
    transports: { [chains[0].id]: http(anvils[0]!.rpcUrl), [chains[1].id]: http(anvils[1]!.rpcUrl) },
    connectors: [],
    storage: null,
    pollingInterval: 100,
  });
  pairing = await kitPairingOnRelay(
    config,
    {
      relayUrl: relay.url,
      metadata: METADATA,
    },
    uris,
  );
}, 120_000);

afterAll(async () => {
  await wallet?.close();
  await relay?.stop();
  await Promise.all(anvils.map((a) => a.stop()));
  guard?.restore();
});

const approveNext = async (method: string) => {
  await expect.poll(() => wallet.getState().requests.map((r) => r.method)).toEqual([method]);
  await wallet.approveRequest(wallet.getState().requests[0]!.id);
};

describe("the kit's WalletConnect transport on the local relay", () => {
  it('shows a wc: URI, the phone wallet pairs from it, and wagmi is connected to the wallet’s account', async () => {
    const connecting = pairing.connect();
    await expect.poll(() => uris).toHaveLength(1);
    expect(uris[0]).toMatch(/^wc:[0-9a-f]{64}@2\?/);
    await wallet.pair(uris[0]!);
    await expect.poll(() => wallet.getState().proposals).toHaveLength(1);
    const proposal = wallet.getState().proposals[0]!;
    expect(proposal.dappName).toBe('Keyway Pairing Test');
    expect(proposal.supportedChains).toEqual(['eip155:31337', 'eip155:31338']);
    await wallet.approveProposal(proposal.id);
    await connecting;
    const connection = getConnection(config);
    expect(connection.status).toBe('connected');
    expect(connection.address).toBe(phoneWalletAddress(3));
    expect(connection.chainId).toBe(31337);
    expect(connection.connector?.id).toBe('walletConnect');
  });

  it('signs a message and sends exactly 0.01 ETH through the wallet, landing on the chain', async () => {
    const address = phoneWalletAddress(3);
    const signing = signMessage(config, { message: 'Sign in to Keyway Pairing Test' });
    await approveNext('personal_sign');
    expect(
      await verifyMessage({ address, message: 'Sign in to Keyway Pairing Test', signature: await signing }),
    ).toBe(true);

    const chain = createPublicClient({ transport: http(anvils[0]!.rpcUrl) });
    const before = await chain.getBalance({ address: RECEIVER });
    const sending = sendTransaction(config, { to: RECEIVER, value: parseEther('0.01') });
    await approveNext('eth_sendTransaction');
    const receipt = await chain.waitForTransactionReceipt({ hash: await sending });
    expect(receipt.status).toBe('success');
    expect((await chain.getBalance({ address: RECEIVER })) - before).toBe(parseEther('0.01'));
  });

  it('switches the chain over the relay, and follows the wallet’s account changes', async () => {
    const switching = switchChain(config, { chainId: 31338 });
    await approveNext('wallet_switchEthereumChain');
    await switching;
    expect(getConnection(config).chainId).toBe(31338);

    await wallet.switchAccount(4);
    await expect.poll(() => getConnection(config).address).toBe(phoneWalletAddress(4));
  });

  it('after a reload, the remembered pairing reconnects through the connector shell, without a new QR code', async () => {
    // What the kit finds in the browser's storage after a pairing: wagmi's remembered connector.
    const stored = new Map([['keyway.wagmi.recentConnectorId', JSON.stringify('walletConnect')]]);
    const storage = {
      getItem: (k: string) => stored.get(k) ?? null,
      setItem: (k: string, v: string) => void stored.set(k, v),
      removeItem: (k: string) => void stored.delete(k),
    };
    expect(remembersPairing(storage)).toBe(true);
    expect(remembersPairing({ ...storage, getItem: () => JSON.stringify('injected') })).toBe(false);
    const reloaded = createConfig({
      chains: config.chains,
      transports: Object.fromEntries(anvils.map((a, i) => [31337 + i, http(a.rpcUrl)])),
      connectors: [
        lazyWalletConnectConnector({ projectId: 'keyway-local', relayUrl: relay.url, metadata: METADATA }),
      ],
      storage: null,
    });
    await reconnect(reloaded);
    expect(getConnection(reloaded)).toMatchObject({ status: 'connected', address: phoneWalletAddress(4) });
    expect(uris).toHaveLength(1);
  });

  it('a session the wallet ends leaves the kit disconnected', async () => {
    const topic = wallet.getState().sessions[0]!.topic;
    await wallet.disconnect(topic);
    await expect.poll(() => getConnection(config).status).toBe('disconnected');
  });

  it('a proposal the wallet rejects ends in a user rejection', async () => {
    const connecting = pairing.connect();
    await expect.poll(() => uris).toHaveLength(2);
    await wallet.pair(uris[1]!);
    await expect.poll(() => wallet.getState().proposals).toHaveLength(1);
    await wallet.rejectProposal(wallet.getState().proposals[0]!.id);
    await expect(connecting).rejects.toMatchObject({ name: 'UserRejectedRequestError' });
  });

  it('disconnecting in the kit ends the session in the wallet', async () => {
    const connecting = pairing.connect();
    await expect.poll(() => uris).toHaveLength(3);
    await wallet.pair(uris[2]!);
    await expect.poll(() => wallet.getState().proposals).toHaveLength(1);
    await wallet.approveProposal(wallet.getState().proposals[0]!.id);
    await connecting;
    expect(wallet.getState().sessions).toHaveLength(1);
    await disconnect(config);
    await expect.poll(() => wallet.getState().sessions).toHaveLength(0);
    expect(wallet.getState().log.at(-1)).toBe('Session ended by the dapp');
  });

  it('nothing was requested outside this machine', () => {
    expect(guard.outside).toEqual([]);
  });
});
