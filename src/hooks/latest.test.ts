import { afterEach, describe, expect, it, vi } from 'vitest';
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

describe('latestRead.later (a debounced start)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('drops the read under way at once, and starts only the last of several calls once the delay is over', async () => {
    vi.useFakeTimers();
    const reads = latestRead();
    const started: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let kept = true;
    let firstSignal!: AbortSignal;
    const first = reads.start(async (signal, isLatest) => {
      firstSignal = signal;
      await gate;
      kept = isLatest();
    });
    reads.later(300, async () => {
      started.push('a');
    });
    expect(firstSignal.aborted).toBe(true);
    expect(reads.inflight).toBeNull();
    await vi.advanceTimersByTimeAsync(200);
    reads.later(300, async () => {
      started.push('ab');
    });
    await vi.advanceTimersByTimeAsync(299);
    expect(started).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(started).toEqual(['ab']);
    release();
    await first;
    expect(kept).toBe(false);
  });

  it('a start or a cancel before the delay is over drops the waiting read', async () => {
    vi.useFakeTimers();
    const reads = latestRead();
    const started: string[] = [];
    reads.later(100, async () => {
      started.push('typed');
    });
    await reads.start(async () => {
      started.push('now');
    });
    reads.later(100, async () => {
      started.push('typed again');
    });
    reads.cancel();
    await vi.advanceTimersByTimeAsync(500);
    expect(started).toEqual(['now']);
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
