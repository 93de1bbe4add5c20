import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Config } from 'wagmi';
import { waitForTransactionReceipt } from 'wagmi/actions';
import { RECEIPT_RETRY_COUNT, RECEIPT_TIMEOUT_MS } from '../../core/constants';
import { waitForEvmSend } from './send';

vi.mock('wagmi/actions', () => ({ waitForTransactionReceipt: vi.fn() }));
const wait = vi.mocked(waitForTransactionReceipt);
const config = {} as Config;
const HASH = `0x${'ab'.repeat(32)}` as const;

afterEach(() => wait.mockReset());

describe('waitForEvmSend', () => {
  it('waits up to 3 minutes with 6 retries (spec §9), and resolves for a mined transaction', async () => {
    wait.mockResolvedValue({ status: 'success' } as Awaited<ReturnType<typeof waitForTransactionReceipt>>);
    await waitForEvmSend(config, 31337, HASH);
    expect(wait).toHaveBeenCalledWith(config, {
      chainId: 31337,
      hash: HASH,
      timeout: RECEIPT_TIMEOUT_MS,
      retryCount: RECEIPT_RETRY_COUNT,
    });
    expect([RECEIPT_TIMEOUT_MS, RECEIPT_RETRY_COUNT]).toEqual([180_000, 6]);
  });

  it("a reverted transaction is spec §8's 'Transaction error'", async () => {
    wait.mockResolvedValue({ status: 'reverted' } as Awaited<ReturnType<typeof waitForTransactionReceipt>>);
    await expect(waitForEvmSend(config, 31337, HASH)).rejects.toMatchObject({ code: 'transactionError' });
  });
});
