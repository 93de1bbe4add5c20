/**
 * The contract between the local chains (services/chain, services/solana) and their users
 * (services/api, services/stack.ts, tests). Agreed up front so both sides can be built in parallel.
 */
import type { Address, Hex } from 'viem';

export interface EvmChainInfo {
  chainId: number; // 31337 "Keyway Local", 31338 "Keyway Local L2"
  name: string;
  rpcUrl: string; // http://127.0.0.1:<port>
  /** Deployed test contracts on this chain. */
  contracts: {
    usdc: Address; // 6 decimals, symbol USDC
    dai: Address; // 18 decimals, symbol DAI
    weth: Address; // 18 decimals, WETH9-style deposit/withdraw
    router: Address; // KeywaySwapRouter: constant-product pools ETH(WETH)<->USDC, USDC<->DAI, USDC<->KUSD, ETH<->KUSD, 0.3 % fee
    /** KeywaySpamDrop ERC-721 ("Keyway Spam Drop", KSPAM); token 1 is minted to dev account 0 on deploy. Always set by startChains. */
    spamNft?: Address;
    /** TestPermitToken "Keyway Dollar" (KUSD, 18 decimals) with EIP-2612 permit; pools against USDC and ETH. Always set by startChains. */
    kusd?: Address;
  };
  /** Block number at which deployment finished (the indexer may start here or at 0). */
  deployedAtBlock: bigint;
}

export interface SolanaInfo {
  rpcUrl: string; // http://127.0.0.1:<port>, JSON-RPC subset over litesvm
  wsUrl: string; // ws://127.0.0.1:<port+1>, signatureSubscribe
  /** CAIP-2 id the stack uses for it (the devnet genesis hash reference). */
  caip2: string;
}

export interface ChainsHandle {
  evm: EvmChainInfo[];
  solana: SolanaInfo;
  /** The deployer/minter account (anvil dev account 0); the API uses it to mint on-ramp purchases. */
  deployerPrivateKey: Hex;
  stop(): Promise<void>;
}

/** Dev accounts from the `test test … junk` mnemonic (anvil defaults), funded with ETH and tokens on start. */
export const DEV_PRIVATE_KEYS: readonly Hex[] = [
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
  '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6',
];
