/**
 * The sign-in session follows the account (store.ts `syncAccount`): checked when an account connects or comes
 * back, ended and asked again when the account or chain changes, ended on disconnect. The host's callbacks are
 * stubs here (the signing itself is proven against a real wallet in hooks/wallet-flows.test.ts).
 */
import { describe, expect, it, vi } from 'vitest';
import type { Config } from 'wagmi';
import type { SiweConfig, SiweSession } from '../../core/options';
import type { OutcomeOf } from '../../core/outcomes';
import { createSiweStore, type SiweAccount, type SiweConnection, sessionMatches } from './store';

const A: SiweAccount = { address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', chainId: 31337 };
const B: SiweAccount = { address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', chainId: 31337 };

const connected = (account: SiweAccount): SiweConnection => ({ status: 'connected', account });
const DISCONNECTED: SiweConnection = { status: 'disconnected', account: null };

/** A deferred promise (a host call that answers when the test says so). */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

function setup(opts: { session?: SiweSession | null; enabled?: boolean } = {}) {
  let hostSession: SiweSession | null = opts.session ?? null;
  const host = {
    getNonce: vi.fn(async () => 'abcdefgh12345678'),
    verifyMessage: vi.fn(async () => true),
    getSession: vi.fn(async () => hostSession),
    signOut: vi.fn(async () => {
      hostSession = null;
      return true;
    }),
  } satisfies SiweConfig;
  const outcomes: OutcomeOf<'siwe'>[] = [];
  let account: SiweAccount | null = null;
  const store = createSiweStore({
    siwe: host,
    enabled: opts.enabled ?? true,
    getWagmiConfig: () => ({}) as Config,
    getAccount: () => account,
    disconnect: async () => undefined,
    emit: (o) => outcomes.push(o),
  });
  /** Feeds a connection change, as the instance does from the account store. */
  const sync = (c: SiweConnection) => {
    account = c.status === 'connected' ? c.account : null;
    store.getState().syncAccount(c);
  };
  /** Waits until the store settled on a status other than `checking`. */
  const settled = () => vi.waitFor(() => expect(store.getState().status).not.toBe('checking'));
  return {
    store,
    host,
    outcomes,
    sync,
    settled,
    setHostSession: (s: SiweSession | null) => {
      hostSession = s;
    },
    s: () => store.getState(),
  };
}

describe('the session at load and on reconnect', () => {
  it('a session of the connected address and chain is kept: signed in, no signature asked', async () => {
    const t = setup({ session: { address: A.address.toLowerCase(), chainId: 31337 } });
    t.sync({ status: 'reconnecting', account: A });
    expect(t.host.getSession).not.toHaveBeenCalled();
    t.sync(connected(A));
    expect(t.s().status).toBe('checking');
    await t.settled();
    expect(t.s()).toMatchObject({ status: 'success', required: null });
    expect(t.s().session).toEqual({ address: A.address.toLowerCase(), chainId: 31337 });
    expect(t.outcomes).toEqual([{ flow: 'siwe', status: 'restored' }]);
    expect(t.host.getNonce).not.toHaveBeenCalled();
    expect(t.host.verifyMessage).not.toHaveBeenCalled();
    expect(t.host.signOut).not.toHaveBeenCalled();
  });

  it('a session of another address is ended and a sign-in is asked', async () => {
    const t = setup({ session: { address: B.address, chainId: 31337 } });
    t.sync(connected(A));
    await t.settled();
    expect(t.host.signOut).toHaveBeenCalledTimes(1);
    expect(t.s()).toMatchObject({ status: 'idle', session: null, required: 'accountChanged' });
    expect(t.outcomes).toEqual([{ flow: 'siwe', status: 'required', reason: 'accountChanged' }]);
  });

  it('a session of the same address on another chain is ended too (chainChanged)', async () => {
    const t = setup({ session: { address: A.address, chainId: 31338 } });
    t.sync(connected(A));
    await t.settled();
    expect(t.host.signOut).toHaveBeenCalledTimes(1);
    expect(t.outcomes).toEqual([{ flow: 'siwe', status: 'required', reason: 'chainChanged' }]);
  });

  it('no session: a sign-in is asked, nothing is signed out', async () => {
    const t = setup();
    t.sync(connected(A));
    await t.settled();
    expect(t.s()).toMatchObject({ status: 'idle', required: 'noSession' });
    expect(t.outcomes).toEqual([{ flow: 'siwe', status: 'required', reason: 'noSession' }]);
    expect(t.host.signOut).not.toHaveBeenCalled();
  });

  it('a host whose session cannot be read: an error (siweFailed), no sign-in asked', async () => {
    const t = setup();
    t.host.getSession.mockRejectedValueOnce(new Error('offline'));
    t.sync(connected(A));
    await t.settled();
    expect(t.s()).toMatchObject({ status: 'error', error: { code: 'siweFailed', reason: 'offline' } });
    expect(t.outcomes.map((o) => o.status)).toEqual(['error']);
  });

  it('an answer for an account that is no longer connected is dropped', async () => {
    const t = setup();
    const late = deferred<SiweSession | null>();
    t.host.getSession.mockReturnValueOnce(late.promise);
    t.sync(connected(A));
    t.sync(connected(B));
    // A's check still waits when B connects: B is asked to sign in; A's late answer changes nothing.
    await t.settled();
    late.resolve({ address: A.address, chainId: 31337 });
    await late.promise;
    await Promise.resolve();
    expect(t.s()).toMatchObject({ session: null, required: 'accountChanged' });
    expect(t.outcomes.map((o) => o.status)).toEqual(['required']);
  });

  it('does nothing when sign-in is off', async () => {
    const t = setup({ enabled: false, session: { address: A.address, chainId: 31337 } });
    t.sync(connected(A));
    t.sync(DISCONNECTED);
    await Promise.resolve();
    expect(t.host.getSession).not.toHaveBeenCalled();
    expect(t.host.signOut).not.toHaveBeenCalled();
    expect(t.s().status).toBe('idle');
  });
});

describe('a change of account or chain, and a disconnect', () => {
  /** Signed in as A (a restored session). */
  async function signedInAsA() {
    const t = setup({ session: { address: A.address, chainId: 31337 } });
    t.sync(connected(A));
    await t.settled();
    expect(t.s().status).toBe('success');
    t.outcomes.length = 0;
    return t;
  }

  it('another account: the old session is ended, then a sign-in is asked (accountChanged)', async () => {
    const t = await signedInAsA();
    t.sync(connected(B));
    await vi.waitFor(() => expect(t.outcomes).toHaveLength(1));
    expect(t.host.signOut).toHaveBeenCalledTimes(1);
    expect(t.outcomes).toEqual([{ flow: 'siwe', status: 'required', reason: 'accountChanged' }]);
    expect(t.s()).toMatchObject({ status: 'idle', session: null, required: 'accountChanged' });
    // The new account's session is not asked for: the host had one session, and it just ended.
    expect(t.host.getSession).toHaveBeenCalledTimes(1);
  });

  it('another chain: the same (chainChanged)', async () => {
    const t = await signedInAsA();
    t.sync(connected({ ...A, chainId: 31338 }));
    await vi.waitFor(() => expect(t.outcomes).toHaveLength(1));
    expect(t.host.signOut).toHaveBeenCalledTimes(1);
    expect(t.outcomes).toEqual([{ flow: 'siwe', status: 'required', reason: 'chainChanged' }]);
  });

  it('the same account told again (another field of the account changed) changes nothing', async () => {
    const t = await signedInAsA();
    t.sync(connected({ ...A, address: A.address.toLowerCase() as `0x${string}` }));
    await Promise.resolve();
    expect(t.s().status).toBe('success');
    expect(t.host.signOut).not.toHaveBeenCalled();
    expect(t.outcomes).toEqual([]);
  });

  it('a Solana account (no EVM account) keeps the EVM session; back on the same EVM account, still signed in', async () => {
    const t = await signedInAsA();
    t.sync({ status: 'connected', account: null });
    t.sync(connected(A));
    await Promise.resolve();
    expect(t.s().status).toBe('success');
    expect(t.host.signOut).not.toHaveBeenCalled();
  });

  it('a disconnect ends the session with the host, and asks nothing', async () => {
    const t = await signedInAsA();
    t.sync({ status: 'connecting', account: null });
    expect(t.host.signOut).not.toHaveBeenCalled();
    t.sync(DISCONNECTED);
    await vi.waitFor(() => expect(t.host.signOut).toHaveBeenCalledTimes(1));
    expect(t.s()).toMatchObject({ status: 'idle', session: null, required: null });
    expect(t.outcomes).toEqual([]);
  });

  it('a disconnect without a session calls no signOut; one before any connection neither', async () => {
    const t = setup();
    t.sync(DISCONNECTED);
    t.sync(connected(A));
    await t.settled();
    t.sync(DISCONNECTED);
    await Promise.resolve();
    expect(t.host.signOut).not.toHaveBeenCalled();
    expect(t.s()).toMatchObject({ status: 'idle', required: null });
  });

  it('a sign-in under way for the old account is dropped when the account changes', async () => {
    const t = setup();
    t.sync(connected(A));
    await t.settled();
    const nonce = deferred<string>();
    t.host.getNonce.mockReturnValueOnce(nonce.promise);
    const signing = t.s().signIn();
    expect(t.s().status).toBe('signing');
    t.sync(connected(B));
    nonce.resolve('abcdefgh12345678');
    expect(await signing).toBe(false);
    await vi.waitFor(() => expect(t.s().required).toBe('accountChanged'));
    expect(t.host.verifyMessage).not.toHaveBeenCalled();
  });
});

describe('sessionMatches', () => {
  it('compares addresses without regard to case, and the chain exactly', () => {
    expect(sessionMatches({ address: A.address.toUpperCase().replace('0X', '0x'), chainId: 31337 }, A)).toBe(
      true,
    );
    expect(sessionMatches({ address: A.address, chainId: 1 }, A)).toBe(false);
    expect(sessionMatches(null, A)).toBe(false);
    expect(sessionMatches({ address: A.address, chainId: 31337 }, null)).toBe(false);
  });
});
