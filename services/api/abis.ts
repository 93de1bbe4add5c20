/** ABIs the API server uses: the compiled ones of the local chains (services/chain/abis.ts). */
export {
  keywaySpamDropAbi as erc721Abi,
  keywaySwapRouterAbi as routerAbi,
  testTokenAbi as erc20Abi,
} from '../chain/abis.ts';
