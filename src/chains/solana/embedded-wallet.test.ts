import { describe, expect, it, vi } from 'vitest';
import { keywayLocal, solanaLocal } from '../../core/networks';
import { decodeBase58, encodeBase58 } from './address';
import { createEmbeddedSolanaWallet } from './embedded-wallet';
import {
  type ConnectFeature,
  type DisconnectFeature,
  type EventsFeature,
  isWallet,
  type SignAndSendTransactionFeature,
  type SignMessageFeature,
  type SignTransactionFeature,
  SOLANA_SIGN_AND_SEND_TRANSACTION,
  SOLANA_SIGN_MESSAGE,
  SOLANA_SIGN_TRANSACTION,
  STANDARD_CONNECT,
  STANDARD_DISCONNECT,
  STANDARD_EVENTS,
  solanaFeatures,
} from './wallet-standard';

const ADDRESS = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
const REFERENCE = solanaLocal.id.slice('solana:'.length);
const SIGNATURE = encodeBase58(new Uint8Array(64).fill(9));

function setup(opts: { login?: boolean; rpc?: (p: { method: string; params?: unknown }) => unknown } = {}) {
  const getUser = vi.fn(async (_p: { chainId: string }) => ({ address: ADDRESS }));
  const rpc = vi.fn(async (p: { method: string; params?: unknown }) => opts.rpc?.(p));
  const signOut = vi.fn(async () => undefined);
  const embedded = createEmbeddedSolanaWallet({
    frame: { getUser, rpc },
    networks: [solanaLocal],
    getNetwork: () => solanaLocal,
    hasLogin: () => opts.login ?? true,
    signOut,
    name: 'Email & Social',
    icon: 'data:image/svg+xml;base64,PHN2Zy8+',
  });
  const f = embedded.wallet.features as Record<string, unknown>;
  return {
    embedded,
    getUser,
    rpc,
    signOut,
    connect: f[STANDARD_CONNECT] as ConnectFeature,
    disconnect: f[STANDARD_DISCONNECT] as DisconnectFeature,
    events: f[STANDARD_EVENTS] as EventsFeature,
    signAndSend: f[SOLANA_SIGN_AND_SEND_TRANSACTION] as SignAndSendTransactionFeature,
    sign: f[SOLANA_SIGN_TRANSACTION] as SignTransactionFeature,
    signMessage: f[SOLANA_SIGN_MESSAGE] as SignMessageFeature,
  };
}

describe('the embedded wallet on Solana (Wallet Standard, backed by the frame)', () => {
  it('is a Wallet Standard wallet the adapter can use, on the configured Solana chains', () => {
    const { embedded } = setup();
    expect(isWallet(embedded.wallet)).toBe(true);
    expect(solanaFeatures(embedded.wallet)).not.toBeNull();
    expect(embedded.wallet.chains).toEqual(['solana:devnet']);
    expect(embedded.wallet.accounts).toEqual([]);
  });

  it('connects with the Solana address the frame answers for the network reference', async () => {
    const s = setup();
    const changes: unknown[] = [];
    s.events.on('change', (p) => changes.push(p.accounts?.map((a) => a.address)));
    const { accounts } = await s.connect.connect();
    expect(s.getUser).toHaveBeenCalledWith({ chainId: REFERENCE });
    expect(accounts.map((a) => a.address)).toEqual([ADDRESS]);
    expect(accounts[0]?.publicKey).toEqual(decodeBase58(ADDRESS));
    expect(s.embedded.connected).toBe(true);
    expect(changes).toEqual([[ADDRESS]]);
  });

  it('without a login: a silent connect returns no account, a prompted one says to log in', async () => {
    const s = setup({ login: false });
    await expect(s.connect.connect({ silent: true })).resolves.toEqual({ accounts: [] });
    await expect(s.connect.connect()).rejects.toMatchObject({ code: 'loginFirst' });
    expect(s.getUser).not.toHaveBeenCalled();
  });

  it('refuses an address from the frame that is not a Solana address', async () => {
    const s = setup();
    s.getUser.mockResolvedValueOnce({ address: '0x3333333333333333333333333333333333333333' });
    await expect(s.connect.connect()).rejects.toThrow();
    expect(s.embedded.connected).toBe(false);
  });

  it('signAndSendTransaction asks the frame with the base64 transaction, the reference and known options', async () => {
    const s = setup({ rpc: () => ({ signature: SIGNATURE }) });
    const { accounts } = await s.connect.connect();
    const account = accounts[0]!;
    const transaction = new Uint8Array([1, 2, 3, 250, 251, 252]);
    const [result] = await s.signAndSend.signAndSendTransaction({
      account,
      transaction,
      chain: 'solana:devnet',
      options: { preflightCommitment: 'confirmed', commitment: 'confirmed', maxRetries: 2 },
    });
    expect(s.rpc).toHaveBeenCalledWith({
      method: 'solana_signAndSendTransaction',
      params: {
        transaction: Buffer.from(transaction).toString('base64'),
        chainId: REFERENCE,
        options: { preflightCommitment: 'confirmed', maxRetries: 2 },
      },
    });
    expect(result?.signature).toEqual(new Uint8Array(64).fill(9));

    // Values the frame would refuse are dropped, not sent: with none left, no options at all.
    await s.signAndSend.signAndSendTransaction({
      account,
      transaction,
      chain: 'solana:devnet',
      options: { skipPreflight: 'yes', maxRetries: -1, preflightCommitment: 'recent' } as never,
    });
    expect(s.rpc).toHaveBeenLastCalledWith({
      method: 'solana_signAndSendTransaction',
      params: { transaction: Buffer.from(transaction).toString('base64'), chainId: REFERENCE },
    });
  });

  it('checks what the frame answers: a malformed signature is an error, not a result', async () => {
    const s = setup({ rpc: () => ({ signature: '0xnot-base58' }) });
    const { accounts } = await s.connect.connect();
    await expect(
      s.signAndSend.signAndSendTransaction({
        account: accounts[0]!,
        transaction: new Uint8Array([1]),
        chain: 'solana:devnet',
      }),
    ).rejects.toThrow();
    const short = setup({
      rpc: () => ({ signature: encodeBase58(new Uint8Array(63).fill(1)).padEnd(64, '1') }),
    });
    const { accounts: a2 } = await short.connect.connect();
    await expect(
      short.signAndSend.signAndSendTransaction({
        account: a2[0]!,
        transaction: new Uint8Array([1]),
        chain: 'solana:devnet',
      }),
    ).rejects.toThrow();
  });

  it("passes the frame's error through (a rejection in the frame rejects the send)", async () => {
    const s = setup({
      rpc: () => {
        throw new Error('User rejected the request.');
      },
    });
    const { accounts } = await s.connect.connect();
    await expect(
      s.signAndSend.signAndSendTransaction({
        account: accounts[0]!,
        transaction: new Uint8Array([1]),
        chain: 'solana:devnet',
      }),
    ).rejects.toThrow('User rejected the request.');
  });

  it('signTransaction returns the signed bytes; signMessage the signature over the message', async () => {
    const signed = new Uint8Array([9, 8, 7, 6]);
    const s = setup({
      rpc: ({ method }) =>
        method === 'solana_signTransaction'
          ? { transaction: Buffer.from(signed).toString('base64') }
          : { signature: SIGNATURE },
    });
    const { accounts } = await s.connect.connect();
    const account = accounts[0]!;
    const [tx] = await s.sign.signTransaction({ account, transaction: new Uint8Array([1]) });
    expect(tx?.signedTransaction).toEqual(signed);
    const message = new TextEncoder().encode('hello');
    const [sig] = await s.signMessage.signMessage({ account, message });
    expect(s.rpc).toHaveBeenLastCalledWith({
      method: 'solana_signMessage',
      params: { message: encodeBase58(message), pubkey: ADDRESS },
    });
    expect(sig?.signature).toEqual(new Uint8Array(64).fill(9));
    expect(sig?.signedMessage).toEqual(message);
  });

  it('refuses to sign before connecting, or for another account', async () => {
    const s = setup({ rpc: () => ({ signature: SIGNATURE }) });
    const other = {
      address: ADDRESS,
      publicKey: decodeBase58(ADDRESS)!,
      chains: ['solana:devnet'] as const,
      features: [],
    };
    await expect(
      s.signAndSend.signAndSendTransaction({
        account: other,
        transaction: new Uint8Array([1]),
        chain: 'solana:devnet',
      }),
    ).rejects.toThrow('The wallet is not connected');
    await s.connect.connect();
    await expect(
      s.signMessage.signMessage({
        account: { ...other, address: '11111111111111111111111111111111' },
        message: new Uint8Array([1]),
      }),
    ).rejects.toThrow('Unknown account');
    expect(s.rpc).not.toHaveBeenCalled();
  });

  it('an unknown chain is refused before anything is asked', async () => {
    const s = setup({ rpc: () => ({ signature: SIGNATURE }) });
    const { accounts } = await s.connect.connect();
    await expect(
      s.signAndSend.signAndSendTransaction({
        account: accounts[0]!,
        transaction: new Uint8Array([1]),
        chain: 'solana:mainnet',
      }),
    ).rejects.toThrow('The wallet does not support solana:mainnet');
    expect(s.rpc).not.toHaveBeenCalled();
    // A CAIP-2 id of a configured network is understood as well.
    await s.signAndSend.signAndSendTransaction({
      account: accounts[0]!,
      transaction: new Uint8Array([1]),
      chain: solanaLocal.id as `${string}:${string}`,
    });
    expect(s.rpc.mock.calls[0]?.[0].params).toMatchObject({ chainId: REFERENCE });
    expect(keywayLocal.chain).toBe('evm');
  });

  it('disconnect drops the account and signs the login out', async () => {
    const s = setup();
    await s.connect.connect();
    const changes: unknown[] = [];
    s.events.on('change', (p) => changes.push(p.accounts?.length));
    await s.disconnect.disconnect();
    expect(s.embedded.connected).toBe(false);
    expect(s.embedded.wallet.accounts).toEqual([]);
    expect(changes).toEqual([0]);
    expect(s.signOut).toHaveBeenCalledTimes(1);
  });
});
