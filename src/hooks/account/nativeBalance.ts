/**
 * The EVM account's native balance, for the account button. wagmi's `getBalance` also reads ERC-20 balances
 * (multicall, ABI coding), which a host's page does not need at start: the account store loads this module
 * with the first balance read, so that code stays out of the initial bundle.
 */
import { formatUnits } from 'viem';
import type { Config } from 'wagmi';
import { getBalance } from 'wagmi/actions';

export async function readNativeBalance(
  config: Config,
  address: `0x${string}`,
  chainId: number,
): Promise<{ balance: string; symbol: string }> {
  const b = await getBalance(config, { address, chainId });
  return { balance: formatUnits(b.value, b.decimals), symbol: b.symbol };
}
