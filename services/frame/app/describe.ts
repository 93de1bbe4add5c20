/**
 * What a request really does, in words for the approval screen. Pure functions (no DOM, no network): they
 * decode call data and typed data, and take token facts (symbol, decimals, collection name) through
 * `lookup`, which the frame answers from its own RPC proxy. Names of spenders come only from the frame's
 * own list of known routers (config.ts), never from the page that asks.
 */
import {
  type Address,
  decodeFunctionData,
  formatEther,
  formatGwei,
  formatUnits,
  getAddress,
  type Hex,
  hexToBytes,
  isAddress,
  isAddressEqual,
  isHex,
  parseAbi,
  stringToHex,
  zeroAddress,
} from 'viem';

export interface Row {
  label: string;
  value: string;
  mono?: boolean;
  /** Shown as a warning (the label is 'Warning'). */
  warning?: boolean;
}

export interface KnownSpender {
  chainId: number;
  address: string;
  name: string;
}

export interface TokenMeta {
  symbol: string;
  decimals: number;
}

export interface Lookup {
  /** Symbol and decimals the token contract reports, or null. */
  token(address: Address): Promise<TokenMeta | null>;
  /** The name an NFT collection reports, or null. */
  collection(address: Address): Promise<string | null>;
}

export interface DescribeContext {
  chainId: number;
  /** The symbol of the chain's native coin. */
  nativeSymbol: string;
  /** The user's own address (a swap paying someone else is a warning). */
  account: Address;
  spenders: readonly KnownSpender[];
  lookup: Lookup;
}

/** An allowance at or above 2^255 (maxUint256 and the like) never runs out in practice. */
export const UNLIMITED_UINT256 = 2n ** 255n;
/** Permit2 allowances are uint160: at or above 2^159 counts as unlimited. */
export const UNLIMITED_UINT160 = 2n ** 159n;
/** The canonical Permit2 contract (the same address on every chain). */
export const PERMIT2_ADDRESS: Address = '0x000000000022D473030F116dDEE9F6B43aC78BA3';
/** How aggregators name the native coin in a swap description. */
const NATIVE_TOKEN: Address = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE';

const warning = (value: string): Row => ({ label: 'Warning', value, warning: true });

const callAbi = parseAbi([
  'function transfer(address to, uint256 amount)',
  'function approve(address spender, uint256 amount)',
  'function increaseAllowance(address spender, uint256 addedValue)',
  'function setApprovalForAll(address operator, bool approved)',
  'function swapExactTokensForTokens(address tokenIn, address tokenOut, uint256 amountIn, uint256 minAmountOut, address to)',
  'function swapExactETHForTokens(address tokenOut, uint256 minAmountOut, address to) payable',
  'function swapExactTokensForETH(address tokenIn, uint256 amountIn, uint256 minAmountOut, address to)',
  'function swapExactTokensForTokensWithPermit(address tokenIn, address tokenOut, uint256 amountIn, uint256 minAmountOut, address to, uint256 deadline, uint8 v, bytes32 r, bytes32 s)',
  'function swapExactTokensForETHWithPermit(address tokenIn, uint256 amountIn, uint256 minAmountOut, address to, uint256 deadline, uint8 v, bytes32 r, bytes32 s)',
  'struct SwapDescription { address srcToken; address dstToken; address srcReceiver; address dstReceiver; uint256 amount; uint256 minReturnAmount; uint256 flags; }',
  'function swap(address executor, SwapDescription desc, bytes data) payable',
]);

/** The display name of a spender on the frame's own list for this chain, or null. */
export function knownSpender(
  spenders: readonly KnownSpender[],
  chainId: number,
  address: string,
): string | null {
  if (!isAddress(address, { strict: false })) return null;
  const hit = spenders.find(
    (s) =>
      s.chainId === chainId && isAddress(s.address, { strict: false }) && isAddressEqual(s.address, address),
  );
  return hit?.name ?? null;
}

/** A spender as the user reads it: its name when known, else its full (checksummed) address. */
function who(ctx: DescribeContext, address: string): { name: string; known: boolean } {
  const name = knownSpender(ctx.spenders, ctx.chainId, address);
  return name ? { name, known: true } : { name: getAddress(address), known: false };
}

const unknownSpender = (address: string, what = 'spender'): Row =>
  warning(
    `Unknown ${what}: ${getAddress(address)} is not a known router on this network. Approve only if you trust it.`,
  );

/** An amount in the token's units ('2.5 USDC'), or in base units when the token does not say. */
export function formatAmount(amount: bigint, token: TokenMeta | null, address: string): string {
  return token
    ? `${formatUnits(amount, token.decimals)} ${token.symbol}`
    : `${amount} base units of token ${getAddress(address)}`;
}

const tokenWord = (token: TokenMeta | null, address: string) =>
  token ? token.symbol : `tokens of ${getAddress(address)}`;

const baseUnitsNote = (token: TokenMeta | null, nftHint = false): Row[] =>
  token
    ? []
    : [
        {
          label: 'Note',
          value: `The token did not report its symbol and decimals: the amount is in base units.${
            // ERC-721 approve(to, tokenId) has the same selector as the ERC-20 approve.
            nftHint ? ' For an NFT, it is the token id.' : ''
          }`,
        },
      ];

/** A Unix time in seconds as a UTC date ('2026-11-24 20:43:17 UTC'); very far times read 'no expiry'. */
export function formatDeadline(seconds: bigint): string {
  if (seconds >= 253402300800n) return 'no expiry'; // year 10000
  const iso = new Date(Number(seconds) * 1000).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
}

async function approvalRows(
  fn: 'approve' | 'increaseAllowance',
  tokenAddress: Address,
  spender: Address,
  amount: bigint,
  ctx: DescribeContext,
): Promise<Row[]> {
  const token = await ctx.lookup.token(tokenAddress);
  const spenderShown = who(ctx, spender);
  const rows: Row[] = [];
  if (amount >= UNLIMITED_UINT256) {
    rows.push(
      {
        label: 'Approval',
        value: `Allow ${spenderShown.name} to spend Unlimited ${tokenWord(token, tokenAddress)}`,
      },
      { label: 'Spender', value: getAddress(spender), mono: true },
      warning(
        `Unlimited approval: ${spenderShown.name} can spend all of your ${tokenWord(token, tokenAddress)}, now and later, until you revoke it.`,
      ),
    );
  } else {
    const shown = formatAmount(amount, token, tokenAddress);
    const value =
      fn === 'approve'
        ? `Allow ${spenderShown.name} to spend exactly ${shown}${amount === 0n ? ' (removes the allowance)' : ''}`
        : `Allow ${spenderShown.name} to spend ${shown} more than it may now`;
    rows.push({ label: 'Approval', value }, { label: 'Spender', value: getAddress(spender), mono: true });
    rows.push(...baseUnitsNote(token, fn === 'approve'));
  }
  if (!spenderShown.known) rows.push(unknownSpender(spender));
  return rows;
}

interface SwapTerms {
  /** null: the native coin. */
  tokenIn: Address | null;
  tokenOut: Address | null;
  amountIn: bigint;
  minOut: bigint;
  recipient: Address;
  deadline?: bigint;
}

const isNative = (token: Address) =>
  isAddressEqual(token, NATIVE_TOKEN) || isAddressEqual(token, zeroAddress);

async function swapRows(
  router: Address,
  terms: SwapTerms,
  value: bigint,
  ctx: DescribeContext,
): Promise<Row[]> {
  const side = async (token: Address | null, amount: bigint) => {
    if (!token) {
      return {
        text: `${formatEther(amount)} ${ctx.nativeSymbol}`,
        meta: { symbol: ctx.nativeSymbol, decimals: 18 },
      };
    }
    const meta = await ctx.lookup.token(token);
    return { text: formatAmount(amount, meta, token), meta };
  };
  const [give, receive] = await Promise.all([
    side(terms.tokenIn, terms.amountIn),
    side(terms.tokenOut, terms.minOut),
  ]);
  const routerShown = who(ctx, router);
  const rows: Row[] = [
    { label: 'Swap', value: `Swap on ${routerShown.name}` },
    { label: 'You give', value: give.text },
    { label: 'You receive at least', value: receive.text },
  ];
  const toUser = isAddressEqual(terms.recipient, ctx.account);
  rows.push({
    label: 'Recipient',
    value: toUser ? `You (${getAddress(terms.recipient)})` : getAddress(terms.recipient),
    mono: true,
  });
  if (terms.deadline !== undefined)
    rows.push({ label: 'Permit valid until', value: formatDeadline(terms.deadline) });
  if (!give.meta || !receive.meta) rows.push(...baseUnitsNote(null));
  if (!routerShown.known) rows.push(unknownSpender(router, 'router'));
  if (!toUser)
    rows.push(warning(`The swapped tokens go to ${getAddress(terms.recipient)}, not to your account.`));
  if (terms.tokenIn === null && value !== terms.amountIn) {
    rows.push(
      warning(
        `The call sends ${formatEther(value)} ${ctx.nativeSymbol}, not the ${formatEther(terms.amountIn)} ${ctx.nativeSymbol} swapped.`,
      ),
    );
  } else if (terms.tokenIn !== null && value > 0n) {
    rows.push(warning(`The call also sends ${formatEther(value)} ${ctx.nativeSymbol}.`));
  }
  return rows;
}

/**
 * The rows that say what a call does, when its data is one the frame knows (ERC-20 transfer, approve,
 * increaseAllowance, setApprovalForAll, the swap calls of the known routers); [] otherwise. `contract`
 * names what the `to` row should be called ('Token contract', 'Router', …) when the call was decoded.
 */
export async function describeCall(
  tx: { to?: string | null; data?: string; value?: string },
  ctx: DescribeContext,
): Promise<{ rows: Row[]; contract?: string }> {
  const data = tx.data;
  if (!data || data === '0x' || !isHex(data) || !tx.to || !isAddress(tx.to, { strict: false }))
    return { rows: [] };
  const to = tx.to as Address;
  const value = tx.value && isHex(tx.value) ? BigInt(tx.value) : 0n;
  let call: ReturnType<typeof decodeFunctionData<typeof callAbi>>;
  try {
    call = decodeFunctionData({ abi: callAbi, data: data as Hex });
  } catch {
    return { rows: [] };
  }
  switch (call.functionName) {
    case 'transfer': {
      const [recipient, amount] = call.args;
      const token = await ctx.lookup.token(to);
      return {
        contract: 'Token contract',
        rows: [
          { label: 'Token transfer to', value: getAddress(recipient), mono: true },
          { label: 'Amount', value: formatAmount(amount, token, to) },
          ...baseUnitsNote(token),
        ],
      };
    }
    case 'approve':
    case 'increaseAllowance': {
      const [spender, amount] = call.args;
      return {
        contract: 'Token contract',
        rows: await approvalRows(call.functionName, to, spender, amount, ctx),
      };
    }
    case 'setApprovalForAll': {
      const [operator, approved] = call.args;
      const collection = (await ctx.lookup.collection(to)) ?? getAddress(to);
      const operatorShown = who(ctx, operator);
      if (!approved) {
        return {
          contract: 'Collection',
          rows: [
            { label: 'Approval', value: `Revoke ${operatorShown.name}'s access to your ${collection} NFTs` },
          ],
        };
      }
      const rows: Row[] = [
        {
          label: 'Approval',
          value: `Allow ${operatorShown.name} to transfer all of your ${collection} NFTs`,
        },
        { label: 'Operator', value: getAddress(operator), mono: true },
        warning(
          `${operatorShown.name} can take all of your ${collection} NFTs, now and later, until you revoke it.`,
        ),
      ];
      if (!operatorShown.known) rows.push(unknownSpender(operator, 'operator'));
      return { contract: 'Collection', rows };
    }
    case 'swapExactTokensForTokens': {
      const [tokenIn, tokenOut, amountIn, minOut, recipient] = call.args;
      return {
        contract: 'Router',
        rows: await swapRows(to, { tokenIn, tokenOut, amountIn, minOut, recipient }, value, ctx),
      };
    }
    case 'swapExactTokensForTokensWithPermit': {
      const [tokenIn, tokenOut, amountIn, minOut, recipient, deadline] = call.args;
      return {
        contract: 'Router',
        rows: await swapRows(to, { tokenIn, tokenOut, amountIn, minOut, recipient, deadline }, value, ctx),
      };
    }
    case 'swapExactTokensForETHWithPermit': {
      const [tokenIn, amountIn, minOut, recipient, deadline] = call.args;
      return {
        contract: 'Router',
        rows: await swapRows(
          to,
          { tokenIn, tokenOut: null, amountIn, minOut, recipient, deadline },
          value,
          ctx,
        ),
      };
    }
    case 'swapExactETHForTokens': {
      const [tokenOut, minOut, recipient] = call.args;
      return {
        contract: 'Router',
        rows: await swapRows(to, { tokenIn: null, tokenOut, amountIn: value, minOut, recipient }, value, ctx),
      };
    }
    case 'swapExactTokensForETH': {
      const [tokenIn, amountIn, minOut, recipient] = call.args;
      return {
        contract: 'Router',
        rows: await swapRows(to, { tokenIn, tokenOut: null, amountIn, minOut, recipient }, value, ctx),
      };
    }
    case 'swap': {
      const [, desc] = call.args;
      const terms: SwapTerms = {
        tokenIn: isNative(desc.srcToken) ? null : desc.srcToken,
        tokenOut: isNative(desc.dstToken) ? null : desc.dstToken,
        amountIn: desc.amount,
        minOut: desc.minReturnAmount,
        // An aggregation router pays the caller when no receiver is named.
        recipient: isAddressEqual(desc.dstReceiver, zeroAddress) ? ctx.account : desc.dstReceiver,
      };
      return { contract: 'Router', rows: await swapRows(to, terms, value, ctx) };
    }
  }
}

/** Gas limit and fee rows for a transaction, when it states them. */
export function feeRows(
  tx: {
    gas?: string;
    gasPrice?: string;
    maxFeePerGas?: string;
    maxPriorityFeePerGas?: string;
  },
  nativeSymbol: string,
): Row[] {
  const q = (v: string | undefined) => (v && isHex(v) ? BigInt(v) : undefined);
  const gas = q(tx.gas);
  const maxFee = q(tx.maxFeePerGas) ?? q(tx.gasPrice);
  const rows: Row[] = [];
  if (gas !== undefined) rows.push({ label: 'Gas limit', value: gas.toString() });
  if (tx.maxFeePerGas !== undefined && maxFee !== undefined) {
    rows.push({ label: 'Max fee', value: `${formatGwei(maxFee)} gwei per gas` });
  } else if (maxFee !== undefined) {
    rows.push({ label: 'Gas price', value: `${formatGwei(maxFee)} gwei per gas` });
  }
  const priority = q(tx.maxPriorityFeePerGas);
  if (priority !== undefined)
    rows.push({ label: 'Max priority fee', value: `${formatGwei(priority)} gwei per gas` });
  if (gas !== undefined && maxFee !== undefined) {
    rows.push({ label: 'Max network fee', value: `${formatEther(gas * maxFee)} ${nativeSymbol}` });
  }
  return rows;
}

// ---- Typed data --------------------------------------------------------------------------------------

/**
 * A uint from typed data, read the way viem encodes it when signing (`BigInt(value)`: decimal, `0x`/`0X`
 * hex, `0b`/`0o`, surrounding spaces, leading zeros, a boolean), or null when viem would refuse it or it
 * is not a plain value (an array or an object, which viem would coerce in ways a reader cannot follow).
 */
function uint(value: unknown): bigint | null {
  if (!['string', 'number', 'bigint', 'boolean'].includes(typeof value)) return null;
  try {
    const n = BigInt(value as string | number | bigint | boolean);
    return n >= 0n && n < 2n ** 256n ? n : null;
  } catch {
    return null;
  }
}

const address = (value: unknown): Address | null =>
  typeof value === 'string' && isAddress(value, { strict: false }) ? getAddress(value) : null;

/**
 * The domain's chain id as a number; undefined when the domain names none; NaN when it names one that is
 * not a valid uint (which never matches a chain).
 */
export function typedDataChainId(domain: unknown): number | undefined {
  if (!domain || typeof domain !== 'object' || !('chainId' in domain)) return undefined;
  const raw = (domain as { chainId?: unknown }).chainId;
  if (raw === undefined) return undefined;
  const id = uint(raw);
  return id === null || id > BigInt(Number.MAX_SAFE_INTEGER) ? Number.NaN : Number(id);
}

interface PermitGrant {
  token: Address;
  spender: Address;
  amount: bigint;
  bits: 160 | 256;
  until: bigint;
  /** A one-time transfer (Permit2 signature transfer) rather than an allowance. */
  once?: boolean;
}

/** The grants a permit-style typed data gives, or null when its fields do not parse. */
function permitGrants(
  primaryType: string,
  domain: Record<string, unknown>,
  message: Record<string, unknown>,
): PermitGrant[] | null {
  const verifying = address(domain.verifyingContract);
  const spender = address(message.spender);
  if (!verifying || !spender) return null;
  if (primaryType === 'Permit') {
    // EIP-2612 (owner, spender, value, nonce, deadline) or the DAI form (holder, spender, nonce, expiry, allowed).
    if (typeof message.allowed === 'boolean') {
      const expiry = uint(message.expiry);
      if (expiry === null) return null;
      const until = expiry === 0n ? 2n ** 256n - 1n : expiry;
      return [
        { token: verifying, spender, amount: message.allowed ? 2n ** 256n - 1n : 0n, bits: 256, until },
      ];
    }
    const value = uint(message.value);
    const deadline = uint(message.deadline);
    if (value === null || deadline === null) return null;
    return [{ token: verifying, spender, amount: value, bits: 256, until: deadline }];
  }
  const list = (v: unknown) => (Array.isArray(v) ? v : v && typeof v === 'object' ? [v] : []);
  if (primaryType === 'PermitSingle' || primaryType === 'PermitBatch') {
    const grants = list(message.details).map((d: Record<string, unknown>) => ({
      token: address(d.token),
      amount: uint(d.amount),
      until: uint(d.expiration),
    }));
    if (!grants.length || grants.some((g) => !g.token || g.amount === null || g.until === null)) return null;
    return grants.map((g) => ({
      token: g.token as Address,
      spender,
      amount: g.amount as bigint,
      bits: 160 as const,
      until: g.until as bigint,
    }));
  }
  if (/^Permit(Batch)?(Witness)?TransferFrom$/.test(primaryType)) {
    const deadline = uint(message.deadline);
    const grants = list(message.permitted).map((p: Record<string, unknown>) => ({
      token: address(p.token),
      amount: uint(p.amount),
    }));
    if (deadline === null || !grants.length || grants.some((g) => !g.token || g.amount === null)) return null;
    return grants.map((g) => ({
      token: g.token as Address,
      spender,
      amount: g.amount as bigint,
      bits: 256 as const,
      until: deadline,
      once: true,
    }));
  }
  return null;
}

/** EIP-712 field definitions: `types` of typed data, without `EIP712Domain`. */
export type TypedFields = Readonly<Record<string, readonly { name: string; type: string }[]>>;

const shape = (fields: readonly { name: string; type: string }[] | undefined) =>
  (fields ?? []).map((f) => `${f.type} ${f.name}`).join(',');
/** The permit types whose signatures move tokens, by the exact fields their type hash is made of. */
const PERMIT_SHAPES: Record<string, (types: TypedFields) => boolean> = {
  // EIP-2612, and DAI's older form.
  Permit: (t) =>
    shape(t.Permit) === 'address owner,address spender,uint256 value,uint256 nonce,uint256 deadline' ||
    shape(t.Permit) === 'address holder,address spender,uint256 nonce,uint256 expiry,bool allowed',
  // Permit2 (allowance transfer and signature transfer); the witness forms add one field of their own.
  PermitSingle: (t) => !!t.PermitSingle,
  PermitBatch: (t) => !!t.PermitBatch,
  PermitTransferFrom: (t) => !!t.PermitTransferFrom,
  PermitBatchTransferFrom: (t) => !!t.PermitBatchTransferFrom,
  PermitWitnessTransferFrom: (t) => !!t.PermitWitnessTransferFrom,
  PermitBatchWitnessTransferFrom: (t) => !!t.PermitBatchWitnessTransferFrom,
};

/** A known permit type whose fields do not parse: the frame refuses to sign it. */
export class UnreadablePermitError extends Error {
  constructor(primaryType: string) {
    super(`The ${primaryType} fields cannot be read`);
  }
}

/**
 * What a signature over typed data covers: the message reduced to the fields `types[primaryType]` names
 * (recursively, through structs and arrays), the domain reduced to the fields viem signs (`name` as text,
 * `version`, `chainId` as a number, `verifyingContract`, `salt`), and the paths of everything else (shown
 * as not signed: viem ignores them).
 */
export function signedView(typed: {
  types: TypedFields;
  primaryType: string;
  domain?: unknown;
  message: unknown;
}): { domain: Record<string, unknown>; message: unknown; unsigned: string[] } {
  const unsigned: string[] = [];
  const project = (type: string, value: unknown, path: string): unknown => {
    const array = /^(.+)\[(\d*)\]$/.exec(type);
    if (array) {
      return Array.isArray(value) ? value.map((v, i) => project(array[1]!, v, `${path}[${i}]`)) : value;
    }
    const fields = typed.types[type];
    if (!fields || !value || typeof value !== 'object') return value;
    const record = value as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const f of fields) out[f.name] = project(f.type, record[f.name], `${path}.${f.name}`);
    for (const key of Object.keys(record)) {
      if (!fields.some((f) => f.name === key)) unsigned.push(`${path}.${key}`);
    }
    return out;
  };
  const message = project(typed.primaryType, typed.message, 'message');
  const d = (typed.domain && typeof typed.domain === 'object' ? typed.domain : {}) as Record<string, unknown>;
  const signedDomain = (key: string): boolean => {
    switch (key) {
      case 'name':
        return typeof d.name === 'string';
      case 'chainId':
        return typeof d.chainId === 'number' || typeof d.chainId === 'bigint';
      case 'version':
      case 'verifyingContract':
      case 'salt':
        return !!d[key];
      default:
        return false;
    }
  };
  const domain: Record<string, unknown> = {};
  for (const key of Object.keys(d)) {
    if (signedDomain(key)) domain[key] = d[key];
    else unsigned.push(`domain.${key}`);
  }
  return { domain, message, unsigned };
}

/**
 * Rows for typed data the frame understands: an EIP-2612 or DAI `Permit` (the token is the domain's
 * verifying contract) and Permit2's `PermitSingle`, `PermitBatch` and `Permit…TransferFrom`, read from
 * what is signed only ({@link signedView}). [] for any other typed data (the screen then shows its JSON
 * only). A known permit type whose amounts, deadlines or addresses do not parse throws
 * {@link UnreadablePermitError}: what it grants cannot be shown, so it is not signed.
 */
export async function describeTypedData(
  typed: { types: TypedFields; domain?: unknown; primaryType: string; message: unknown },
  ctx: DescribeContext,
): Promise<Row[]> {
  const known = PERMIT_SHAPES[typed.primaryType]?.(typed.types) ?? false;
  if (!known) return [];
  const view = signedView(typed);
  const domain = view.domain;
  const message = (view.message && typeof view.message === 'object' ? view.message : {}) as Record<
    string,
    unknown
  >;
  const grants = permitGrants(typed.primaryType, domain, message);
  if (!grants) throw new UnreadablePermitError(typed.primaryType);
  const rows: Row[] = [];
  const isPermit2 = typed.primaryType !== 'Permit';
  const verifying = address(domain.verifyingContract);
  if (isPermit2 && verifying && !isAddressEqual(verifying, PERMIT2_ADDRESS)) {
    rows.push(warning(`This permit is for ${verifying}, not the Permit2 contract.`));
  }
  const owner = address(message.owner ?? message.holder);
  if (owner && !isAddressEqual(owner, ctx.account))
    rows.push(warning(`The permit names another owner: ${owner}.`));
  const unknown = new Set<string>();
  for (const grant of grants) {
    const token = await ctx.lookup.token(grant.token);
    const spenderShown = who(ctx, grant.spender);
    if (!spenderShown.known) unknown.add(grant.spender);
    const until = formatDeadline(grant.until);
    const limit = grant.bits === 160 ? UNLIMITED_UINT160 : UNLIMITED_UINT256;
    const verb = grant.once ? 'transfer' : 'spend';
    const untilText = until === 'no expiry' ? 'with no expiry' : `until ${until}`;
    if (grant.amount >= limit) {
      rows.push(
        {
          label: 'Permit',
          value: `Allow ${spenderShown.name} to ${verb} Unlimited ${tokenWord(token, grant.token)} ${untilText}`,
        },
        warning(
          `Unlimited approval: ${spenderShown.name} can ${verb} all of your ${tokenWord(token, grant.token)} ${untilText}.`,
        ),
      );
    } else {
      rows.push({
        label: 'Permit',
        value: `Allow ${spenderShown.name} to ${verb} exactly ${formatAmount(grant.amount, token, grant.token)}${grant.once ? ' once' : ''} ${untilText}`,
      });
      rows.push(...baseUnitsNote(token));
    }
    rows.push({ label: 'Token', value: grant.token, mono: true });
  }
  rows.push({ label: 'Spender', value: grants[0]?.spender ?? '', mono: true });
  for (const s of unknown) rows.push(unknownSpender(s));
  return rows;
}

// ---- Text --------------------------------------------------------------------------------------------

/**
 * Control characters (other than tab and line breaks), format characters (zero-width, bidi overrides and
 * isolates, BOM), line/paragraph separators, private-use and unassigned code points, and blank fillers.
 */
const UNSAFE_CHAR = /(?![\t\n\r])[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cn}\u115F\u1160\u3164\uFFA0\uFFFD]/u;
const UNSAFE_CHARS = new RegExp(UNSAFE_CHAR.source, 'gu');

/** A name for display (the dapp name): unsafe characters removed, spaces collapsed, at most 64 characters. */
/**
 * The app's icon for the approval screen: its first icon served from the verified embedding origin, or null.
 * An icon from anywhere else is not shown (a page could claim another app's icon; the frame's CSP allows
 * images from the embedding origins only, so nothing else would load anyway).
 */
export function sameOriginIcon(icons: readonly string[], origin: string): string | null {
  for (const icon of icons) {
    try {
      const url = new URL(icon);
      if (url.origin === origin && (url.protocol === 'https:' || url.protocol === 'http:')) return url.href;
    } catch {
      // not a URL: skipped
    }
  }
  return null;
}

export function cleanName(name: string): string {
  return [...name.replace(UNSAFE_CHARS, '').replace(/\s+/g, ' ').trim()].slice(0, 64).join('');
}

/**
 * A personal_sign message for display: its text when it is printable (hex input decoded as UTF-8), else
 * its hex, with a warning when the text hides invisible or direction-changing characters.
 */
export function personalMessage(message: string): { text: string; warning?: string } {
  const hidden =
    'The message contains invisible or direction-changing characters; it is shown as hex. Sign only if you expected that.';
  if (isHex(message)) {
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(hexToBytes(message));
    } catch {
      return { text: message };
    }
    if (text.length === 0) return { text: message };
    if (UNSAFE_CHAR.test(text)) {
      // Mostly control bytes is plain binary data, not disguised text.
      const letters = text.replace(UNSAFE_CHARS, '').length;
      return letters > 0 ? { text: message, warning: hidden } : { text: message };
    }
    return { text };
  }
  return UNSAFE_CHAR.test(message) ? { text: stringToHex(message), warning: hidden } : { text: message };
}
