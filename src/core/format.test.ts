import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareDecimal, subtractDecimal, unitsToDecimal } from './decimal';
import {
  formatTokenAmount,
  formatUsd,
  isValidEvmAddress,
  isValidSolanaAddress,
  shortenAddress,
} from './format';

describe('formatTokenAmount', () => {
  it.each([
    ['0', '0'],
    ['0.000', '0'],
    ['1', '1'],
    ['1.697269', '1.697'],
    ['1.9999', '1.999'],
    ['1250.000000', '1,250'],
    ['1234567.5', '1,234,567.5'],
    ['0.0004', '<0.001'],
    ['0.000400000000000001', '<0.001'],
    ['0.001', '0.001'],
    ['-2.5', '-2.5'],
    ['-0.0001', '>-0.001'],
    ['123456789012345678901234567890.123456789', '123,456,789,012,345,678,901,234,567,890.123'],
    ['1e-7', '<0.001'],
    ['1.5e3', '1,500'],
  ])('%s → %s', (input, out) => {
    expect(formatTokenAmount(input)).toBe(out);
  });

  it('honours maxDecimals and locale', () => {
    expect(formatTokenAmount('3.1234567', { maxDecimals: 6 })).toBe('3.123456');
    expect(formatTokenAmount('0.0000001', { maxDecimals: 6 })).toBe('<0.000001');
    expect(formatTokenAmount('0.4', { maxDecimals: 0 })).toBe('<1');
    expect(formatTokenAmount('1234.5', { locale: 'de-DE' })).toBe('1.234,5');
  });

  it("writes every digit in the locale's own digits, the decimals too", () => {
    // The integer part alone once went through Intl: Persian showed `۸٬۸۹۹٫9903`.
    expect(formatTokenAmount('8899.99031', { locale: 'fa', maxDecimals: 4 })).toBe('۸٬۸۹۹٫۹۹۰۳');
    expect(formatTokenAmount('0.0004', { locale: 'fa' })).toBe('<۰٫۰۰۱');
    expect(formatTokenAmount('0', { locale: 'fa' })).toBe('۰');
    expect(formatTokenAmount('1234567.891', { locale: 'hi' })).toBe('12,34,567.891');
    expect(formatTokenAmount('-1.9999', { locale: 'en-US' })).toBe('-1.999');
    expect(formatTokenAmount('123456789012345678901234567890.123456789', { maxDecimals: 6 })).toBe(
      '123,456,789,012,345,678,901,234,567,890.123456',
    );
  });

  it('shows a dash for garbage instead of throwing', () => {
    expect(formatTokenAmount('abc')).toBe('—');
    expect(formatTokenAmount('')).toBe('—');
    expect(formatTokenAmount('1,5')).toBe('—');
  });

  it('never shows more than the exact value (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 30n }),
        fc.integer({ min: 0, max: 18 }),
        (units, decimals) => {
          const exact = unitsToDecimal(units, decimals);
          const shown = formatTokenAmount(exact).replace(/,/g, '');
          if (shown.startsWith('<')) return compareDecimal(exact, '0.001') < 0 && units > 0n;
          return (
            compareDecimal(shown, exact) <= 0 && compareDecimal(subtractDecimal(exact, shown), '0.001') < 0
          );
        },
      ),
    );
  });
});

describe('formatUsd', () => {
  it('formats dollars, tiny values and decimal strings exactly', () => {
    expect(formatUsd(1234.5)).toBe('$1,234.50');
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(0.004)).toBe('<$0.01');
    expect(formatUsd('0.004')).toBe('<$0.01');
    expect(formatUsd('12345678901234567890.12')).toBe('$12,345,678,901,234,567,890.12');
    expect(formatUsd(-5)).toBe('-$5.00');
    expect(formatUsd(Number.NaN)).toBe('$0.00');
  });
});

describe('addresses', () => {
  it('checks EVM addresses with EIP-55 checksums', () => {
    expect(isValidEvmAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe(true);
    expect(isValidEvmAddress('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266')).toBe(true);
    expect(isValidEvmAddress('0xF39FD6E51AAD88F6F4CE6AB8827279CFFFB92266')).toBe(true);
    // one letter's case flipped: a broken checksum
    expect(isValidEvmAddress('0xF39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe(false);
    expect(isValidEvmAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb9226')).toBe(false);
    expect(isValidEvmAddress('f39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe(false);
    expect(isValidEvmAddress('0xg39fd6e51aad88f6f4ce6ab8827279cfffb92266')).toBe(false);
    expect(isValidEvmAddress(undefined)).toBe(false);
  });

  it('checks Solana addresses (base58, 32 bytes)', () => {
    expect(isValidSolanaAddress('11111111111111111111111111111111')).toBe(true);
    expect(isValidSolanaAddress('So11111111111111111111111111111111111111112')).toBe(true);
    expect(isValidSolanaAddress('7v91N7iZ9mNicL8WfG6cgSCKyRXydQjLh6UYBWwm6y1Q')).toBe(true);
    expect(isValidSolanaAddress('7v91N7iZ9mNicL8WfG6cgSCKyRXydQjLh6UYBWwm6y10')).toBe(false); // 0 not base58
    expect(isValidSolanaAddress('7v91N7iZ9mNicL8WfG6cgSCKyRXydQjLh6UYBWwm')).toBe(false);
    expect(isValidSolanaAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe(false);
  });

  it('shortens addresses', () => {
    expect(shortenAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe('0xf39F…2266');
    expect(shortenAddress('7v91N7iZ9mNicL8WfG6cgSCKyRXydQjLh6UYBWwm6y1Q')).toBe('7v91…6y1Q');
    expect(shortenAddress('0x1234')).toBe('0x1234');
  });
});
