/**
 * An ERC-20 token's name, symbol and decimals read from its contract through the wagmi config (one
 * multicall-able batch). Used for the host's token (`tokens` option) when the account holds none of it and
 * the Blockchain API therefore says nothing about it. Untrusted like any chain data: text is capped and
 * stripped of control characters, decimals must be a whole number up to 36.
 */
import { erc20Abi, isAddress } from 'viem';
import type { Config } from 'wagmi';
import { readContracts } from 'wagmi/actions';
import { capText } from '../../core/text';

/** A token's name, symbol and decimals. */
export interface TokenMetadata {
  name: string;
  symbol: string;
  decimals: number;
}

/** A token's name or symbol read from its contract (untrusted): core/text's rule, at most 32 characters. */
const clean = (v: unknown) => capText(String(v), 32);

export async function readErc20Metadata(
  config: Config,
  networkId: string,
  address: string,
): Promise<TokenMetadata | null> {
  const [namespace, reference] = networkId.split(':');
  const plain = address.split(':').pop() ?? '';
  const chainId = Number(reference);
  if (namespace !== 'eip155' || !Number.isSafeInteger(chainId) || !isAddress(plain)) return null;
  if (!config.chains.some((c) => c.id === chainId)) return null;
  const contract = { address: plain, abi: erc20Abi, chainId } as const;
  const [name, symbol, decimals] = await readContracts(config, {
    allowFailure: false,
    contracts: [
      { ...contract, functionName: 'name' },
      { ...contract, functionName: 'symbol' },
      { ...contract, functionName: 'decimals' },
    ],
  });
  const s = clean(symbol);
  const d = Number(decimals);
  if (!s || !Number.isInteger(d) || d < 0 || d > 36) return null;
  return { name: clean(name) || s, symbol: s, decimals: d };
}
