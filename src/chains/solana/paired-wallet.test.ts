import { Keypair, PublicKey, SystemProgram, Transaction } from '@solana/web3.js';
import { describe, expect, it, vi } from 'vitest';
import { solanaLocal } from '../../core/networks';
import { encodeBase58 } from './address';
import { base64ToBytes } from './base64';
import {
  createPairedSolanaWallet,
  PAIRED_SOLANA_WALLET_NAME,
  type PairedSession,
  withSignature,
} from './paired-wallet';
import { isWallet, type SignMessageFeature, SOLANA_SIGN_MESSAGE, solanaFeatures } from './wallet-standard';

const signer = Keypair.fromSeed(new Uint8Array(32).fill(7));
const ADDRESS = signer.publicKey.toBase58();
const SIGNATURE = encodeBase58(new Uint8Array(64).fill(9));

/** A transfer from the signer, unsigned, as the adapter hands it to a wallet. */
function unsignedTransfer(): { tx: Transaction; wire: Uint8Array } {
  const tx = new Transaction({
    feePayer: signer.publicKey,
    blockhash: encodeBase58(new Uint8Array(32).fill(3)),
    lastValidBlockHeight: 10,
  }).add(
    SystemProgram.transfer({
      fromPubkey: signer.publicKey,
      toPubkey: new PublicKey(encodeBase58(new Uint8Array(32).fill(5))),
      lamports: 1234,
    }),
  );
  return { tx, wire: tx.serialize({ requireAllSignatures: false, verifySignatures: false }) };
}

function setup(answer: (method: string, params: unknown) => unknown = () => ({ signature: SIGNATURE })) {
  const ends = new Set<() => void>();
  let accounts = [`${ADDRESS}`];
  const session: PairedSession = {
    solanaAccounts: () => accounts,
    request: vi.fn(async ({ method, params }) => answer(method, params)),
    disconnect: vi.fn(async () => undefined),
    onEnd: (listener) => {
      ends.add(listener);
      return () => ends.delete(listener);
    },
  };
  let current: PairedSession | null = session;
  const wallet = createPairedSolanaWallet({
    getSession: async () => current,
    networks: [solanaLocal],
    getNetwork: () => solanaLocal,
  });
  const features = solanaFeatures(wallet);
  if (
    !features?.disconnect ||
    !features.events ||
    !features.signAndSendTransaction ||
    !features.signTransaction
  )
    throw new Error('the paired wallet lacks a feature');
  return {
    wallet,
    session,
    end: () => {
      for (const l of [...ends]) l();
    },
    unpair: () => {
      current = null;
    },
    setAccounts: (next: string[]) => {
      accounts = next;
    },
    connect: features.connect,
    disconnect: features.disconnect,
    events: features.events,
    signAndSend: features.signAndSendTransaction,
    sign: features.signTransaction,
    signMessage: (wallet.features as Record<string, unknown>)[SOLANA_SIGN_MESSAGE] as SignMessageFeature,
  };
}

describe("a paired phone wallet's Solana side (Wallet Standard over the pairing's session)", () => {
  it('is a Wallet Standard wallet on the configured chains, named for the adapter', () => {
    const { wallet } = setup();
    expect(isWallet(wallet)).toBe(true);
    expect(solanaFeatures(wallet)).not.toBeNull();
    expect(wallet.name).toBe(PAIRED_SOLANA_WALLET_NAME);
    expect(wallet.chains).toEqual(['solana:devnet']);
  });

  it('connects to the session’s Solana account; without a session a silent connect finds none and a click fails clearly', async () => {
    const t = setup();
    expect((await t.connect.connect()).accounts.map((a) => a.address)).toEqual([ADDRESS]);
    t.unpair();
    const other = setup();
    other.unpair();
    expect(await other.connect.connect({ silent: true })).toEqual({ accounts: [] });
    await expect(other.connect.connect()).rejects.toMatchObject({ code: 'pairFirst' });
  });

  it('skips what is not a Solana address among the session’s accounts', async () => {
    const t = setup();
    t.setAccounts(['0x1234', 'not-base58!', ADDRESS]);
    expect((await t.connect.connect()).accounts[0]?.address).toBe(ADDRESS);
    const none = setup();
    none.setAccounts(['0x1234']);
    await expect(none.connect.connect()).rejects.toMatchObject({ code: 'pairFirst' });
  });

  it('sends a transaction as WalletConnect’s solana_signAndSendTransaction on the network’s CAIP-2 id', async () => {
    const t = setup();
    const [account] = (await t.connect.connect()).accounts;
    const { wire } = unsignedTransfer();
    const [result] = await t.signAndSend.signAndSendTransaction({
      account: account!,
      transaction: wire,
      chain: 'solana:devnet',
      options: { preflightCommitment: 'confirmed' },
    });
    expect(result?.signature).toEqual(new Uint8Array(64).fill(9));
    const call = vi.mocked(t.session.request).mock.calls[0]![0];
    expect(call.chainId).toBe(solanaLocal.id);
    expect(call.method).toBe('solana_signAndSendTransaction');
    const params = call.params as { transaction: string; sendOptions: unknown };
    expect(base64ToBytes(params.transaction)).toEqual(new Uint8Array(wire));
    expect(params.sendOptions).toEqual({ preflightCommitment: 'confirmed' });
  });

  it('an answer that is not a signature is an error, never passed on', async () => {
    const t = setup(() => ({ signature: 'short' }));
    const [account] = (await t.connect.connect()).accounts;
    await expect(
      t.signAndSend.signAndSendTransaction({
        account: account!,
        transaction: unsignedTransfer().wire,
        chain: 'solana:devnet',
      }),
    ).rejects.toThrow('The wallet returned an invalid signature');
  });

  it('signTransaction: the signature-only answer goes into the signer’s slot, as the signer would have signed it', async () => {
    const { tx, wire } = unsignedTransfer();
    const signed = Transaction.from(tx.serialize({ requireAllSignatures: false, verifySignatures: false }));
    signed.sign(signer);
    const expected = signed.serialize();
    const t = setup(() => ({ signature: encodeBase58(signed.signature!) }));
    const [account] = (await t.connect.connect()).accounts;
    const [result] = await t.sign.signTransaction({ account: account!, transaction: wire });
    expect(result?.signedTransaction).toEqual(new Uint8Array(expected));
    expect(withSignature(wire, signer.publicKey.toBytes(), signed.signature!)).toEqual(
      new Uint8Array(expected),
    );
    // A key that does not sign the transaction has no slot.
    expect(() => withSignature(wire, new Uint8Array(32).fill(1), signed.signature!)).toThrow(
      'The account does not sign this transaction',
    );
  });

  it('signMessage sends the message in base58 with the signer, and returns the checked signature', async () => {
    const t = setup();
    const [account] = (await t.connect.connect()).accounts;
    const message = new TextEncoder().encode('hello');
    const [out] = await t.signMessage.signMessage({ account: account!, message });
    expect(out?.signature).toEqual(new Uint8Array(64).fill(9));
    expect(vi.mocked(t.session.request).mock.calls[0]![0]).toMatchObject({
      method: 'solana_signMessage',
      params: { message: encodeBase58(message), pubkey: ADDRESS },
    });
  });

  it('a session ended on either side empties its accounts (the adapter disconnects); its disconnect ends the session', async () => {
    const t = setup();
    const changes: number[] = [];
    t.events.on('change', (p) => changes.push(p.accounts?.length ?? -1));
    await t.connect.connect();
    t.end();
    expect(t.wallet.accounts).toEqual([]);
    expect(changes).toEqual([1, 0]);
    await t.connect.connect();
    await t.disconnect.disconnect();
    expect(t.session.disconnect).toHaveBeenCalledTimes(1);
    expect(t.wallet.accounts).toEqual([]);
  });

  it('refuses to sign for another account, or before it is connected', async () => {
    const t = setup();
    const stranger = { address: 'x', publicKey: new Uint8Array(32), chains: [], features: [] } as const;
    await expect(
      t.signMessage.signMessage({ account: stranger, message: new Uint8Array([1]) }),
    ).rejects.toThrow('The wallet is not connected');
    await t.connect.connect();
    await expect(
      t.signMessage.signMessage({ account: stranger, message: new Uint8Array([1]) }),
    ).rejects.toThrow('Unknown account');
    expect(t.session.request).not.toHaveBeenCalled();
  });
});
