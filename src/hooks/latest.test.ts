import { describe, expect, it } from 'vitest';
import { latestRead, sameWallet } from './latest';

describe('latestRead', () => {
  it('a newer read aborts the one before; the older answer is dropped', async () => {
    const reads = latestRead();
    const seen: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let firstSignal!: AbortSignal;
    const first = reads.start(async (signal, isLatest) => {
      firstSignal = signal;
      await gate;
      if (isLatest()) seen.push('first');
    });
    expect(reads.inflight).toBe(first);
    const second = reads.start(async (_signal, isLatest) => {
      if (isLatest()) seen.push('second');
    });
    expect(firstSignal.aborted).toBe(true);
    release();
    await Promise.all([first, second]);
    expect(seen).toEqual(['second']);
    expect(reads.inflight).toBeNull();
  });

  it('cancel drops the read under way', async () => {
    const reads = latestRead();
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let kept = false;
    let signal!: AbortSignal;
    const run = reads.start(async (s, isLatest) => {
      signal = s;
      await gate;
      kept = isLatest();
    });
    reads.cancel();
    expect(signal.aborted).toBe(true);
    expect(reads.inflight).toBeNull();
    release();
    await run;
    expect(kept).toBe(false);
  });
});

describe('sameWallet', () => {
  it('ignores the letter case of the address, not the network', () => {
    const s = { address: '0xAbC', networkId: 'eip155:1' };
    expect(sameWallet(s, '0xabc', 'eip155:1')).toBe(true);
    expect(sameWallet(s, '0xabc', 'eip155:10')).toBe(false);
    expect(sameWallet(s, null, 'eip155:1')).toBe(false);
  });
});
