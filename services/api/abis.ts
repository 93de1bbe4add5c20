/**
 * ABI fragments the API server needs. Written against the agreed router/token functions (issue 3); the
 * compiled ABIs of services/chain/abis.ts describe the same functions.
 */
import { parseAbi } from 'viem';

export const erc20Abi = parseAbi([
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function decimals() view returns (uint8)',
  'function balanceOf(address owner) view returns (uint256)',
  'function allowance(address owner, address spender) view returns (uint256)',
  'function approve(address spender, uint256 amount) returns (bool)',
  'function transfer(address to, uint256 amount) returns (bool)',
  'function mint(address to, uint256 amount)',
  'event Transfer(address indexed from, address indexed to, uint256 value)',
]);

/** ERC-721 Transfer has the token id indexed (4 topics); ERC-20 Transfer has 3 topics. */
export const erc721TransferAbi = parseAbi([
  'event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)',
]);

export const routerAbi = parseAbi([
  'function addLiquidity(address tokenA, address tokenB, uint256 amountA, uint256 amountB)',
  'function getReserves(address tokenA, address tokenB) view returns (uint256 reserveA, uint256 reserveB)',
  'function getAmountOut(address tokenIn, address tokenOut, uint256 amountIn) view returns (uint256)',
  'function swapExactTokensForTokens(address tokenIn, address tokenOut, uint256 amountIn, uint256 minAmountOut, address to) returns (uint256)',
  'function swapExactETHForTokens(address tokenOut, uint256 minAmountOut, address to) payable returns (uint256)',
  'function swapExactTokensForETH(address tokenIn, uint256 amountIn, uint256 minAmountOut, address to) returns (uint256)',
  'function weth() view returns (address)',
  'event Swap(address indexed sender, address indexed to, address tokenIn, address tokenOut, uint256 amountIn, uint256 amountOut)',
]);
