import { describe, expect, it } from 'vitest';
import { hashString } from './safe';

describe('hashString', () => {
  it('is deterministic and spreads addresses', () => {
    const a = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';
    expect(hashString(a)).toBe(hashString(a));
    expect(hashString(a)).not.toBe(hashString(a.toLowerCase()));
    const seen = new Set<number>();
    for (let i = 0; i < 100; i++) seen.add(hashString(`0x${i.toString(16).padStart(40, '0')}`) % 12);
    expect(seen.size).toBeGreaterThan(8);
  });
});
