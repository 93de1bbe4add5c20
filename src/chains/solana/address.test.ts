import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeBase58, encodeBase58, isSolanaAddress } from './address';

describe('isSolanaAddress', () => {
  it('accepts base58 text of 32 bytes', () => {
    expect(isSolanaAddress('11111111111111111111111111111111')).toBe(true); // system program (32 zero bytes)
    expect(isSolanaAddress('So11111111111111111111111111111111111111112')).toBe(true);
    expect(isSolanaAddress('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')).toBe(true);
  });

  it('refuses EVM addresses, wrong lengths and characters outside the alphabet', () => {
    expect(isSolanaAddress('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).toBe(false);
    expect(isSolanaAddress('')).toBe(false);
    expect(isSolanaAddress('1111111111111111111111111111111')).toBe(false); // 31 bytes
    expect(isSolanaAddress('So1111111111111111111111111111111111111111O')).toBe(false); // 'O'
    expect(isSolanaAddress('So1111111111111111111111111111111111111111l')).toBe(false); // 'l'
    expect(isSolanaAddress(' So11111111111111111111111111111111111111112')).toBe(false);
    // 44 characters that decode to more than 32 bytes
    expect(isSolanaAddress('zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz')).toBe(false);
  });

  it('round-trips any 32 bytes and accepts their encoding', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (bytes) => {
        const text = encodeBase58(bytes);
        expect(decodeBase58(text)).toEqual(bytes);
        expect(isSolanaAddress(text)).toBe(true);
      }),
    );
  });

  it('refuses the encoding of any other length', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 0, maxLength: 64 }).filter((b) => b.length !== 32),
        (bytes) => {
          expect(isSolanaAddress(encodeBase58(bytes))).toBe(false);
        },
      ),
    );
  });
});
