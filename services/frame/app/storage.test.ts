/**
 * The frame's key storage when two tabs of the frame create the same key at once (IndexedDB from
 * fake-indexeddb, WebCrypto from Node): each must end up with the key that is stored, never one of its own
 * that another tab's write replaced.
 */
import 'fake-indexeddb/auto';
import { privateKeyToAddress } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { deviceId, kvGet, loadOrCreateSolanaKey, loadOrCreateUserKey } from './storage.ts';

describe('frame key storage across tabs', () => {
  it('two tabs creating the same user key at once both get the one that is stored', async () => {
    const [a, b] = await Promise.all([loadOrCreateUserKey('user-race'), loadOrCreateUserKey('user-race')]);
    expect(a).toBe(b);
    // And it is what a later load reads.
    expect(await loadOrCreateUserKey('user-race')).toBe(a);
    expect(privateKeyToAddress(a)).toMatch(/^0x[0-9a-fA-F]{40}$/);
  });

  it('keeps one wrapping key, one device id and one Solana key per user', async () => {
    const [d1, d2] = await Promise.all([deviceId(), deviceId()]);
    expect(d1).toBe(d2);
    expect(await kvGet('device-id')).toBe(d1);
    const [s1, s2] = await Promise.all([
      loadOrCreateSolanaKey('user-sol'),
      loadOrCreateSolanaKey('user-sol'),
    ]);
    expect(s1.address).toBe(s2.address);
    expect((await loadOrCreateSolanaKey('user-sol')).address).toBe(s1.address);
  });
});
