import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KeywayError } from '../../core/errors';
import { lamportsToSol, solToLamports } from './amount';

describe('solToLamports', () => {
  it('converts decimal strings exactly', () => {
    expect(solToLamports('0.1')).toBe(100_000_000n);
    expect(solToLamports('1')).toBe(1_000_000_000n);
    expect(solToLamports('0.000000001')).toBe(1n);
    expect(solToLamports('.5')).toBe(500_000_000n);
    expect(solToLamports('2.')).toBe(2_000_000_000n);
    expect(solToLamports('0')).toBe(0n);
    expect(solToLamports(' 3.25 ')).toBe(3_250_000_000n);
    // beyond float precision: 2^53 + 1 SOL and nine decimals
    expect(solToLamports('9007199254740993.123456789')).toBe(9_007_199_254_740_993_123_456_789n);
    expect(solToLamports('0.3')).toBe(300_000_000n); // 0.1 + 0.2 is not 0.3 in floats
  });

  it.each([
    ['more than 9 decimals', '0.0000000001'],
    ['negative', '-0.1'],
    ['non-numeric', 'abc'],
    ['empty', ''],
    ['a lone separator', '.'],
    ['exponent notation', '1e-3'],
    ['a comma', '0,1'],
    ['two separators', '1.2.3'],
    ['hex', '0x10'],
  ])('throws the catalogue message for %s', (_what, input) => {
    let caught: unknown;
    try {
      solToLamports(input);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(KeywayError);
    expect((caught as KeywayError).code).toBe('solanaInvalidInput');
  });

  it('inverts lamportsToSol for every lamport amount', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 20n }), (lamports) => {
        expect(solToLamports(lamportsToSol(lamports))).toBe(lamports);
      }),
    );
  });

  it('formats lamports as SOL without trailing zeros', () => {
    expect(lamportsToSol(100_000_000n)).toBe('0.1');
    expect(lamportsToSol(1_000_000_000n)).toBe('1');
    expect(lamportsToSol(1n)).toBe('0.000000001');
  });
});
