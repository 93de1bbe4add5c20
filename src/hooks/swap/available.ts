/**
 * Where a swap can work: swaps enabled (`enableSwaps`), an EVM network, and a trusted router configured for it
 * (`swapRouters`, or the default's entry for the network). Without a router every swap would be refused before
 * anything is signed, so the kit does not offer one there (as Buy is offered only where a purchase currency is).
 */
import type { ResolvedKeywayOptions } from '../../core/options';
import { useKeyway, useKeywayStore } from '../context';

export function swapAvailableOn(
  options: Pick<ResolvedKeywayOptions, 'enableSwaps' | 'swapRouters'>,
  network: { id: string; chain: 'evm' | 'solana' },
): boolean {
  return options.enableSwaps && network.chain === 'evm' && (options.swapRouters[network.id]?.length ?? 0) > 0;
}

/** Whether a swap can work on the active network (see the file's head). */
export function useSwapAvailable(): boolean {
  const { options } = useKeyway();
  return useKeywayStore('networks', (n) => swapAvailableOn(options, n.activeNetwork));
}
