/**
 * The approval screen's decoders (describe.ts) on their own: call data and typed data built with viem,
 * token facts from a stub, the exact rows asserted.
 */
import {
  type Address,
  encodeFunctionData,
  erc20Abi,
  hashTypedData,
  maxUint160,
  maxUint256,
  parseAbi,
  stringToHex,
} from 'viem';
import { describe, expect, it } from 'vitest';
import { PERMIT_TYPES } from '../../../src/chains/evm/permit.ts';
import { knownSpenders, nativeSymbol, PUBLIC_ROUTERS } from './config.ts';
import {
  cleanName,
  type DescribeContext,
  describeCall,
  describeTypedData,
  feeRows,
  formatDeadline,
  PERMIT2_ADDRESS as PERMIT2,
  personalMessage,
  sameOriginIcon,
  signedView,
  typedDataChainId,
  UnreadablePermitError,
} from './describe.ts';

const CHAIN = 31337;
const USER: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const ROUTER: Address = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0';
const STRANGER: Address = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const USDC: Address = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const DAI: Address = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';
const MYSTERY: Address = '0x0000000000000000000000000000000000001234';
const NFT: Address = '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9';
const ONEINCH: Address = '0x111111125421cA6dc452d289314280a0f8842A65';

const ctx = (chainId = CHAIN, nativeSymbol = 'ETH'): DescribeContext => ({
  chainId,
  nativeSymbol,
  account: USER,
  spenders: knownSpenders({ routers: [{ chainId: CHAIN, address: ROUTER, name: 'Keyway Local Router' }] }),
  lookup: {
    token: async (a) =>
      a === USDC ? { symbol: 'USDC', decimals: 6 } : a === DAI ? { symbol: 'DAI', decimals: 18 } : null,
    collection: async (a) => (a === NFT ? 'Keyway Spam Drop' : null),
  },
});

const routerAbi = parseAbi([
  'function swapExactTokensForTokens(address tokenIn, address tokenOut, uint256 amountIn, uint256 minAmountOut, address to)',
  'function swapExactETHForTokens(address tokenOut, uint256 minAmountOut, address to) payable',
  'function swapExactTokensForETH(address tokenIn, uint256 amountIn, uint256 minAmountOut, address to)',
  'function swapExactTokensForTokensWithPermit(address tokenIn, address tokenOut, uint256 amountIn, uint256 minAmountOut, address to, uint256 deadline, uint8 v, bytes32 r, bytes32 s)',
  'function swapExactTokensForETHWithPermit(address tokenIn, uint256 amountIn, uint256 minAmountOut, address to, uint256 deadline, uint8 v, bytes32 r, bytes32 s)',
  'function increaseAllowance(address spender, uint256 addedValue)',
  'function setApprovalForAll(address operator, bool approved)',
  'struct SwapDescription { address srcToken; address dstToken; address srcReceiver; address dstReceiver; uint256 amount; uint256 minReturnAmount; uint256 flags; }',
  'function swap(address executor, SwapDescription desc, bytes data) payable',
]);

const pairs = (rows: { label: string; value: string }[]) => rows.map((r) => [r.label, r.value]);
const approveData = (spender: Address, amount: bigint) =>
  encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, amount] });

describe('approvals', () => {
  it('an exact approval to a known router names it and the amount in the token', async () => {
    const { rows, contract } = await describeCall({ to: USDC, data: approveData(ROUTER, 2_500_000n) }, ctx());
    expect(contract).toBe('Token contract');
    expect(pairs(rows)).toEqual([
      ['Approval', 'Allow Keyway Local Router to spend exactly 2.5 USDC'],
      ['Spender', ROUTER],
    ]);
    expect(rows.some((r) => r.warning)).toBe(false);
  });

  it('an unlimited approval (maxUint256 or anything from 2^255) reads Unlimited with a warning', async () => {
    for (const amount of [maxUint256, 2n ** 255n]) {
      const { rows } = await describeCall({ to: USDC, data: approveData(ROUTER, amount) }, ctx());
      expect(pairs(rows)).toEqual([
        ['Approval', 'Allow Keyway Local Router to spend Unlimited USDC'],
        ['Spender', ROUTER],
        [
          'Warning',
          'Unlimited approval: Keyway Local Router can spend all of your USDC, now and later, until you revoke it.',
        ],
      ]);
      expect(rows[2]?.warning).toBe(true);
    }
    const below = await describeCall({ to: USDC, data: approveData(ROUTER, 2n ** 255n - 1n) }, ctx());
    expect(below.rows[0]?.value).toMatch(/^Allow Keyway Local Router to spend exactly \d/);
  });

  it('an unknown spender is shown by its full address with a warning', async () => {
    const { rows } = await describeCall({ to: USDC, data: approveData(STRANGER, 1_000_000n) }, ctx());
    expect(pairs(rows)).toEqual([
      ['Approval', `Allow ${STRANGER} to spend exactly 1 USDC`],
      ['Spender', STRANGER],
      [
        'Warning',
        `Unknown spender: ${STRANGER} is not a known router on this network. Approve only if you trust it.`,
      ],
    ]);
  });

  it('a router is only known on its own chains', async () => {
    const local = await describeCall({ to: USDC, data: approveData(ROUTER, 1n) }, ctx(31338));
    expect(local.rows[0]?.value).toBe(`Allow ${ROUTER} to spend exactly 0.000001 USDC`);
    const oneInch = await describeCall({ to: USDC, data: approveData(ONEINCH, 1_000_000n) }, ctx(8453));
    expect(oneInch.rows[0]?.value).toBe('Allow 1inch Router to spend exactly 1 USDC');
    expect(PUBLIC_ROUTERS.map((r) => r.chainId)).toContain(1);
    expect(PUBLIC_ROUTERS.some((r) => r.chainId === CHAIN)).toBe(false);
  });

  it('a token that does not report its decimals: base units, and says so', async () => {
    const { rows } = await describeCall({ to: MYSTERY, data: approveData(ROUTER, 42n) }, ctx());
    expect(pairs(rows)).toEqual([
      ['Approval', `Allow Keyway Local Router to spend exactly 42 base units of token ${MYSTERY}`],
      ['Spender', ROUTER],
      [
        'Note',
        'The token did not report its symbol and decimals: the amount is in base units. For an NFT, it is the token id.',
      ],
    ]);
  });

  it('increaseAllowance and setApprovalForAll', async () => {
    const more = await describeCall(
      {
        to: DAI,
        data: encodeFunctionData({
          abi: routerAbi,
          functionName: 'increaseAllowance',
          args: [ROUTER, 10n ** 18n],
        }),
      },
      ctx(),
    );
    expect(more.rows[0]?.value).toBe('Allow Keyway Local Router to spend 1 DAI more than it may now');
    const all = await describeCall(
      {
        to: NFT,
        data: encodeFunctionData({
          abi: routerAbi,
          functionName: 'setApprovalForAll',
          args: [STRANGER, true],
        }),
      },
      ctx(),
    );
    expect(all.contract).toBe('Collection');
    expect(pairs(all.rows)).toEqual([
      ['Approval', `Allow ${STRANGER} to transfer all of your Keyway Spam Drop NFTs`],
      ['Operator', STRANGER],
      [
        'Warning',
        `${STRANGER} can take all of your Keyway Spam Drop NFTs, now and later, until you revoke it.`,
      ],
      [
        'Warning',
        `Unknown operator: ${STRANGER} is not a known router on this network. Approve only if you trust it.`,
      ],
    ]);
  });
});

describe('swaps', () => {
  it('tokens for tokens on the local router: what is given and the least received', async () => {
    const data = encodeFunctionData({
      abi: routerAbi,
      functionName: 'swapExactTokensForTokens',
      args: [USDC, DAI, 25_000_000n, 24_500_000_000_000_000_000n, USER],
    });
    const { rows, contract } = await describeCall({ to: ROUTER, data }, ctx());
    expect(contract).toBe('Router');
    expect(pairs(rows)).toEqual([
      ['Swap', 'Swap on Keyway Local Router'],
      ['You give', '25 USDC'],
      ['You receive at least', '24.5 DAI'],
      ['Recipient', `You (${USER})`],
    ]);
  });

  it('ETH in and out, another recipient and an unknown router are warnings', async () => {
    const ethIn = await describeCall(
      {
        to: ROUTER,
        value: '0x16345785d8a0000', // 0.1 ETH
        data: encodeFunctionData({
          abi: routerAbi,
          functionName: 'swapExactETHForTokens',
          args: [USDC, 300_000_000n, STRANGER],
        }),
      },
      ctx(),
    );
    expect(pairs(ethIn.rows)).toEqual([
      ['Swap', 'Swap on Keyway Local Router'],
      ['You give', '0.1 ETH'],
      ['You receive at least', '300 USDC'],
      ['Recipient', STRANGER],
      ['Warning', `The swapped tokens go to ${STRANGER}, not to your account.`],
    ]);
    // On a chain whose coin is not ETH the same call gives that coin.
    const bnbIn = await describeCall(
      {
        to: ROUTER,
        value: '0x16345785d8a0000',
        data: encodeFunctionData({
          abi: routerAbi,
          functionName: 'swapExactETHForTokens',
          args: [USDC, 300_000_000n, USER],
        }),
      },
      ctx(CHAIN, 'BNB'),
    );
    expect(pairs(bnbIn.rows)).toContainEqual(['You give', '0.1 BNB']);
    const ethOut = await describeCall(
      {
        to: STRANGER,
        data: encodeFunctionData({
          abi: routerAbi,
          functionName: 'swapExactTokensForETH',
          args: [USDC, 1_000_000n, 10n ** 15n, USER],
        }),
      },
      ctx(),
    );
    expect(pairs(ethOut.rows)).toEqual([
      ['Swap', `Swap on ${STRANGER}`],
      ['You give', '1 USDC'],
      ['You receive at least', '0.001 ETH'],
      ['Recipient', `You (${USER})`],
      [
        'Warning',
        `Unknown router: ${STRANGER} is not a known router on this network. Approve only if you trust it.`,
      ],
    ]);
  });

  it('the permit swap shows its deadline; the 1inch swap is decoded from its description', async () => {
    const permit = await describeCall(
      {
        to: ROUTER,
        data: encodeFunctionData({
          abi: routerAbi,
          functionName: 'swapExactTokensForTokensWithPermit',
          args: [
            DAI,
            USDC,
            10n ** 18n,
            990_000n,
            USER,
            1_800_000_000n,
            27,
            `0x${'11'.repeat(32)}`,
            `0x${'22'.repeat(32)}`,
          ],
        }),
      },
      ctx(),
    );
    expect(pairs(permit.rows)).toContainEqual(['You give', '1 DAI']);
    expect(pairs(permit.rows)).toContainEqual(['You receive at least', '0.99 USDC']);
    expect(pairs(permit.rows)).toContainEqual(['Permit valid until', '2027-01-15 08:00:00 UTC']);
    const permitEth = await describeCall(
      {
        to: ROUTER,
        data: encodeFunctionData({
          abi: routerAbi,
          functionName: 'swapExactTokensForETHWithPermit',
          args: [
            DAI,
            3n * 10n ** 18n,
            10n ** 15n,
            USER,
            1_800_000_000n,
            28,
            `0x${'33'.repeat(32)}`,
            `0x${'44'.repeat(32)}`,
          ],
        }),
      },
      ctx(),
    );
    expect(pairs(permitEth.rows)).toEqual([
      ['Swap', 'Swap on Keyway Local Router'],
      ['You give', '3 DAI'],
      ['You receive at least', '0.001 ETH'],
      ['Recipient', `You (${USER})`],
      ['Permit valid until', '2027-01-15 08:00:00 UTC'],
    ]);

    const swap = await describeCall(
      {
        to: ONEINCH,
        value: '0xde0b6b3a7640000',
        data: encodeFunctionData({
          abi: routerAbi,
          functionName: 'swap',
          args: [
            STRANGER,
            {
              srcToken: '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE',
              dstToken: USDC,
              srcReceiver: STRANGER,
              dstReceiver: '0x0000000000000000000000000000000000000000',
              amount: 10n ** 18n,
              minReturnAmount: 3_000_000_000n,
              flags: 0n,
            },
            '0x',
          ],
        }),
      },
      ctx(1),
    );
    expect(pairs(swap.rows)).toEqual([
      ['Swap', 'Swap on 1inch Router'],
      ['You give', '1 ETH'],
      ['You receive at least', '3000 USDC'],
      ['Recipient', `You (${USER})`],
    ]);
  });

  it('a transfer names the recipient and the amount; unknown call data adds nothing', async () => {
    const transfer = await describeCall(
      {
        to: USDC,
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [STRANGER, 5n] }),
      },
      ctx(),
    );
    expect(pairs(transfer.rows)).toEqual([
      ['Token transfer to', STRANGER],
      ['Amount', '0.000005 USDC'],
    ]);
    expect(await describeCall({ to: USDC, data: '0xdeadbeef' }, ctx())).toEqual({ rows: [] });
    expect(await describeCall({ to: USDC }, ctx())).toEqual({ rows: [] });
  });
});

/** The EIP-712 types of the permits (the fields their type hashes are made of); EIP-2612's from the kit. */
const TYPES = PERMIT_TYPES;
const DAI_TYPES = {
  Permit: [
    { name: 'holder', type: 'address' },
    { name: 'spender', type: 'address' },
    { name: 'nonce', type: 'uint256' },
    { name: 'expiry', type: 'uint256' },
    { name: 'allowed', type: 'bool' },
  ],
};
const PERMIT2_TYPES = {
  PermitDetails: [
    { name: 'token', type: 'address' },
    { name: 'amount', type: 'uint160' },
    { name: 'expiration', type: 'uint48' },
    { name: 'nonce', type: 'uint48' },
  ],
  PermitSingle: [
    { name: 'details', type: 'PermitDetails' },
    { name: 'spender', type: 'address' },
    { name: 'sigDeadline', type: 'uint256' },
  ],
  TokenPermissions: [
    { name: 'token', type: 'address' },
    { name: 'amount', type: 'uint256' },
  ],
  PermitTransferFrom: [
    { name: 'permitted', type: 'TokenPermissions' },
    { name: 'spender', type: 'address' },
    { name: 'nonce', type: 'uint256' },
    { name: 'deadline', type: 'uint256' },
  ],
};

describe('permits (typed data)', () => {
  const permit = (value: unknown, spender: Address = ROUTER) => ({
    types: TYPES,
    domain: { name: 'USD Coin', version: '1', chainId: CHAIN, verifyingContract: USDC },
    primaryType: 'Permit',
    message: {
      owner: USER,
      spender,
      value: typeof value === 'bigint' ? value.toString() : value,
      nonce: 0,
      deadline: 1_800_000_000,
    },
  });

  it('an EIP-2612 permit reads as an exact approval until its deadline', async () => {
    expect(pairs(await describeTypedData(permit(5_000_000n), ctx()))).toEqual([
      ['Permit', 'Allow Keyway Local Router to spend exactly 5 USDC until 2027-01-15 08:00:00 UTC'],
      ['Token', USDC],
      ['Spender', ROUTER],
    ]);
  });

  it('an unlimited permit and an unknown spender are warnings', async () => {
    const rows = await describeTypedData(permit(maxUint256, STRANGER), ctx());
    expect(pairs(rows)).toEqual([
      ['Permit', `Allow ${STRANGER} to spend Unlimited USDC until 2027-01-15 08:00:00 UTC`],
      [
        'Warning',
        `Unlimited approval: ${STRANGER} can spend all of your USDC until 2027-01-15 08:00:00 UTC.`,
      ],
      ['Token', USDC],
      ['Spender', STRANGER],
      [
        'Warning',
        `Unknown spender: ${STRANGER} is not a known router on this network. Approve only if you trust it.`,
      ],
    ]);
  });

  it('a DAI-style permit (allowed: true) is unlimited; another owner is a warning', async () => {
    const rows = await describeTypedData(
      {
        types: DAI_TYPES,
        domain: { name: 'Dai Stablecoin', version: '1', chainId: CHAIN, verifyingContract: DAI },
        primaryType: 'Permit',
        message: { holder: STRANGER, spender: ROUTER, nonce: 0, expiry: 0, allowed: true },
      },
      ctx(),
    );
    expect(pairs(rows)).toEqual([
      ['Warning', `The permit names another owner: ${STRANGER}.`],
      ['Permit', 'Allow Keyway Local Router to spend Unlimited DAI with no expiry'],
      ['Warning', 'Unlimited approval: Keyway Local Router can spend all of your DAI with no expiry.'],
      ['Token', DAI],
      ['Spender', ROUTER],
    ]);
  });

  it('Permit2 PermitSingle (uint160 unlimited) and PermitTransferFrom', async () => {
    const domain = {
      name: 'Permit2',
      chainId: 1,
      verifyingContract: '0x000000000022D473030F116dDEE9F6B43aC78BA3',
    };
    const single = await describeTypedData(
      {
        types: PERMIT2_TYPES,
        domain,
        primaryType: 'PermitSingle',
        message: {
          details: { token: USDC, amount: maxUint160.toString(), expiration: '1800000000', nonce: '0' },
          spender: ONEINCH,
          sigDeadline: '1800000000',
        },
      },
      ctx(1),
    );
    expect(pairs(single)).toContainEqual([
      'Permit',
      'Allow 1inch Router to spend Unlimited USDC until 2027-01-15 08:00:00 UTC',
    ]);
    expect(single.filter((r) => r.warning).map((r) => r.value)).toEqual([
      'Unlimited approval: 1inch Router can spend all of your USDC until 2027-01-15 08:00:00 UTC.',
    ]);
    const transfer = await describeTypedData(
      {
        types: PERMIT2_TYPES,
        domain,
        primaryType: 'PermitTransferFrom',
        message: {
          permitted: { token: DAI, amount: '2000000000000000000' },
          spender: ONEINCH,
          nonce: '7',
          deadline: '1800000000',
        },
      },
      ctx(1),
    );
    expect(pairs(transfer)[0]).toEqual([
      'Permit',
      'Allow 1inch Router to transfer exactly 2 DAI once until 2027-01-15 08:00:00 UTC',
    ]);
  });

  it('an amount written another way reads as viem signs it: "0X"+F×64 and zero-padded hex are unlimited', async () => {
    const unlimited = [
      `0X${'F'.repeat(64)}`,
      `0x${'0'.repeat(12)}${'f'.repeat(64)}`,
      ` 0x${'f'.repeat(64)} `,
    ];
    for (const value of unlimited) {
      // The signature is the unlimited permit's, byte for byte.
      const typed = { ...permit(value, STRANGER), primaryType: 'Permit' as const };
      expect(hashTypedData(typed as never)).toBe(
        hashTypedData({ ...typed, message: { ...typed.message, value: maxUint256 } } as never),
      );
      const rows = await describeTypedData(typed, ctx());
      expect(pairs(rows)[0]).toEqual([
        'Permit',
        `Allow ${STRANGER} to spend Unlimited USDC until 2027-01-15 08:00:00 UTC`,
      ]);
      expect(rows.filter((r) => r.warning).map((r) => r.value)).toEqual([
        `Unlimited approval: ${STRANGER} can spend all of your USDC until 2027-01-15 08:00:00 UTC.`,
        `Unknown spender: ${STRANGER} is not a known router on this network. Approve only if you trust it.`,
      ]);
    }
  });

  it('a known permit whose fields do not parse is refused, not shown as plain typed data', async () => {
    for (const value of ['1e3', [maxUint256.toString()], { v: 1 }, '-1', `0x1${'0'.repeat(64)}`]) {
      await expect(describeTypedData(permit(value), ctx()), JSON.stringify(value)).rejects.toBeInstanceOf(
        UnreadablePermitError,
      );
    }
    await expect(
      describeTypedData({ ...permit(1n), message: { ...permit(1n).message, spender: 'router' } }, ctx()),
    ).rejects.toBeInstanceOf(UnreadablePermitError);
    // A `Permit` of another shape (an NFT permit, EIP-4494) is not a token permit: shown as typed data.
    expect(
      await describeTypedData(
        {
          types: {
            Permit: [
              { name: 'spender', type: 'address' },
              { name: 'tokenId', type: 'uint256' },
              { name: 'nonce', type: 'uint256' },
              { name: 'deadline', type: 'uint256' },
            ],
          },
          domain: { chainId: CHAIN },
          primaryType: 'Permit',
          message: { spender: ROUTER, tokenId: 1, nonce: 0, deadline: 1 },
        },
        ctx(),
      ),
    ).toEqual([]);
  });

  it('only what types[primaryType] covers is read and shown; other keys are listed as not signed', async () => {
    // A `value` smuggled into a struct that does not declare it, and a note the signature ignores.
    const typed = {
      types: PERMIT2_TYPES,
      primaryType: 'PermitTransferFrom',
      domain: { name: 'Permit2', chainId: 1, verifyingContract: PERMIT2, app: 'Keyway Rewards' },
      message: {
        permitted: { token: DAI, amount: '2000000000000000000', note: 'refundable' },
        spender: ONEINCH,
        nonce: '7',
        deadline: '1800000000',
        memo: 'Claim your airdrop',
      },
    };
    const view = signedView(typed);
    expect(view.unsigned).toEqual(['message.permitted.note', 'message.memo', 'domain.app']);
    expect(JSON.stringify(view)).not.toMatch(/airdrop|refundable|Keyway Rewards/);
    expect(view.message).toEqual({
      permitted: { token: DAI, amount: '2000000000000000000' },
      spender: ONEINCH,
      nonce: '7',
      deadline: '1800000000',
    });
    // A chainId written as text is not signed by viem (the frame signs it as a number instead, rpc.ts).
    expect(signedView({ ...typed, domain: { chainId: '1' } }).unsigned).toContain('domain.chainId');
    // The same signature as without the extra keys.
    expect(hashTypedData({ ...typed, domain: view.domain, message: view.message } as never)).toBe(
      hashTypedData(typed as never),
    );
  });

  it('other typed data is not described; the domain chain id is read in every form', async () => {
    expect(
      await describeTypedData(
        {
          types: { Greeting: [{ name: 'text', type: 'string' }] },
          domain: { chainId: CHAIN },
          primaryType: 'Greeting',
          message: { text: 'hi' },
        },
        ctx(),
      ),
    ).toEqual([]);
    expect(typedDataChainId({ chainId: 31337 })).toBe(31337);
    expect(typedDataChainId({ chainId: '0x7a69' })).toBe(31337);
    expect(typedDataChainId({ chainId: '31337' })).toBe(31337);
    expect(typedDataChainId({ name: 'x' })).toBeUndefined();
    expect(typedDataChainId({ chainId: 'one' })).toBeNaN();
  });
});

describe('text and fees', () => {
  it('personal_sign text with bidi or invisible characters is shown as hex with a warning', () => {
    expect(personalMessage('Hello')).toEqual({ text: 'Hello' });
    expect(personalMessage(stringToHex('Hello'))).toEqual({ text: 'Hello' });
    const tricky = 'Pay \u202Egnp.exe';
    const shown = personalMessage(tricky);
    expect(shown.text).toBe(stringToHex(tricky));
    expect(shown.warning).toMatch(/invisible or direction-changing/);
    expect(personalMessage(stringToHex('a\u200Bb')).text).toBe(stringToHex('a\u200Bb'));
    expect(personalMessage('0xdeadbeef')).toEqual({ text: '0xdeadbeef' });
  });

  it('the dapp name loses bidi and invisible characters', () => {
    expect(cleanName('Uni\u200Bswap \u202Eppa')).toBe('Uniswap ppa');
    expect(cleanName('  My\n\tDapp  ')).toBe('My Dapp');
    expect(cleanName('x'.repeat(100))).toHaveLength(64);
  });

  it('the native coin is named by the chain: configured, known, or no coin at all', () => {
    const config = { chains: [{ chainId: 31337 }, { chainId: 7777, symbol: 'KWC' }] };
    expect(nativeSymbol(config, 7777)).toBe('KWC');
    expect(nativeSymbol(config, 31337)).toBe('ETH');
    expect(nativeSymbol(config, 56)).toBe('BNB');
    expect(nativeSymbol(config, 137)).toBe('POL');
    expect(nativeSymbol(config, 424242)).toBe('native coin');
  });

  it('gas limit and max fee rows', () => {
    expect(
      pairs(feeRows({ gas: '0x5208', maxFeePerGas: '0x3b9aca00', maxPriorityFeePerGas: '0x1' }, 'ETH')),
    ).toEqual([
      ['Gas limit', '21000'],
      ['Max fee', '1 gwei per gas'],
      ['Max priority fee', '0.000000001 gwei per gas'],
      ['Max network fee', '0.000021 ETH'],
    ]);
    expect(pairs(feeRows({ gasPrice: '0x77359400' }, 'ETH'))).toEqual([['Gas price', '2 gwei per gas']]);
    expect(feeRows({}, 'ETH')).toEqual([]);
    // Each chain's own coin: a fee on BNB Chain is not in ETH.
    expect(pairs(feeRows({ gas: '0x5208', gasPrice: '0x3b9aca00' }, 'BNB')).at(-1)).toEqual([
      'Max network fee',
      '0.000021 BNB',
    ]);
    expect(formatDeadline(maxUint256)).toBe('no expiry');
  });
});

describe('sameOriginIcon', () => {
  const origin = 'http://localhost:5173';
  it('takes the first icon served from the embedding origin', () => {
    expect(
      sameOriginIcon(
        ['https://cdn.example/icon.png', 'http://localhost:5173/icon.svg', `${origin}/b.png`],
        origin,
      ),
    ).toBe('http://localhost:5173/icon.svg');
  });
  it('shows no icon from another origin, another port, a data: URL or a non-URL', () => {
    expect(
      sameOriginIcon(
        [
          'https://localhost:5173/a.png',
          'http://localhost:5174/a.png',
          'data:image/png;base64,AAAA',
          'icon.png',
        ],
        origin,
      ),
    ).toBeNull();
    expect(sameOriginIcon([], origin)).toBeNull();
  });
});
