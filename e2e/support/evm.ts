/**
 * Reads and set-up on a local EVM chain from the test process (never through the kit): nonces, token
 * balances and allowances, an account's recent transactions, and funding an account with ETH and test
 * tokens (minted by an account the test makes a minter of the local token).
 */
import {
  type Address,
  createWalletClient,
  encodeAbiParameters,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  hexToBigInt,
  http,
  keccak256,
  numberToHex,
  parseAbi,
  parseAbiParameters,
} from 'viem';
import type { LocalAccount } from 'viem/accounts';
import { expect } from 'vitest';
import { jsonRpc } from './rpc';

const WAIT = { timeout: 20_000 };

export interface Receipt {
  transactionHash: Hex;
  blockNumber: Hex;
  from: string;
  to: string | null;
  gasUsed: Hex;
  effectiveGasPrice: Hex;
  status: Hex;
  logs: { address: string; topics: Hex[]; data: Hex }[];
}

export interface MinedTx {
  hash: Hex;
  from: string;
  to: string | null;
  value: Hex;
  input: Hex;
}

/** Storage slot of TestToken's `isMinter` mapping (services/chain/contracts/TestToken.sol). */
const IS_MINTER_SLOT = 5n;

export function evmChain(rpcUrl: string) {
  const rpc = <T>(method: string, params: unknown[]) => jsonRpc<T>(rpcUrl, method, params);
  const call = async (to: Address, data: Hex) =>
    hexToBigInt(await rpc<Hex>('eth_call', [{ to, data }, 'latest']));
  const waitMined = (hash: Hex) =>
    expect
      .poll(async () => (await rpc<Receipt | null>('eth_getTransactionReceipt', [hash]))?.status, WAIT)
      .toBe('0x1');

  return {
    rpc,
    nonceOf: async (address: string) =>
      hexToBigInt(await rpc<Hex>('eth_getTransactionCount', [address, 'latest'])),
    ethOf: async (address: string) => hexToBigInt(await rpc<Hex>('eth_getBalance', [address, 'latest'])),
    balanceOf: (token: Address, owner: Address) =>
      call(token, encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [owner] })),
    allowanceOf: (token: Address, owner: Address, spender: Address) =>
      call(token, encodeFunctionData({ abi: erc20Abi, functionName: 'allowance', args: [owner, spender] })),
    /** An EIP-2612 token's permit nonce of `owner` (moves by one per permit used). */
    permitNonceOf: (token: Address, owner: Address) =>
      call(
        token,
        encodeFunctionData({
          abi: parseAbi(['function nonces(address owner) view returns (uint256)']),
          functionName: 'nonces',
          args: [owner],
        }),
      ),
    receipt: (hash: Hex) => rpc<Receipt>('eth_getTransactionReceipt', [hash]),

    /**
     * The last `count` transactions sent by `from`, oldest first, looking back at most `blocks` blocks
     * (anvil mines one transaction per block; other test files may mine theirs in between).
     */
    async lastSentBy(from: Address, count: number, blocks = 300): Promise<MinedTx[]> {
      const head = Number(hexToBigInt(await rpc<Hex>('eth_blockNumber', [])));
      const out: MinedTx[] = [];
      for (let n = head; n > Math.max(0, head - blocks) && out.length < count; n--) {
        const block = await rpc<{ transactions: MinedTx[] }>('eth_getBlockByNumber', [numberToHex(n), true]);
        for (const tx of block.transactions)
          if (tx.from.toLowerCase() === from.toLowerCase()) out.unshift(tx);
      }
      return out;
    },

    /** Sets `address`'s ETH balance. */
    setEth: (address: Address, wei: bigint) => rpc('anvil_setBalance', [address, numberToHex(wei)]),

    /**
     * Mints `amount` of the local test `token` to `to`, sent by `minter` (made a minter of the token by
     * writing its `isMinter` mapping). The minter's nonce moves: use an account no other test reads.
     */
    async mint(token: Address, minter: LocalAccount, to: Address, amount: bigint): Promise<void> {
      const slot = keccak256(
        encodeAbiParameters(parseAbiParameters('address, uint256'), [minter.address, IS_MINTER_SLOT]),
      );
      await rpc('anvil_setStorageAt', [token, slot, numberToHex(1n, { size: 32 })]);
      const wallet = createWalletClient({ account: minter, transport: http(rpcUrl) });
      const hash = await wallet.writeContract({
        chain: null,
        address: token,
        abi: parseAbi(['function mint(address to, uint256 amount)']),
        functionName: 'mint',
        args: [to, amount],
      });
      await waitMined(hash);
    },
  };
}
