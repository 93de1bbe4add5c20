/**
 * An ERC-20 token's name, symbol and decimals read from its contract through the wagmi config (one
 * multicall-able batch). Used for the host's token (`tokens` option) when the account holds none of it and
 * the Blockchain API therefore says nothing about it. Untrusted like any chain data: text is capped and
 * stripped of control characters, decimals must be a whole number up to 36.
 */
import { erc20Abi, isAddress } from 'viem';
import type { Config } from 'wagmi';
import { readContracts } from 'wagmi/actions';
import type { TokenMetadata } from '../../hooks/balances/store';

const MAX_TEXT = 32;
// biome-ignore lint/suspicious/noControlCharactersInRegex: strips control and bidi-override characters
const clean = (v: string) => v.replace(/[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g, '').trim();

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
  const s = clean(String(symbol)).slice(0, MAX_TEXT);
  const d = Number(decimals);
  if (!s || !Number.isInteger(d) || d < 0 || d > 36) return null;
  return { name: clean(String(name)).slice(0, MAX_TEXT) || s, symbol: s, decimals: d };
}
