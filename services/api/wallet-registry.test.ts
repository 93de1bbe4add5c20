/** The generated wallet registry: deterministic, unique ids and names, and a larger size on request. */
import { describe, expect, it } from 'vitest';
import { REGISTRY_SIZE, walletRegistry } from './wallet-registry.ts';

describe('walletRegistry', () => {
  it('has REGISTRY_SIZE entries by default, ordered from 1', () => {
    const list = walletRegistry();
    expect(list).toHaveLength(REGISTRY_SIZE);
    expect(list.map((w) => w.order)).toEqual(list.map((_, i) => i + 1));
  });

  it('grows to a requested size with unique ids and names, keeping the default entries first', () => {
    const big = walletRegistry(5000);
    expect(big).toHaveLength(5000);
    expect(new Set(big.map((w) => w.id)).size).toBe(5000);
    expect(new Set(big.map((w) => w.name)).size).toBe(5000);
    expect(big.slice(0, REGISTRY_SIZE)).toEqual(walletRegistry());
  });

  it('can be smaller than the default', () => {
    expect(walletRegistry(3).map((w) => w.name)).toEqual(['Keyway Dev Wallet', 'MetaMask', 'Trust Wallet']);
  });
});
