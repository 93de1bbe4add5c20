import { describe, expect, it } from 'vitest';
import { swapAvailableOn } from './available';

const ROUTER = { address: '0x111111125421cA6dc452d289314280a0f8842A65' as const, permit: false };

describe('where a swap can work', () => {
  const options = { enableSwaps: true, swapRouters: { 'eip155:1': [ROUTER], 'eip155:31338': [] } };

  it('on an EVM network with a trusted router', () => {
    expect(swapAvailableOn(options, { id: 'eip155:1', chain: 'evm' })).toBe(true);
  });

  it('not on an EVM network without one (none listed, or an empty list replacing the default)', () => {
    expect(swapAvailableOn(options, { id: 'eip155:31337', chain: 'evm' })).toBe(false);
    expect(swapAvailableOn(options, { id: 'eip155:31338', chain: 'evm' })).toBe(false);
  });

  it('not on Solana, whatever the routers say', () => {
    const solana = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp';
    expect(
      swapAvailableOn({ ...options, swapRouters: { [solana]: [ROUTER] } }, { id: solana, chain: 'solana' }),
    ).toBe(false);
  });

  it('not when the host turned swaps off', () => {
    expect(swapAvailableOn({ ...options, enableSwaps: false }, { id: 'eip155:1', chain: 'evm' })).toBe(false);
  });
});
