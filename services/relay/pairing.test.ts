/**
 * Two real WalletConnect SDKs pair through the local relay: a dapp on `@walletconnect/sign-client` and the
 * playground's phone wallet on `@reown/walletkit`, with requests answered on a local anvil chain. Proves the
 * relay speaks what the SDKs speak (subscriptions, stored messages, the composite session publishes, acks),
 * and that nothing either SDK does leaves the machine. Anvil and the relay on free ports.
 */
import { Core } from '@walletconnect/core';
import { SignClient } from '@walletconnect/sign-client';
import { createPublicClient, http, parseEther, toHex, verifyMessage } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPhoneWallet,
  memoryStorage,
  type PhoneWallet,
  phoneWalletAddress,
} from '../../playground/phone/wallet.ts';
import { type AnvilHandle, startAnvil } from '../chain/anvil.ts';
import { type RelayServer, startRelayServer } from './server.ts';
import { blockOutsideRequests } from './test-client.ts';

const CHAIN = 'eip155:31337';
const RECEIVER = '0x000000000000000000000000000000000000dEaD';
const METHODS = [
  'personal_sign',
  'eth_sendTransaction',
  'eth_signTypedData_v4',
  'wallet_switchEthereumChain',
];

let anvil: AnvilHandle;
let relay: RelayServer;
let wallet: PhoneWallet;
let dapp: InstanceType<typeof SignClient>;
let guard: ReturnType<typeof blockOutsideRequests>;

beforeAll(async () => {
  // Any request to a host other than this machine fails the file (checked in the last test).
  guard = blockOutsideRequests();
  anvil = await startAnvil({ port: 0, chainId: 31337 });
  relay = await startRelayServer({ port: 0, allowedOrigins: [] });
  wallet = await createPhoneWallet({
    relayUrl: relay.url,
    projectId: 'keyway-local',
    chains: [{ chainId: 31337, rpcUrl: anvil.rpcUrl }],
    account: 1,
    storagePrefix: 'pairing-test-wallet',
  });
  await wallet.fund();
  // The dapp side as the kit configures it for a self-hosted relay: telemetry off, and no start-up event.
  const core = new Core({
    projectId: 'keyway-local',
    relayUrl: relay.url,
    storage: memoryStorage(),
    customStoragePrefix: 'pairing-test-dapp',
    telemetryEnabled: false,
    logger: 'error',
  });
  core.eventClient.init = async () => {};
  dapp = await SignClient.init({
    core,
    metadata: { name: 'Pairing Test Dapp', description: 'test', url: 'http://127.0.0.1:4300', icons: [] },
  });
}, 120_000);

afterAll(async () => {
  await wallet?.close();
  await dapp?.core.relayer.transportClose().catch(() => {});
  await relay?.stop();
  await anvil?.stop();
  guard?.restore();
});

const connect = () =>
  dapp.connect({
    optionalNamespaces: {
      eip155: { chains: [CHAIN], methods: METHODS, events: ['accountsChanged', 'chainChanged'] },
    },
  });

async function proposalFromDapp(uri: string | undefined) {
  expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/);
  await wallet.pair(uri!);
  await expect.poll(() => wallet.getState().proposals).toHaveLength(1);
  return wallet.getState().proposals[0]!;
}

describe('pairing two real SDKs through the local relay', () => {
  let topic: string;

  it('the wallet sees the proposal from the URI, approves it, and the dapp holds a session with its account', async () => {
    const { uri, approval } = await connect();
    const proposal = await proposalFromDapp(uri);
    expect(proposal).toMatchObject({
      dappName: 'Pairing Test Dapp',
      chains: [CHAIN],
      supportedChains: [CHAIN],
    });
    await wallet.approveProposal(proposal.id);
    const session = await approval();
    topic = session.topic;
    expect(session.namespaces.eip155?.accounts).toEqual([`${CHAIN}:${phoneWalletAddress(1)}`]);
    expect(session.peer.metadata.name).toBe('Keyway Phone Wallet');
    expect(wallet.getState().sessions.map((s) => s.dappName)).toEqual(['Pairing Test Dapp']);
  });

  it('personal_sign and an eth_sendTransaction of exactly 0.01 ETH go through the relay and land on anvil', async () => {
    const address = phoneWalletAddress(1);
    const message = toHex('Sign in to Pairing Test Dapp');
    const signing = dapp.request<`0x${string}`>({
      topic,
      chainId: CHAIN,
      request: { method: 'personal_sign', params: [message, address] },
    });
    await expect.poll(() => wallet.getState().requests.map((r) => r.method)).toEqual(['personal_sign']);
    await wallet.approveRequest(wallet.getState().requests[0]!.id);
    const signature = await signing;
    expect(await verifyMessage({ address, message: { raw: message }, signature })).toBe(true);

    const chain = createPublicClient({ transport: http(anvil.rpcUrl) });
    const before = await chain.getBalance({ address: RECEIVER });
    const sending = dapp.request<`0x${string}`>({
      topic,
      chainId: CHAIN,
      request: {
        method: 'eth_sendTransaction',
        params: [{ from: address, to: RECEIVER, value: toHex(parseEther('0.01')) }],
      },
    });
    await expect.poll(() => wallet.getState().requests.map((r) => r.method)).toEqual(['eth_sendTransaction']);
    await wallet.approveRequest(wallet.getState().requests[0]!.id);
    const hash = await sending;
    const receipt = await chain.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');
    expect((await chain.getBalance({ address: RECEIVER })) - before).toBe(parseEther('0.01'));
  });

  it('a request the wallet rejects reaches the dapp as a user rejection', async () => {
    const pending = dapp.request({
      topic,
      chainId: CHAIN,
      request: { method: 'personal_sign', params: [toHex('no'), phoneWalletAddress(1)] },
    });
    await expect.poll(() => wallet.getState().requests).toHaveLength(1);
    await wallet.rejectRequest(wallet.getState().requests[0]!.id);
    await expect(pending).rejects.toMatchObject({ code: 5000 });
  });

  it('account changes reach the dapp, and ending the session in the wallet ends it in the dapp', async () => {
    const accounts = new Promise<unknown>((resolve) =>
      dapp.on('session_event', (e) => {
        if (e.params.event.name === 'accountsChanged') resolve(e.params.event.data);
      }),
    );
    await wallet.switchAccount(2);
    expect(await accounts).toEqual([phoneWalletAddress(2)]);

    const deleted = new Promise<string>((resolve) => dapp.on('session_delete', (e) => resolve(e.topic)));
    await wallet.disconnect(topic);
    expect(await deleted).toBe(topic);
    expect(dapp.session.getAll()).toEqual([]);
  });

  it('a proposal the wallet rejects ends the dapp’s wait with a user rejection', async () => {
    const { uri, approval } = await connect();
    const proposal = await proposalFromDapp(uri);
    await wallet.rejectProposal(proposal.id);
    await expect(approval()).rejects.toMatchObject({ code: 5000 });
  });

  it('nothing was requested outside this machine', () => {
    expect(guard.outside).toEqual([]);
  });
});
