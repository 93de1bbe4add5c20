import { describe, expect, it } from 'vitest';
import { accountChanges } from './followWallet';

const A = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const B = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const SOL = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV';

describe('accountChanges', () => {
  it('another account is a change; the first account, no address and the same account are not', () => {
    const changed = accountChanges();
    expect(changed(null)).toBe(false);
    expect(changed(A)).toBe(false);
    expect(changed(null)).toBe(false);
    expect(changed(A)).toBe(false);
    expect(changed(A.toLowerCase())).toBe(false);
    expect(changed(null)).toBe(false);
    expect(changed(B)).toBe(true);
    expect(changed(B)).toBe(false);
  });

  it('a Solana address is compared exactly', () => {
    const changed = accountChanges();
    expect(changed(SOL)).toBe(false);
    expect(changed(SOL)).toBe(false);
    expect(changed(SOL.toLowerCase())).toBe(true);
  });
});
