/**
 * Fixtures in the wire shapes of API.md, shared by stories, unit tests and hosts' own tests. Everything is
 * deterministic (no Math.random, no clock): the same fixture always renders the same story.
 */
import {
  type Address,
  decodeFunctionData,
  domainSeparator,
  encodeFunctionData,
  encodeFunctionResult,
  erc20Abi,
  type Hex,
  parseAbi,
  parseSignature,
} from 'viem';

// ---------------------------------------------------------------- accounts

/** Anvil dev accounts 0 and 1 (the `test test … junk` mnemonic). */
export const FIXTURE_ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
export const FIXTURE_RECEIVER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
export const FIXTURE_SOLANA_ADDRESS = '7v91N7iZ9mNicL8WfG6cgSCKyRXydQjLh6UYBWwm6y1Q';
export const FIXTURE_CHAIN = 'eip155:1';
export const FIXTURE_TX_HASH = `0x${'ab'.repeat(32)}`;

// ---------------------------------------------------------------- images

function hash(value: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    h ^= value.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A small deterministic SVG icon (coloured square with initials) as a data:image URL: stories need no network. */
export function fixtureIcon(label: string): string {
  const h = hash(label) % 360;
  const initials =
    label
      .replace(/[^a-zA-Z0-9 ]/g, '')
      .split(' ')
      .filter(Boolean)
      .slice(0, 2)
      .map((w) => w[0]!.toUpperCase())
      .join('') || '?';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><rect width="96" height="96" rx="24" fill="hsl(${h} 65% 52%)"/><text x="48" y="60" font-family="sans-serif" font-size="36" font-weight="700" fill="#fff" text-anchor="middle">${initials}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

// ---------------------------------------------------------------- explorer wallets

/** Explorer wallet in wire shape (before the client's sanitising parse). */
export interface WireWallet {
  id: string;
  name: string;
  homepage?: string | null;
  image_id?: string | null;
  image_url?: string | null;
  order?: number;
  mobile_link?: string | null;
  desktop_link?: string | null;
  webapp_link?: string | null;
  app_store?: string | null;
  play_store?: string | null;
  chrome_store?: string | null;
  rdns?: string | null;
  injected?: { namespace?: string; injected_id?: string }[] | null;
}

const KNOWN_WALLETS: ReadonlyArray<[name: string, rdns: string | null, scheme: string | null]> = [
  ['MetaMask', 'io.metamask', 'metamask://'],
  ['Trust Wallet', 'com.trustwallet.app', 'trust://'],
  ['Coinbase Wallet', 'com.coinbase.wallet', 'cbwallet://'],
  ['Rainbow', 'me.rainbow', 'rainbow://'],
  ['Keyway Dev Wallet', 'dev.keyway.wallet', null],
  ['Zerion', 'io.zerion.wallet', 'zerion://'],
  ['Uniswap Wallet', 'org.uniswap.app', 'uniswap://'],
  ['OKX Wallet', 'com.okex.wallet', 'okex://'],
  ['Ledger Live', null, 'ledgerlive://'],
  ['Safe', null, null],
  ['Phantom', 'app.phantom', 'phantom://'],
  ['Exodus', 'com.exodus.web3-wallet', 'exodus://'],
];

const WORDS_A = ['Amber', 'Blue', 'Cedar', 'Delta', 'Echo', 'Falcon', 'Granite', 'Harbor', 'Iris', 'Juniper'];
const WORDS_B = ['Vault', 'Wallet', 'Keys', 'Pocket', 'Safe', 'Purse', 'Ledger', 'Chest', 'Box', 'Pouch'];

function uuidLike(n: number, prefix = 'a'): string {
  const hex = n.toString(16).padStart(12, '0');
  return `${prefix.padEnd(8, '0').slice(0, 8)}-0000-4000-8000-${hex}`;
}

function slug(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '');
}

/** The i-th generated wallet: stable id, name, icon and links. */
export function makeWallet(i: number): WireWallet {
  const known = KNOWN_WALLETS[i];
  const name = known
    ? known[0]
    : `${WORDS_A[i % WORDS_A.length]} ${WORDS_B[Math.floor(i / WORDS_A.length) % WORDS_B.length]}${i >= 100 ? ` ${i}` : ''}`;
  const s = slug(name);
  const scheme = known ? known[2] : `${s}://`;
  const rdns = known ? known[1] : i % 3 === 0 ? `com.${s}` : null;
  return {
    id: uuidLike(i + 1),
    name,
    homepage: `https://${s}.example`,
    image_id: `img-${i + 1}`,
    image_url: fixtureIcon(name),
    order: i + 1,
    mobile_link: scheme,
    desktop_link: i % 4 === 0 ? `https://${s}.example/wc` : null,
    webapp_link: i % 5 === 0 ? `https://app.${s}.example` : null,
    app_store: `https://apps.apple.com/app/${s}`,
    play_store: `https://play.google.com/store/apps/details?id=com.${s}`,
    chrome_store: rdns ? `https://chromewebstore.google.com/detail/${s}` : null,
    rdns,
    injected: rdns ? [{ namespace: 'eip155', injected_id: `is${name.replace(/\s+/g, '')}` }] : null,
  };
}

/** `count` wallets (5 000 for the virtualised-list stories). */
export function generateWallets(count: number, start = 0): WireWallet[] {
  return Array.from({ length: count }, (_, k) => makeWallet(start + k));
}

/** A realistic explorer listing: 60 wallets, the first ones well known. */
export const walletFixtures: WireWallet[] = generateWallets(60);

/** Hostile entries a real explorer response could contain; the client must drop or neutralise them. */
export const hostileWalletFixtures: unknown[] = [
  {
    id: 'hostile-1',
    name: `Evil\u202Etellaw ${'x'.repeat(500)}`,
    mobile_link: 'javascript:alert(1)',
    desktop_link: 'data:text/html,<script>alert(1)</script>',
    webapp_link: 'http://insecure.example',
    homepage: 'vbscript:msgbox(1)',
    image_url: 'javascript:alert(1)',
  },
  {
    id: 'hostile-2',
    name: 'File Wallet',
    mobile_link: 'file:///etc/passwd',
    image_url: 'http://tracker.example/p.gif',
  },
  { id: '', name: 'No id' },
  { name: 'Missing id' },
  42,
  null,
];

// ---------------------------------------------------------------- balances

export interface WireBalance {
  name: string;
  symbol: string;
  chainId: string;
  address?: string;
  value?: number;
  price: number;
  quantity: { decimals: string | number; numeric: string };
  iconUrl: string;
}

export function makeBalances(chainId = FIXTURE_CHAIN): WireBalance[] {
  return [
    {
      name: 'Ether',
      symbol: 'ETH',
      chainId,
      value: 5432.1,
      price: 3200.5,
      quantity: { decimals: '18', numeric: '1.697269' },
      iconUrl: fixtureIcon('ETH'),
    },
    {
      name: 'USD Coin',
      symbol: 'USDC',
      chainId,
      address: `${chainId}:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48`,
      value: 1250,
      price: 1,
      quantity: { decimals: '6', numeric: '1250.000000' },
      iconUrl: fixtureIcon('USDC'),
    },
    {
      name: 'Dai Stablecoin',
      symbol: 'DAI',
      chainId,
      address: `${chainId}:0x6B175474E89094C44Da98b954EedeAC495271d0F`,
      value: 0.0004,
      price: 1,
      quantity: { decimals: '18', numeric: '0.000400000000000001' },
      iconUrl: fixtureIcon('DAI'),
    },
  ];
}
export const balanceFixtures: WireBalance[] = makeBalances();

// ---------------------------------------------------------------- transactions

export interface WireTransfer {
  fungible_info?: { name: string; symbol: string; icon: { url: string } };
  nft_info?: { name: string; content: { preview: { url: string } }; flags: { is_spam: boolean } };
  direction: 'in' | 'out' | 'self';
  quantity: { numeric: string };
  value?: number;
  price?: number;
}
export interface WireTransaction {
  id: string;
  metadata: {
    operationType: string;
    hash: string;
    chain: string;
    minedAt: string;
    sentFrom: string;
    sentTo: string;
    status: string;
    nonce: number;
  };
  transfers: WireTransfer[];
}

const BASE_TIME = Date.UTC(2025, 0, 15, 12, 0, 0);
const HOUR = 3_600_000;

function tx(
  i: number,
  over: Partial<WireTransaction['metadata']>,
  transfers: WireTransfer[],
  chain = FIXTURE_CHAIN,
): WireTransaction {
  const hash = `0x${i.toString(16).padStart(64, '0')}`;
  return {
    id: `tx-${i}`,
    metadata: {
      operationType: 'send',
      hash,
      chain,
      minedAt: new Date(BASE_TIME - i * 7 * HOUR).toISOString(),
      sentFrom: FIXTURE_ADDRESS,
      sentTo: FIXTURE_RECEIVER,
      status: 'confirmed',
      nonce: 1000 - i,
      ...over,
    },
    transfers,
  };
}

const eth = (numeric: string, direction: WireTransfer['direction']): WireTransfer => ({
  fungible_info: { name: 'Ether', symbol: 'ETH', icon: { url: fixtureIcon('ETH') } },
  direction,
  quantity: { numeric },
  value: Number(numeric) * 3200.5,
  price: 3200.5,
});
const usdc = (numeric: string, direction: WireTransfer['direction']): WireTransfer => ({
  fungible_info: { name: 'USD Coin', symbol: 'USDC', icon: { url: fixtureIcon('USDC') } },
  direction,
  quantity: { numeric },
  value: Number(numeric),
  price: 1,
});

/** Newest first: a pending send, receives, a failed send, a swap, and a spam NFT airdrop (hidden by the kit). */
export const transactionFixtures: WireTransaction[] = [
  tx(0, { status: 'pending', minedAt: new Date(BASE_TIME).toISOString() }, [eth('0.01', 'out')]),
  tx(1, { operationType: 'receive', sentFrom: FIXTURE_RECEIVER, sentTo: FIXTURE_ADDRESS }, [
    usdc('250', 'in'),
  ]),
  tx(
    2,
    {
      operationType: 'mint',
      sentFrom: '0x000000000000000000000000000000000000dEaD',
      sentTo: FIXTURE_ADDRESS,
    },
    [
      {
        nft_info: {
          name: 'Claim your FREE reward at scam.example',
          content: { preview: { url: fixtureIcon('Spam NFT') } },
          flags: { is_spam: true },
        },
        direction: 'in',
        quantity: { numeric: '1' },
      },
    ],
  ),
  tx(3, { status: 'failed' }, [usdc('5', 'out')]),
  tx(4, { operationType: 'trade' }, [eth('0.5', 'out'), usdc('1600.25', 'in')]),
  tx(5, { operationType: 'send' }, [eth('0.000001', 'out')]),
  tx(6, { operationType: 'receive', sentFrom: FIXTURE_RECEIVER, sentTo: FIXTURE_ADDRESS }, [eth('2', 'in')]),
  tx(7, { operationType: 'mint', sentTo: FIXTURE_ADDRESS }, [
    {
      nft_info: {
        name: 'Keyway Genesis #12',
        content: { preview: { url: fixtureIcon('Genesis') } },
        flags: { is_spam: false },
      },
      direction: 'in',
      quantity: { numeric: '1' },
    },
  ]),
];

/** `count` ordinary transactions (for long-list / infinite-scroll stories), newest first. */
export function generateTransactions(count: number, start = 100): WireTransaction[] {
  return Array.from({ length: count }, (_, k) =>
    tx(start + k, { operationType: k % 2 ? 'receive' : 'send' }, [
      k % 3 ? eth(`0.${(k % 97) + 1}`, k % 2 ? 'in' : 'out') : usdc(`${(k % 500) + 1}`, k % 2 ? 'in' : 'out'),
    ]),
  );
}

// ---------------------------------------------------------------- identity, names

export const identityFixture = { name: 'vitalik.eth', avatar: fixtureIcon('vitalik') };

export const profileFixture = {
  name: 'alice.kw.id',
  registered: 1736942400,
  updated: 1736942400,
  addresses: { '60': { address: FIXTURE_ADDRESS, created: '1736942400' } },
  attributes: [{ avatar: fixtureIcon('alice'), bio: 'Hello from the fixtures' }],
};

export const nameSuggestionsFixture = {
  suggestions: [
    { name: 'alice.kw.id', registered: true },
    { name: 'alice1.kw.id', registered: false },
    { name: 'alice-web3.kw.id', registered: false },
  ],
};

// ---------------------------------------------------------------- swap and prices

export function makeSwapTokens(chainId = FIXTURE_CHAIN) {
  return [
    {
      name: 'Ether',
      symbol: 'ETH',
      address: `${chainId}:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee`,
      decimals: 18,
      logoUri: fixtureIcon('ETH'),
    },
    {
      name: 'USD Coin',
      symbol: 'USDC',
      address: `${chainId}:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48`,
      decimals: 6,
      logoUri: fixtureIcon('USDC'),
      eip2612: true,
    },
    {
      name: 'Dai Stablecoin',
      symbol: 'DAI',
      address: `${chainId}:0x6B175474E89094C44Da98b954EedeAC495271d0F`,
      decimals: 18,
      logoUri: fixtureIcon('DAI'),
      eip2612: true,
    },
    {
      name: 'Wrapped Ether',
      symbol: 'WETH',
      address: `${chainId}:0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2`,
      decimals: 18,
      logoUri: fixtureIcon('WETH'),
    },
  ];
}
export const swapTokensFixture = { tokens: makeSwapTokens() };

/** Prices by symbol (usd). */
export const PRICE_FIXTURES: Record<string, number> = {
  ETH: 3200.5,
  USDC: 1,
  DAI: 1,
  WETH: 3200.5,
  SOL: 180.25,
};

export const swapQuoteFixture = {
  quotes: [
    {
      id: 'quote-1',
      fromAmount: '1000000000000000000',
      fromAccount: `${FIXTURE_CHAIN}:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee`,
      toAmount: '3173295000',
      toAccount: `${FIXTURE_CHAIN}:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48`,
    },
  ],
};

export const gasPriceFixture = { standard: '20000000000', fast: '25000000000', instant: '30000000000' };

/** A router address the fixtures' swap and approval transactions target. */
export const FIXTURE_ROUTER = '0x1111111254EEB25477B68fb85Ed929f73A960582';

export const buildTransactionFixture = {
  tx: {
    from: FIXTURE_ADDRESS,
    to: FIXTURE_ROUTER,
    data: '0x12aa3caf',
    amount: '1000000000000000000',
    eip155: { gas: '210000', gasPrice: '20000000000' },
  },
};

export const buildApproveFixture = {
  tx: {
    from: FIXTURE_ADDRESS,
    to: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
    // approve(FIXTURE_ROUTER, 1000000)
    data: `0x095ea7b3${FIXTURE_ROUTER.slice(2).toLowerCase().padStart(64, '0')}${(1_000_000).toString(16).padStart(64, '0')}`,
    value: '0',
    eip155: { gas: '150000', gasPrice: '20000000000' },
  },
};

/** Swap calls of the fixture router (the shape src/chains/evm/swap.ts decodes). */
const fixtureRouterAbi = parseAbi([
  'function swapExactTokensForTokens(address tokenIn, address tokenOut, uint256 amountIn, uint256 minAmountOut, address to)',
  'function swapExactETHForTokens(address tokenOut, uint256 minAmountOut, address to) payable',
  'function swapExactTokensForETH(address tokenIn, uint256 amountIn, uint256 minAmountOut, address to)',
  'function swapExactTokensForTokensWithPermit(address tokenIn, address tokenOut, uint256 amountIn, uint256 minAmountOut, address to, uint256 deadline, uint8 v, bytes32 r, bytes32 s)',
  'function swapExactTokensForETHWithPermit(address tokenIn, uint256 amountIn, uint256 minAmountOut, address to, uint256 deadline, uint8 v, bytes32 r, bytes32 s)',
]);

/** The EIP-2612 view functions of the fixture tokens flagged `eip2612` (USDC, DAI). */
const fixturePermitAbi = parseAbi([
  'function name() view returns (string)',
  'function nonces(address owner) view returns (uint256)',
  'function DOMAIN_SEPARATOR() view returns (bytes32)',
]);

/**
 * A chain's answer to `eth_call` of a fixture permit token (a token of makeSwapTokens flagged `eip2612`):
 * `name()`, `nonces(owner)` (always `nonce`, default 0) and `DOMAIN_SEPARATOR()` of the domain
 * {name, version "1", chainId, the token}. null for any other call (the chain reverts it; `eip712Domain()`
 * is one of those, so the kit reads the name and uses version "1").
 */
export function fixturePermitCall(
  chainId: number,
  to: string,
  data: Hex,
  opts: { nonce?: bigint } = {},
): Hex | null {
  const token = makeSwapTokens().find(
    (t) => t.eip2612 && t.address.split(':').pop()?.toLowerCase() === to.toLowerCase(),
  );
  if (!token) return null;
  let call: ReturnType<typeof decodeFunctionData<typeof fixturePermitAbi>>;
  try {
    call = decodeFunctionData({ abi: fixturePermitAbi, data });
  } catch {
    return null;
  }
  const verifyingContract = token.address.split(':').pop() as Address;
  switch (call.functionName) {
    case 'name':
      return encodeFunctionResult({ abi: fixturePermitAbi, functionName: 'name', result: token.name });
    case 'nonces':
      return encodeFunctionResult({
        abi: fixturePermitAbi,
        functionName: 'nonces',
        result: opts.nonce ?? 0n,
      });
    case 'DOMAIN_SEPARATOR':
      return encodeFunctionResult({
        abi: fixturePermitAbi,
        functionName: 'DOMAIN_SEPARATOR',
        result: domainSeparator({ domain: { name: token.name, version: '1', chainId, verifyingContract } }),
      });
  }
}

const fixtureTokenOf = (id: string) => {
  const addr = id.split(':').pop()?.toLowerCase();
  return makeSwapTokens().find((t) => t.address.split(':').pop()?.toLowerCase() === addr);
};
const NATIVE_PART = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';
const isNativeFixture = (id: string) => id.toLowerCase().endsWith(NATIVE_PART);

/**
 * The fixture quote: `amount` of `from` priced in `to` by PRICE_FIXTURES, less 0.85 % (integer maths in the
 * smallest units). '0' for tokens the fixtures do not know.
 */
export function fixtureQuote(from: string, to: string, amount: string): string {
  const f = fixtureTokenOf(from);
  const t = fixtureTokenOf(to);
  if (!f || !t || !/^\d+$/.test(amount)) return '0';
  const pf = BigInt(Math.round((PRICE_FIXTURES[f.symbol] ?? 0) * 1e6));
  const pt = BigInt(Math.round((PRICE_FIXTURES[t.symbol] ?? 0) * 1e6));
  if (pt === 0n) return '0';
  const scaled = (BigInt(amount) * pf * 10n ** BigInt(t.decimals)) / (pt * 10n ** BigInt(f.decimals));
  return ((scaled * 9915n) / 10000n).toString();
}

/** The build-transaction answer for a request body: the fixture router's call paying the user. */
export function fixtureSwapTransaction(body: unknown, router: string = FIXTURE_ROUTER) {
  const b = (body ?? {}) as {
    from?: string;
    to?: string;
    amount?: string;
    userAddress?: string;
    eip155?: { slippage?: string | number; permit?: { deadline?: string; signature?: string } };
  };
  const from = b.from ?? '';
  const to = b.to ?? '';
  const amount = BigInt(/^\d+$/.test(b.amount ?? '') ? b.amount! : '0');
  const user = (b.userAddress?.split(':').pop() ?? FIXTURE_ADDRESS) as Address;
  const quoted = BigInt(fixtureQuote(from, to, amount.toString()));
  const bps = BigInt(Math.round(Number(b.eip155?.slippage ?? 1) * 100));
  const minOut = (quoted * (10_000n - bps)) / 10_000n;
  const addr = (id: string) => (id.split(':').pop() ?? '') as Address;
  const permit = b.eip155?.permit;
  if (permit?.signature && permit.deadline && /^\d+$/.test(permit.deadline)) {
    // The router's permit variants: the signed deadline and (v, r, s) go into the call.
    const { r, s, v, yParity } = parseSignature(permit.signature as Hex);
    const sig = [BigInt(permit.deadline), v !== undefined ? Number(v) : 27 + yParity, r, s] as const;
    return {
      tx: {
        from: user,
        to: router,
        data: isNativeFixture(to)
          ? encodeFunctionData({
              abi: fixtureRouterAbi,
              functionName: 'swapExactTokensForETHWithPermit',
              args: [addr(from), amount, minOut, user, ...sig],
            })
          : encodeFunctionData({
              abi: fixtureRouterAbi,
              functionName: 'swapExactTokensForTokensWithPermit',
              args: [addr(from), addr(to), amount, minOut, user, ...sig],
            }),
        amount: '0',
        eip155: { gas: '230000', gasPrice: '20000000000' },
      },
    };
  }
  const data = isNativeFixture(from)
    ? encodeFunctionData({
        abi: fixtureRouterAbi,
        functionName: 'swapExactETHForTokens',
        args: [addr(to), minOut, user],
      })
    : isNativeFixture(to)
      ? encodeFunctionData({
          abi: fixtureRouterAbi,
          functionName: 'swapExactTokensForETH',
          args: [addr(from), amount, minOut, user],
        })
      : encodeFunctionData({
          abi: fixtureRouterAbi,
          functionName: 'swapExactTokensForTokens',
          args: [addr(from), addr(to), amount, minOut, user],
        });
  return {
    tx: {
      from: user,
      to: router,
      data,
      amount: isNativeFixture(from) ? amount.toString() : '0',
      eip155: { gas: '210000', gasPrice: '20000000000' },
    },
  };
}

/** The build-approve answer: `approve(router, amount)` on the source token, for exactly `amount`. */
export function fixtureApproveTransaction(url: URL, router: string = FIXTURE_ROUTER) {
  const from = url.searchParams.get('from') ?? '';
  const amount = url.searchParams.get('amount') ?? '1000000';
  return {
    tx: {
      from: url.searchParams.get('userAddress')?.split(':').pop() ?? FIXTURE_ADDRESS,
      to: from.split(':').pop() ?? '',
      data: encodeFunctionData({
        abi: erc20Abi,
        functionName: 'approve',
        args: [router as Address, BigInt(/^\d+$/.test(amount) ? amount : '0')],
      }),
      value: '0',
      eip155: { gas: '150000', gasPrice: '20000000000' },
    },
  };
}

// ---------------------------------------------------------------- on-ramp

export const onrampOptionsFixture = {
  paymentCurrencies: [
    {
      id: 'USD',
      payment_method_limits: [
        { id: 'card', min: '10.00', max: '7500.00' },
        { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
      ],
    },
    { id: 'EUR', payment_method_limits: [{ id: 'card', min: '10.00', max: '7500.00' }] },
    { id: 'GBP', payment_method_limits: [{ id: 'card', min: '10.00', max: '5000.00' }] },
  ],
  purchaseCurrencies: [
    {
      id: 'USDC',
      name: 'USD Coin',
      symbol: 'USDC',
      networks: [
        {
          name: 'ethereum-mainnet',
          display_name: 'Ethereum',
          chain_id: '1',
          contract_address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
        },
        {
          name: 'polygon-mainnet',
          display_name: 'Polygon',
          chain_id: '137',
          contract_address: '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359',
        },
      ],
    },
    {
      id: 'ETH',
      name: 'Ether',
      symbol: 'ETH',
      networks: [{ name: 'ethereum-mainnet', display_name: 'Ethereum', chain_id: '1', contract_address: '' }],
    },
  ],
};

export function makeOnrampQuote(amount: string, paymentCurrency = 'USD', purchaseCurrency = 'USDC') {
  // Fixed fees so stories show stable numbers: 2.99 provider fee and 0.50 network fee.
  const cents = Math.round(Number(amount) * 100);
  const sub = Math.max(0, cents - 299 - 50);
  const fmt = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;
  return {
    paymentTotal: { amount: fmt(cents), currency: paymentCurrency },
    paymentSubtotal: { amount: fmt(sub), currency: paymentCurrency },
    purchaseAmount: { amount: fmt(sub), currency: purchaseCurrency },
    coinbaseFee: { amount: '2.99', currency: paymentCurrency },
    networkFee: { amount: '0.50', currency: paymentCurrency },
    quoteId: `quote-${cents}`,
  };
}
