// @vitest-environment jsdom
/**
 * The embedded wallet on a Solana network, wired into an instance with a fake frame: one login connects
 * the Solana side too (the address the frame answers for the Solana reference), it is not listed as a
 * wallet to pick, a send asks the frame (an approval, the modal shows ApproveTransaction), signing out on
 * either side ends both, and a remembered login reconnects both on a second visit.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { disconnect, getConnection, reconnect } from 'wagmi/actions';
import { encodeBase58 } from '../chains/solana/address';
import {
  type SignAndSendTransactionFeature,
  SOLANA_SIGN_AND_SEND_TRANSACTION,
} from '../chains/solana/wallet-standard';
import { keywayLocal, solanaLocal } from '../core/networks';
import { createMemoryStorage as createKvStorage, STORAGE_KEYS } from '../core/storage';
import { createLoginCache, createMemoryStorage, LOGIN_CACHE_KEYS } from '../frame/login-cache';
import { type FakeFrame, installFakeFrame, NO_REPLY } from '../frame/testing/fake-frame';
import { getConnectStore } from '../hooks/connect/instance';
import { selectConnectList } from '../hooks/connect/store';
import { attachModalRouter } from '../views/modalRouter';
import { createKeyway, type Keyway } from './createKeyway';

const FRAME = 'https://frame.keyway.test';
const EVM_ADDRESS = '0x3333333333333333333333333333333333333333';
const SOL_ADDRESS = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
const REFERENCE = solanaLocal.id.slice('solana:'.length);
/** How long a wait on the instance's state may take. */
const WAIT = { timeout: 10_000, interval: 10 };

let persistent: ReturnType<typeof createMemoryStorage>;
let session: ReturnType<typeof createMemoryStorage>;
let kv: ReturnType<typeof createKvStorage>;
let fake: FakeFrame;
const instances: Keyway[] = [];

function make(defaultNetwork = solanaLocal) {
  const keyway = createKeyway(
    {
      projectId: 'p1',
      networks: [keywayLocal, solanaLocal],
      defaultNetwork,
      secureFrameUrl: `${FRAME}/`,
      storage: kv,
    },
    {
      optionalConnectors: false,
      embeddedFrame: {
        document,
        acceptSyntheticEvents: true,
        storage: createLoginCache({ persistent, session }),
      },
    },
  );
  instances.push(keyway);
  // The modal moves as in the styled modal: its router follows the flows' outcomes.
  attachModalRouter(keyway);
  return keyway;
}

async function login(keyway: Keyway) {
  const auth = await keyway.embedded!.getAuth();
  await auth.connectEmail({ email: 'ada@example.com' });
  await auth.connectOtp({ otp: '123456' });
  await keyway.embedded!.connect();
}

beforeEach(() => {
  persistent = createMemoryStorage();
  session = createMemoryStorage();
  kv = createKvStorage();
  fake = installFakeFrame({ document, frameOrigin: FRAME });
  fake.handlers.CONNECT_EMAIL = () => ({ action: 'VERIFY_OTP' });
  fake.handlers.CONNECT_OTP = () => undefined;
  // The frame answers the Solana address for a Solana reference, the EVM one for a chain id.
  fake.handlers.GET_USER = ({ chainId }) =>
    typeof chainId === 'string'
      ? { email: 'ada@example.com', address: SOL_ADDRESS, chainId }
      : { email: 'ada@example.com', address: EVM_ADDRESS, chainId };
  fake.handlers.GET_CHAIN_ID = () => ({ chainId: keywayLocal.chainId as number });
  fake.handlers.IS_CONNECTED = () => ({ isConnected: true });
  fake.handlers.SIGN_OUT = () => undefined;
});

afterEach(() => {
  for (const k of instances.splice(0)) k.destroy();
  fake.uninstall();
  for (const el of document.querySelectorAll('iframe')) el.remove();
});

const getUserChains = () =>
  fake.requests
    .filter((r) => r.type === '@keyway-app/GET_USER')
    .map((r) => (r as { payload: { chainId: unknown } }).payload.chainId);

describe('the embedded wallet on Solana', () => {
  it('one email login on a Solana network connects the Solana account; it is not listed to pick', async () => {
    const keyway = make();
    // The Solana side loads on its own (a dynamic import) right after the instance is created.
    await vi.waitFor(() => expect(keyway.embeddedSolanaWallet).not.toBeNull(), WAIT);
    // The kit's own two: the embedded wallet, and a paired phone wallet's Solana side; neither is listed.
    expect(
      keyway.solana!.store.getState().wallets.map((w) => [w.name, w.embedded ?? false, w.paired ?? false]),
    ).toEqual([
      ['Email & Social', true, false],
      ['WalletConnect', false, true],
    ]);
    expect(getConnectStore(keyway).getState().solanaWallets).toEqual([]);
    const list = selectConnectList(getConnectStore(keyway).getState());
    expect(JSON.stringify(list)).not.toContain('Email & Social');

    await login(keyway);
    expect(getUserChains()).toContain(REFERENCE);
    expect(keyway.solana!.store.getState()).toMatchObject({ status: 'connected', address: SOL_ADDRESS });
    const account = keyway.stores.account.getState();
    expect(account.isConnected).toBe(true);
    expect(account.address).toBe(SOL_ADDRESS);
    expect(getConnection(keyway.wagmiConfig).connector?.id).toBe('w3mAuth');
    expect(kv.getItem(STORAGE_KEYS.solanaWallet)).toBe('Email & Social');
  });

  it('a login on an EVM network connects the Solana side too, shown after a switch to Solana', async () => {
    const keyway = make(keywayLocal);
    await login(keyway);
    expect(keyway.stores.account.getState().address).toBe(EVM_ADDRESS);
    expect(keyway.solana!.store.getState().address).toBe(SOL_ADDRESS);
    await keyway.stores.networks.getState().switchNetwork(solanaLocal.id);
    expect(keyway.stores.account.getState().address).toBe(SOL_ADDRESS);
  });

  it('a send asks the frame (solana_signAndSendTransaction) and the modal shows the approval', async () => {
    const keyway = make();
    await login(keyway);
    fake.handlers.RPC_REQUEST = () => NO_REPLY;
    const posted = fake.nextRequest('RPC_REQUEST');
    const registered = keyway.solana!.store.getState();
    expect(registered.wallet?.name).toBe('Email & Social');
    // What the adapter does on a send: signAndSendTransaction on the connected wallet.
    const feature = findEmbeddedFeature(keyway);
    const sent = feature.signAndSendTransaction({
      account: findEmbeddedAccount(keyway),
      transaction: new Uint8Array([1, 2, 3]),
      chain: 'solana:devnet',
    });
    const request = (await posted) as { payload: { method: string; params: Record<string, unknown> } };
    expect(request.payload).toEqual({
      method: 'solana_signAndSendTransaction',
      params: { transaction: 'AQID', chainId: REFERENCE },
    });
    await vi.waitFor(() => expect(keyway.stores.modal.getState().isOpen).toBe(true), WAIT);
    expect(keyway.stores.modal.getState().history.at(-1)?.params?.method).toBe(
      'solana_signAndSendTransaction',
    );
    const signature = encodeBase58(new Uint8Array(64).fill(5));
    fake.reply(request as never, { result: { signature } });
    const [result] = await sent;
    expect(result?.signature).toEqual(new Uint8Array(64).fill(5));
  });

  it('signing out on the EVM side ends the Solana connection too', async () => {
    const keyway = make(keywayLocal);
    await login(keyway);
    await disconnect(keyway.wagmiConfig);
    await vi.waitFor(() => expect(keyway.solana!.store.getState().status).toBe('disconnected'), WAIT);
    expect(kv.getItem(STORAGE_KEYS.solanaWallet)).toBeNull();
    expect(persistent.getItem(LOGIN_CACHE_KEYS.emailLoginUsed)).toBeNull();
  });

  it('Disconnect on the Solana network signs the login out (both sides, the login cache cleared)', async () => {
    const keyway = make();
    await login(keyway);
    await keyway.stores.account.getState().disconnect();
    expect(keyway.solana!.store.getState().status).toBe('disconnected');
    await vi.waitFor(() => expect(getConnection(keyway.wagmiConfig).status).toBe('disconnected'), WAIT);
    expect(fake.requests.map((r) => r.type)).toContain('@keyway-app/SIGN_OUT');
    expect(persistent.getItem(LOGIN_CACHE_KEYS.emailLoginUsed)).toBeNull();
    expect(keyway.stores.account.getState().isConnected).toBe(false);
  });

  it('a remembered login reconnects the Solana side on a second visit, without a prompt', async () => {
    const first = make();
    await login(first);
    first.destroy();
    for (const el of document.querySelectorAll('iframe')) el.remove();
    fake.requests.length = 0;

    const keyway = make();
    await reconnect(keyway.wagmiConfig);
    await vi.waitFor(() => expect(keyway.solana!.store.getState().status).toBe('connected'), WAIT);
    expect(keyway.solana!.store.getState().address).toBe(SOL_ADDRESS);
    expect(getUserChains()).toContain(REFERENCE);
    expect(keyway.stores.account.getState().address).toBe(SOL_ADDRESS);
  });

  it('without a login the remembered Solana wallet is forgotten, and nothing is asked of the frame', async () => {
    kv.setItem(STORAGE_KEYS.solanaWallet, 'Email & Social');
    const keyway = make();
    await vi.waitFor(() => expect(kv.getItem(STORAGE_KEYS.solanaWallet)).toBeNull(), WAIT);
    expect(keyway.solana!.store.getState().status).toBe('disconnected');
    expect(document.querySelectorAll('iframe').length).toBe(0);
  });
});

function findEmbeddedFeature(keyway: Keyway): SignAndSendTransactionFeature {
  const wallet = embeddedWalletOf(keyway);
  return wallet.features[SOLANA_SIGN_AND_SEND_TRANSACTION] as SignAndSendTransactionFeature;
}
function findEmbeddedAccount(keyway: Keyway) {
  return embeddedWalletOf(keyway).accounts[0]!;
}
function embeddedWalletOf(keyway: Keyway) {
  const wallet = keyway.embeddedSolanaWallet;
  if (!wallet) throw new Error('no embedded Solana wallet on the instance');
  return wallet;
}
