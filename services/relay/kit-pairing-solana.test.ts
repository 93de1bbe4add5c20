/**
 * Solana over pairing: the kit's WalletConnect transport proposes the `solana` namespace next to `eip155`,
 * the playground's phone wallet approves it with its Solana key, and the Solana adapter's paired wallet
 * (src/chains/solana/paired-wallet.ts) sends SOL through the session: the phone signs and sends, and the local
 * Solana RPC shows the exact lamports. Also: a session restored after a reload reconnects silently, the
 * wallet ending the session disconnects the adapter, and the adapter's disconnect ends it in the wallet.
 * Anvil, the Solana RPC (HTTP and websocket) and the relay on free ports.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Connection, Keypair, PublicKey } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from 'wagmi';
import { getConnection } from 'wagmi/actions';
import {
  createPhoneWallet,
  type PhoneWallet,
  phoneWalletSolanaAddress,
} from '../../playground/phone/wallet.ts';
import { createSolanaAdapter } from '../../src/chains/solana/adapter.ts';
import { decodeBase58 } from '../../src/chains/solana/address.ts';
import {
  createPairedSolanaWallet,
  PAIRED_SOLANA_WALLET_NAME,
} from '../../src/chains/solana/paired-wallet.ts';
import type { SolanaAdapter } from '../../src/chains/solana/types.ts';
import { solanaLocal } from '../../src/core/networks.ts';
import { createMemoryStorage, createSafeStorage, type SafeStorage } from '../../src/core/storage.ts';
import type { PairingProvider } from '../../src/hooks/connect/pairing.ts';
import { type AnvilHandle, startAnvil } from '../chain/anvil.ts';
import { type SolanaServer, startSolana } from '../solana/server.ts';
import { type RelayServer, startRelayServer } from './server.ts';
import { blockOutsideRequests, kitPairingOnRelay, localChainConfig } from './test-client.ts';

const ACCOUNT = 5;
const METADATA = {
  name: 'Keyway Solana Pairing Test',
  description: 'test',
  url: 'http://127.0.0.1:4300',
  icons: [],
};

let anvil: AnvilHandle;
let solana: SolanaServer;
let dataDir: string;
let relay: RelayServer;
let wallet: PhoneWallet;
let config: Config;
let pairing: PairingProvider;
let guard: ReturnType<typeof blockOutsideRequests>;
let connection: Connection;
let namespace: 'evm' | 'solana' = 'solana';
const uris: string[] = [];
const storage: SafeStorage = createSafeStorage(createMemoryStorage());
let adapter: SolanaAdapter;

const network = () => ({ ...solanaLocal, rpcUrls: [solana.rpcUrl] });

/** A Solana adapter with the paired wallet registered, as the kit's Solana side has it. */
function solanaSide(): SolanaAdapter {
  const side = createSolanaAdapter({
    networks: [network()],
    getActiveNetwork: network,
    storage,
    target: null,
    isSafeImage: (u): u is string => typeof u === 'string',
    pollIntervalMs: 50,
  });
  side.register(
    createPairedSolanaWallet({
      getSession: async () => (pairing.pairedSession ? pairing.pairedSession() : null),
      networks: [network()],
      getNetwork: network,
    }),
    { paired: true },
  );
  return side;
}

beforeAll(async () => {
  guard = blockOutsideRequests();
  dataDir = mkdtempSync(join(tmpdir(), 'kw-pairing-solana-'));
  [anvil, solana] = await Promise.all([
    startAnvil({ port: 0, chainId: 31337 }),
    startSolana({ port: 0, dataDir }),
  ]);
  connection = new Connection(solana.rpcUrl, 'confirmed');
  relay = await startRelayServer({ port: 0, allowedOrigins: [] });
  wallet = await createPhoneWallet({
    relayUrl: relay.url,
    projectId: 'keyway-local',
    chains: [{ chainId: 31337, rpcUrl: anvil.rpcUrl }],
    solana: [{ chainId: solanaLocal.id, rpcUrl: solana.rpcUrl }],
    account: ACCOUNT,
    storagePrefix: 'kit-pairing-solana-wallet',
  });
  await wallet.fund();
  config = localChainConfig(anvil.rpcUrl);
  pairing = await kitPairingOnRelay(
    config,
    {
      relayUrl: relay.url,
      metadata: METADATA,
      solanaNetworks: [{ id: solanaLocal.id, rpcUrl: solana.rpcUrl }],
      activeNamespace: () => namespace,
      onSolanaSession: async () => {
        await adapter.connect(PAIRED_SOLANA_WALLET_NAME);
      },
    },
    uris,
  );
  adapter = solanaSide();
}, 120_000);

afterAll(async () => {
  adapter?.destroy();
  await wallet?.close();
  await relay?.stop();
  await Promise.all([anvil?.stop(), solana?.stop()]);
  rmSync(dataDir, { recursive: true, force: true });
  guard?.restore();
});

const lamports = async (address: string) => BigInt(await connection.getBalance(new PublicKey(address)));

/** Starts a pairing, pairs the phone from its URI and approves; resolves when the kit's side is done. */
async function pairAndApprove(): Promise<void> {
  const count = uris.length;
  const connecting = pairing.connect();
  await expect.poll(() => uris.length).toBe(count + 1);
  await wallet.pair(uris.at(-1)!);
  await expect.poll(() => wallet.getState().proposals).toHaveLength(1);
  const proposal = wallet.getState().proposals[0]!;
  expect(proposal.chains).toEqual(['eip155:31337', solanaLocal.id]);
  await wallet.approveProposal(proposal.id);
  await connecting;
}

describe('Solana over pairing, on the local relay and the local Solana RPC', () => {
  it('the proposal carries the solana namespace; the approved session connects both sides', async () => {
    await pairAndApprove();
    const address = phoneWalletSolanaAddress(ACCOUNT);
    expect(adapter.store.getState()).toMatchObject({ status: 'connected', address });
    expect(adapter.store.getState().wallet?.name).toBe(PAIRED_SOLANA_WALLET_NAME);
    expect(getConnection(config).status).toBe('connected');
  });

  it('a send of 0.05 SOL is signed by the phone wallet and lands with the exact lamports', async () => {
    const receiver = Keypair.generate().publicKey.toBase58();
    const sender = phoneWalletSolanaAddress(ACCOUNT);
    const before = await lamports(sender);
    const sending = adapter.sendNative({ to: receiver, amount: '0.05' });
    await expect
      .poll(() => wallet.getState().requests.map((r) => [r.method, r.chainId]))
      .toEqual([['solana_signAndSendTransaction', solanaLocal.id]]);
    await wallet.approveRequest(wallet.getState().requests[0]!.id);
    const signature = await sending;
    expect(signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/);
    expect(await lamports(receiver)).toBe(50_000_000n);
    // The sender paid the amount and the 5000-lamport signature fee.
    expect(await lamports(sender)).toBe(before - 50_000_000n - 5000n);
  });

  it('a message signed through the session verifies against the phone’s Solana key', async () => {
    const account = adapter.store.getState().address!;
    const session = await pairing.pairedSession!();
    expect(session.solanaAccounts()).toEqual([account]);
    const signing = session.request({
      chainId: solanaLocal.id,
      method: 'solana_signMessage',
      params: { message: '3yZe7d', pubkey: account },
    });
    await expect.poll(() => wallet.getState().requests.map((r) => r.method)).toEqual(['solana_signMessage']);
    await wallet.approveRequest(wallet.getState().requests[0]!.id);
    const { signature } = (await signing) as { signature: string };
    const bytes = (base58: string) => new Uint8Array(decodeBase58(base58)!);
    const key = await crypto.subtle.importKey('raw', bytes(account), { name: 'Ed25519' }, false, ['verify']);
    const ok = await crypto.subtle.verify({ name: 'Ed25519' }, key, bytes(signature), bytes('3yZe7d'));
    expect(ok).toBe(true);
  });

  it('after a reload the remembered paired wallet reconnects silently, without a new QR code', async () => {
    const count = uris.length;
    const reloaded = solanaSide();
    try {
      await expect.poll(() => reloaded.store.getState().status).toBe('connected');
      expect(reloaded.store.getState().address).toBe(phoneWalletSolanaAddress(ACCOUNT));
      expect(uris).toHaveLength(count);
    } finally {
      reloaded.destroy();
    }
  });

  it('the wallet ending the session disconnects the Solana side (and forgets it)', async () => {
    await wallet.disconnect(wallet.getState().sessions[0]!.topic);
    await expect.poll(() => adapter.store.getState().status).toBe('disconnected');
    await expect.poll(() => getConnection(config).status).toBe('disconnected');
  });

  it('the Solana side’s disconnect ends the session in the wallet', async () => {
    await pairAndApprove();
    expect(adapter.store.getState().status).toBe('connected');
    await adapter.disconnect();
    await expect.poll(() => wallet.getState().sessions).toHaveLength(0);
    await expect.poll(() => getConnection(config).status).toBe('disconnected');
  });

  it('on an EVM network, a wallet that shares only Solana is no connection there: a clear error, the session ended', async () => {
    namespace = 'evm';
    const only = await createPhoneWallet({
      relayUrl: relay.url,
      projectId: 'keyway-local',
      chains: [],
      solana: [{ chainId: solanaLocal.id, rpcUrl: solana.rpcUrl }],
      account: ACCOUNT + 1,
      storagePrefix: 'kit-pairing-solana-only',
    });
    try {
      const count = uris.length;
      const connecting = pairing.connect();
      await expect.poll(() => uris.length).toBe(count + 1);
      await only.pair(uris.at(-1)!);
      await expect.poll(() => only.getState().proposals).toHaveLength(1);
      await only.approveProposal(only.getState().proposals[0]!.id);
      await expect(connecting).rejects.toMatchObject({ code: 'noAccountForNetwork' });
      await expect.poll(() => only.getState().sessions).toHaveLength(0);
      expect(getConnection(config).status).toBe('disconnected');
      expect(adapter.store.getState().status).toBe('disconnected');
    } finally {
      namespace = 'solana';
      await only.close();
    }
  });

  it('nothing was requested outside this machine', () => {
    expect(guard.outside).toEqual([]);
  });
});
