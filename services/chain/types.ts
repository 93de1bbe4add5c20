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

/**
 * The ten accounts anvil funds with test ETH on every fresh chain: the `test test … junk` mnemonic's keys
 * 0-9 (well-known test keys, never real ones), written out so that a browser page can pick one without
 * shipping an HD-key derivation (services/chain/dev-keys.test.ts derives them again from the mnemonic).
 */
export const ANVIL_TEST_KEYS: readonly Hex[] = [
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
  '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6',
  '0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a',
  '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba',
  '0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e',
  '0x4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356',
  '0xdbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97',
  '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6',
];

/** Dev accounts 0-3 of those, funded with tokens too on start. */
export const DEV_PRIVATE_KEYS: readonly Hex[] = ANVIL_TEST_KEYS.slice(0, 4);
