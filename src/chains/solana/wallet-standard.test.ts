import { describe, expect, it, vi } from 'vitest';
import { createSolanaTestWallet } from '../../testing/solana-wallet';
import {
  APP_READY_EVENT,
  isWallet,
  listenForWallets,
  REGISTER_WALLET_EVENT,
  registerWallet,
  solanaFeatures,
  standardChainOf,
  type Wallet,
} from './wallet-standard';

// 64-byte secret key: seed 1..32 followed by a placeholder public key (never signed with here).
const SECRET = Uint8Array.from({ length: 64 }, (_, i) => (i < 32 ? i + 1 : 7));
const testWallet = (name = 'Test Solana') =>
  createSolanaTestWallet({ secretKey: SECRET, rpcUrl: 'http://127.0.0.1:1', name });

describe('Wallet Standard handshake', () => {
  it('a wallet that registers before the app is heard when the app becomes ready', () => {
    const target = new EventTarget();
    const wallet = testWallet();
    wallet.register(target);
    const seen: unknown[] = [];
    const stop = listenForWallets(target, (w) => {
      seen.push(w);
      return () => undefined;
    });
    expect(seen).toEqual([wallet.wallet]);
    stop();
  });

  it('a wallet that registers after the app is heard at once', () => {
    const target = new EventTarget();
    const seen: unknown[] = [];
    listenForWallets(target, (w) => {
      seen.push(w);
      return () => undefined;
    });
    const wallet = testWallet();
    wallet.register(target);
    expect(seen).toEqual([wallet.wallet]);
  });

  it('speaks the standard events: register-wallet carries a callback, app-ready carries { register }', () => {
    const target = new EventTarget();
    const registerEvents: unknown[] = [];
    target.addEventListener(REGISTER_WALLET_EVENT, (e) => registerEvents.push((e as CustomEvent).detail));
    const wallet = testWallet();
    registerWallet(target, wallet.wallet);
    expect(registerEvents).toHaveLength(1);
    expect(typeof registerEvents[0]).toBe('function');
    const register = vi.fn(() => () => undefined);
    target.dispatchEvent(new CustomEvent(APP_READY_EVENT, { detail: { register } }));
    expect(register).toHaveBeenCalledWith(wallet.wallet);
  });

  it('unregistering removes the wallet from every app that registered it', () => {
    const target = new EventTarget();
    const off = vi.fn();
    listenForWallets(target, () => off);
    const unregister = testWallet().register(target);
    expect(off).not.toHaveBeenCalled();
    unregister();
    expect(off).toHaveBeenCalledTimes(1);
  });

  it('an app that stopped listening hears no more wallets; a throwing callback does not break it', () => {
    const target = new EventTarget();
    const seen: unknown[] = [];
    const stop = listenForWallets(target, (w) => {
      seen.push(w);
      return () => undefined;
    });
    target.dispatchEvent(
      new CustomEvent(REGISTER_WALLET_EVENT, {
        detail: () => {
          throw new Error('broken wallet script');
        },
      }),
    );
    target.dispatchEvent(new CustomEvent(REGISTER_WALLET_EVENT, { detail: 'not a callback' }));
    stop();
    testWallet().register(target);
    expect(seen).toEqual([]);
  });
});

describe('wallet checks', () => {
  it('accepts the test wallet and reads its Solana features', () => {
    const { wallet } = testWallet();
    expect(isWallet(wallet)).toBe(true);
    const f = solanaFeatures(wallet);
    expect(f?.connect).toBeDefined();
    expect(f?.signAndSendTransaction).toBeDefined();
    expect(f?.signTransaction).toBeDefined();
    expect(f?.disconnect).toBeDefined();
    expect(f?.events).toBeDefined();
  });

  it('refuses malformed wallets and wallets without a Solana chain or signing', () => {
    const { wallet } = testWallet();
    expect(isWallet(null)).toBe(false);
    expect(isWallet({ ...wallet, version: '2.0.0' })).toBe(false);
    expect(isWallet({ ...wallet, name: '' })).toBe(false);
    expect(isWallet({ ...wallet, chains: 'solana:devnet' })).toBe(false);
    const evmOnly = { ...wallet, chains: ['eip155:1'] } as unknown as Wallet;
    expect(solanaFeatures(evmOnly)).toBeNull();
    const noSigning = {
      ...wallet,
      features: { 'standard:connect': wallet.features['standard:connect'] },
    } as unknown as Wallet;
    expect(solanaFeatures(noSigning)).toBeNull();
    const badConnect = {
      ...wallet,
      features: { ...wallet.features, 'standard:connect': { version: '1.0.0', connect: 'no' } },
    } as unknown as Wallet;
    expect(solanaFeatures(badConnect)).toBeNull();
  });

  it('maps CAIP-2 Solana networks to Wallet Standard chains', () => {
    expect(standardChainOf('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toBe('solana:mainnet');
    expect(standardChainOf('solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1')).toBe('solana:devnet');
    expect(standardChainOf('solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z')).toBe('solana:testnet');
    expect(standardChainOf('solana:somethingElse')).toBe('solana:localnet');
  });
});
