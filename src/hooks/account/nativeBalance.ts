/**
 * The EVM account's native balance, for the account button, and whether the address is a deployed smart
 * account (it has contract code). wagmi's `getBalance` also reads ERC-20 balances (multicall, ABI coding),
 * which a host's page does not need at start: the account store loads this module with the first balance
 * read, so that code stays out of the initial bundle.
 */
import { formatUnits } from 'viem';
import type { Config } from 'wagmi';
import { getBalance, getBytecode } from 'wagmi/actions';

export async function readNativeBalance(
  config: Config,
  address: `0x${string}`,
  chainId: number,
): Promise<{ balance: string; symbol: string; smartAccountDeployed: boolean | null }> {
  const [b, code] = await Promise.all([
    getBalance(config, { address, chainId }),
    // A failed code read leaves the answer unknown; the balance still shows.
    getBytecode(config, { address, chainId }).then(
      (c) => c !== undefined && c !== '0x',
      () => null,
    ),
  ]);
  return { balance: formatUnits(b.value, b.decimals), symbol: b.symbol, smartAccountDeployed: code };
}
