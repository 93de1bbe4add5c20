/**
 * EIP-2612 permits for swaps: the approval of a token flagged `eip2612` given as an EIP-712 signature
 * instead of a transaction, when the router the swap service names is one the host marked permit-capable
 * (`swapRouters` entries with `permit: true`).
 *
 * The kit builds the typed data itself; nothing of it comes from the swap service except the spender, which
 * is the router of the checked approval (trusted and permit-capable). The token's EIP-712 domain is read
 * from the token: `eip712Domain()` (EIP-5267) when it has it, else `name()` and `version()` (or "1"), and
 * it is used only when it hashes to the token's own `DOMAIN_SEPARATOR()`. When anything of that cannot be
 * read or does not match, the swap falls back to the approval transaction.
 */
import { type Abi, type Address, domainSeparator, getAddress, type Hex, isAddressEqual } from 'viem';
import { SWAP_PERMIT_DEADLINE_SECONDS } from '../../core/constants';
import { z } from '../../core/zod-mini';

/** The token functions the permit path reads. */
export const permitTokenAbi = [
  {
    type: 'function',
    name: 'nonces',
    stateMutability: 'view',
    inputs: [{ name: 'owner', type: 'address' }],
    outputs: [{ name: '', type: 'uint256' }],
  },
  {
    type: 'function',
    name: 'name',
    stateMutability: 'view',
    inputs: [],
    outputs: [{ name: '', type: 'string' }],
  },
  {
    type: 'function',
    name: 'version',
    stateMutability: 'view',
    inputs: [],
    outputs: [{ name: '', type: 'string' }],
  },
  {
    type: 'function',
    name: 'DOMAIN_SEPARATOR',
    stateMutability: 'view',
    inputs: [],
    outputs: [{ name: '', type: 'bytes32' }],
  },
  {
    type: 'function',
    name: 'eip712Domain',
    stateMutability: 'view',
    inputs: [],
    outputs: [
      { name: 'fields', type: 'bytes1' },
      { name: 'name', type: 'string' },
      { name: 'version', type: 'string' },
      { name: 'chainId', type: 'uint256' },
      { name: 'verifyingContract', type: 'address' },
      { name: 'salt', type: 'bytes32' },
      { name: 'extensions', type: 'uint256[]' },
    ],
  },
] as const satisfies Abi;

export type PermitReadFunction = 'nonces' | 'name' | 'version' | 'DOMAIN_SEPARATOR' | 'eip712Domain';

/** Reads one view function of a token (wired to the wagmi config; a test double elsewhere). */
export type PermitContractReader = (call: {
  chainId: number;
  address: Address;
  abi: typeof permitTokenAbi;
  functionName: PermitReadFunction;
  args?: readonly [Address];
}) => Promise<unknown>;

export interface PermitDomain {
  name: string;
  version: string;
  chainId: number;
  verifyingContract: Address;
}

export const PERMIT_TYPES = {
  Permit: [
    { name: 'owner', type: 'address' },
    { name: 'spender', type: 'address' },
    { name: 'value', type: 'uint256' },
    { name: 'nonce', type: 'uint256' },
    { name: 'deadline', type: 'uint256' },
  ],
} as const;

export interface PermitMessage {
  owner: Address;
  spender: Address;
  value: bigint;
  nonce: bigint;
  deadline: bigint;
}

/** What the wallet is asked to sign (eth_signTypedData_v4). */
export interface PermitTypedData {
  domain: PermitDomain;
  types: typeof PERMIT_TYPES;
  primaryType: 'Permit';
  message: PermitMessage;
}

// Chain answers are untrusted: shapes and sizes are checked before use.
const domainText = z.string().check(z.minLength(1), z.maxLength(128));
const bytes32 = z.string().check(z.regex(/^0x[0-9a-fA-F]{64}$/));
const eip712DomainAnswer = z.tuple([
  z.string().check(z.regex(/^0x[0-9a-fA-F]{2}$/)),
  domainText,
  domainText,
  z.bigint(),
  z.string(),
  z.string(),
  z.array(z.bigint()),
]);
const nonceAnswer = z.bigint().check(z.nonnegative());

/** EIP-5267 fields bitmap of a domain of exactly {name, version, chainId, verifyingContract}. */
const NAME_VERSION_CHAIN_CONTRACT = 0x0f;

/**
 * The token's EIP-712 domain for permits, confirmed against its `DOMAIN_SEPARATOR()`; null when it cannot
 * be read or confirmed (the swap then uses an approval transaction).
 */
export async function readPermitDomain(
  read: PermitContractReader,
  chainId: number,
  token: Address,
): Promise<PermitDomain | null> {
  const call = (functionName: PermitReadFunction) =>
    read({ chainId, address: token, abi: permitTokenAbi, functionName });
  try {
    let domain: PermitDomain | null = null;
    const reported = eip712DomainAnswer.safeParse(await call('eip712Domain').catch(() => null));
    if (reported.success) {
      const [fields, name, version, reportedChain, contract, , extensions] = reported.data;
      if (
        Number.parseInt(fields.slice(2), 16) !== NAME_VERSION_CHAIN_CONTRACT ||
        extensions.length > 0 ||
        reportedChain !== BigInt(chainId) ||
        !isAddressEqual(contract as Address, token)
      ) {
        return null;
      }
      domain = { name, version, chainId, verifyingContract: getAddress(token) };
    } else {
      const name = domainText.parse(await call('name'));
      const version = domainText.safeParse(await call('version').catch(() => '1'));
      domain = {
        name,
        version: version.success ? version.data : '1',
        chainId,
        verifyingContract: getAddress(token),
      };
    }
    const separator = bytes32.parse(await call('DOMAIN_SEPARATOR'));
    return separator.toLowerCase() === domainSeparator({ domain }).toLowerCase() ? domain : null;
  } catch {
    return null;
  }
}

/** The owner's current permit nonce on the token. Throws when it cannot be read. */
export async function readPermitNonce(
  read: PermitContractReader,
  chainId: number,
  token: Address,
  owner: Address,
): Promise<bigint> {
  return nonceAnswer.parse(
    await read({ chainId, address: token, abi: permitTokenAbi, functionName: 'nonces', args: [owner] }),
  );
}

/** The permit's deadline: SWAP_PERMIT_DEADLINE_SECONDS (20 min) from `nowMs`, in unix seconds. */
export function permitDeadline(nowMs: number): bigint {
  return BigInt(Math.floor(nowMs / 1000) + SWAP_PERMIT_DEADLINE_SECONDS);
}

export function permitTypedData(domain: PermitDomain, message: PermitMessage): PermitTypedData {
  return { domain, types: PERMIT_TYPES, primaryType: 'Permit', message };
}

/** The order of secp256k1's group: r and s of a valid signature lie in [1, n - 1]. */
const SECP256K1_N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

/**
 * A 65-byte signature (r, s, then v as 27/28 or the y parity 0/1) as the (v, r, s) a permit call takes; null
 * when it is not one. Read from the bytes with the same checks as viem's `parseSignature` (r and s in the
 * curve's range), which loads a whole elliptic-curve library to do it.
 */
export function permitSignatureParts(signature: Hex): { v: number; r: Hex; s: Hex } | null {
  if (!/^0x[0-9a-fA-F]{130}$/.test(signature)) return null;
  const r = `0x${signature.slice(2, 66)}` as Hex;
  const s = `0x${signature.slice(66, 130)}` as Hex;
  const inRange = (x: Hex) => BigInt(x) > 0n && BigInt(x) < SECP256K1_N;
  if (!inRange(r) || !inRange(s)) return null;
  const last = Number.parseInt(signature.slice(130), 16);
  const v = last === 0 || last === 1 ? 27 + last : last;
  return v === 27 || v === 28 ? { v, r: r.toLowerCase() as Hex, s: s.toLowerCase() as Hex } : null;
}
