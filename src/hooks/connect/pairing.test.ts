import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAIRING_EXPIRY_MARGIN_MS, PAIRING_LIFETIME_MS } from '../../core/constants';
import { kitMessage } from '../../core/messages';
import { createTestPairingProvider } from '../../testing/pairing';
import { createPairingStore } from './pairing';
import type { WalletEntry } from './wallets';

const wallet: WalletEntry = {
  id: 'w-rainbow',
  name: 'Rainbow',
  source: 'explorer',
  links: { mobile: 'rainbow://', desktop: 'https://rnbwapp.com' },
};

/** Lets pending promise callbacks run (the test provider emits URIs on a microtask). */
const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

function setup() {
  const provider = createTestPairingProvider();
  const onConnected = vi.fn();
  const getProvider = vi.fn(async () => provider);
  const store = createPairingStore({ getProvider, onConnected });
  return { provider, store, onConnected, getProvider, s: () => store.getState() };
}

describe('pairing lifetime and expiry', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('buffers until a URI arrives, then gives it a 4-minute lifetime', async () => {
    const { store, s, provider } = setup();
    const started = store.getState().start(wallet);
    expect(s()).toMatchObject({ status: 'pairing', buffering: true, uri: null });
    await flush();
    expect(s().buffering).toBe(false);
    expect(s().uri).toBe(provider.uris[0]);
    expect(s().uri).toMatch(/^wc:[0-9a-f]{64}@2\?relay-protocol=irn&symKey=[0-9a-f]{64}$/);
    expect(s().expiresAt).toBe(Date.now() + PAIRING_LIFETIME_MS);
    expect(s().generation).toBe(1);
    s().cancel();
    await started;
  });

  it('is treated as expired when 10 s or less remain', async () => {
    const { s } = setup();
    void s().start(wallet);
    await flush();
    const expiresAt = s().expiresAt!;
    expect(s().isExpired(expiresAt - PAIRING_EXPIRY_MARGIN_MS - 1)).toBe(false);
    expect(s().remainingMs(expiresAt - PAIRING_EXPIRY_MARGIN_MS - 1)).toBe(1);
    expect(s().isExpired(expiresAt - PAIRING_EXPIRY_MARGIN_MS)).toBe(true);
    expect(s().isExpired(expiresAt)).toBe(true);
    s().cancel();
    expect(s().isExpired()).toBe(true);
  });

  it('refreshes an expiring URI automatically with a new one', async () => {
    const { s, provider } = setup();
    void s().start(wallet);
    await flush();
    const first = s().uri;
    await vi.advanceTimersByTimeAsync(PAIRING_LIFETIME_MS - PAIRING_EXPIRY_MARGIN_MS - 1);
    expect(s().uri).toBe(first);
    await vi.advanceTimersByTimeAsync(1);
    await flush();
    expect(provider.cancelCalls).toBe(1);
    expect(provider.uris).toHaveLength(2);
    expect(s().uri).toBe(provider.uris[1]);
    expect(s().uri).not.toBe(first);
    expect(s().generation).toBe(2);
    expect(s().status).toBe('pairing');
    expect(s().isExpired()).toBe(false);
    expect(s().expiresAt).toBe(Date.now() + PAIRING_LIFETIME_MS);
    s().cancel();
  });

  it('takes a shorter lifetime when given one (the testing option) and refreshes at its end', async () => {
    const provider = createTestPairingProvider();
    const store = createPairingStore({ getProvider: async () => provider, lifetimeMs: 20_000 });
    const s = () => store.getState();
    void s().start(wallet);
    await flush();
    expect(s().expiresAt).toBe(Date.now() + 20_000);
    expect(s().remainingMs()).toBe(20_000 - PAIRING_EXPIRY_MARGIN_MS);
    await vi.advanceTimersByTimeAsync(20_000 - PAIRING_EXPIRY_MARGIN_MS - 1);
    expect(provider.uris).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await flush();
    expect(provider.uris).toHaveLength(2);
    expect(s()).toMatchObject({ uri: provider.uris[1], generation: 2, status: 'pairing' });
    s().cancel();
  });

  it('refreshes when the relay reports the pairing as expired', async () => {
    const { s, provider } = setup();
    void s().start(wallet);
    await flush();
    provider.expire();
    await flush();
    expect(provider.uris).toHaveLength(2);
    expect(s().uri).toBe(provider.uris[1]);
    expect(s()).toMatchObject({ status: 'pairing', generation: 2, error: null });
    s().cancel();
  });
});

describe('pairing outcome', () => {
  it('connects when the wallet approves', async () => {
    const { s, provider, onConnected } = setup();
    const started = s().start(wallet);
    await flush();
    await provider.approve();
    await started;
    expect(s()).toMatchObject({ status: 'connected', error: null, buffering: false });
    expect(onConnected).toHaveBeenCalledWith(wallet);
  });

  it('is declined on a user rejection, and retry pairs again for the same wallet', async () => {
    const { s, provider } = setup();
    const started = s().start(wallet);
    await flush();
    provider.decline();
    await started;
    expect(s()).toMatchObject({
      status: 'declined',
      uri: null,
      error: expect.objectContaining({ reason: 'User rejected the request.' }),
    });
    const retried = s().retry();
    await flush();
    expect(s()).toMatchObject({ status: 'pairing', wallet, uri: provider.uris[1] });
    await provider.approve();
    await retried;
    expect(s().status).toBe('connected');
  });

  it('shows an error for other failures', async () => {
    const { s, provider } = setup();
    const started = s().start(wallet);
    await flush();
    provider.fail('Relay unavailable');
    await started;
    expect(s()).toMatchObject({
      status: 'error',
      error: expect.objectContaining({ reason: 'Relay unavailable' }),
    });
  });

  it('is an error when no transport is installed', async () => {
    const store = createPairingStore({ getProvider: async () => null });
    await store.getState().start(wallet);
    expect(store.getState()).toMatchObject({ status: 'error', error: kitMessage('pairingUnavailable') });
  });

  it('cancel returns to idle and ignores what the old pairing does afterwards', async () => {
    const { s, provider, onConnected } = setup();
    const started = s().start(wallet);
    await flush();
    s().cancel();
    await started;
    expect(s()).toMatchObject({ status: 'idle', uri: null, wallet: null });
    expect(provider.pending).toBe(false);
    expect(onConnected).not.toHaveBeenCalled();
  });

  it('builds deep links from the wallet’s https link or its own scheme only', async () => {
    const { s, provider } = setup();
    void s().start(wallet);
    await flush();
    const uri = provider.uris[0]!;
    expect(s().deepLink('mobile')).toBe(`rainbow://wc?uri=${encodeURIComponent(uri)}`);
    expect(s().deepLink('desktop')).toBe(`https://rnbwapp.com/wc?uri=${encodeURIComponent(uri)}`);
    s().cancel();

    const evil: WalletEntry = { ...wallet, links: { mobile: 'javascript:alert(1)' } };
    void s().start(evil);
    await flush();
    expect(s().deepLink('mobile')).toBeNull();
    expect(s().deepLink('desktop')).toBeNull();
    s().cancel();
  });
});
