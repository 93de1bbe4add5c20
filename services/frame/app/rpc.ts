/**
 * RPC requests inside the frame: safe methods go to the local chain (through this origin's /rpc proxy);
 * unsafe methods are shown on the frame's own approval screen, and signed with viem only after Approve.
 * The Solana sign methods are handled in solana.ts.
 */
import {
  createWalletClient,
  decodeFunctionData,
  decodeFunctionResult,
  defineChain,
  encodeFunctionData,
  erc20Abi,
  formatEther,
  formatUnits,
  type Hex,
  hexToString,
  http,
  isAddressEqual,
  isHex,
  type PrivateKeyAccount,
  type TypedDataDefinition,
} from 'viem';
import { ERROR_MESSAGES } from '../../../src/core/errors.ts';
import type { RpcRequestPayload } from '../../../src/frame/protocol/index.ts';
import { isSafeRpcMethod } from '../../../src/frame/rpc-methods.ts';
import { approve, FrameRequestError } from './approve.ts';
import { chainRpc } from './backend.ts';
import type { SolanaRpcContext, SolanaSignRequest } from './solana.ts';

export { FrameRequestError, SUPERSEDED, USER_REJECTED } from './approve.ts';

export interface RpcContext {
  account: PrivateKeyAccount | null;
  chainId: number;
  requester: string;
  /** The user's Solana key and the configured Solana networks. */
  solana: Omit<SolanaRpcContext, 'requester'>;
}

interface CallRecord {
  chainId: number;
  hashes: Hex[];
}
/** wallet_sendCalls batches sent in this page's lifetime, for wallet_getCallsStatus. */
const calls = new Map<string, CallRecord>();

const localChain = (chainId: number) =>
  defineChain({
    id: chainId,
    name: `Chain ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [`${location.origin}/rpc/${chainId}`] } },
  });

function walletClient(account: PrivateKeyAccount, chainId: number) {
  const chain = localChain(chainId);
  return createWalletClient({ account, chain, transport: http(chain.rpcUrls.default.http[0]) });
}

/** Message text for personal_sign: hex that decodes to printable UTF-8 is shown as text, else the hex. */
export function personalMessageText(message: string): string {
  if (!isHex(message)) return message;
  try {
    const text = hexToString(message);
    const printable = [...text].every((ch) => {
      const code = ch.charCodeAt(0);
      return ch !== '\uFFFD' && (code >= 0x20 || code === 0x09 || code === 0x0a || code === 0x0d);
    });
    if (printable) return text;
  } catch {}
  return message;
}

const BigQ = (q: string | undefined) => (q === undefined ? undefined : BigInt(q));

/** What the token at `address` calls itself (symbol, decimals), read from the chain; null if it does not say. */
async function tokenInfo(
  chainId: number,
  address: Hex,
): Promise<{ symbol: string; decimals: number } | null> {
  const call = async (fn: 'symbol' | 'decimals') =>
    chainRpc(chainId, 'eth_call', [
      { to: address, data: encodeFunctionData({ abi: erc20Abi, functionName: fn }) },
      'latest',
    ]);
  try {
    const [sym, dec] = await Promise.all([call('symbol'), call('decimals')]);
    const symbol = decodeFunctionResult({ abi: erc20Abi, functionName: 'symbol', data: sym as Hex });
    const decimals = decodeFunctionResult({ abi: erc20Abi, functionName: 'decimals', data: dec as Hex });
    // Untrusted text from a contract: short, printable only.
    const clean = String(symbol)
      .replace(/[^\p{L}\p{N} ._-]/gu, '')
      .slice(0, 16);
    return clean ? { symbol: clean, decimals: Number(decimals) } : null;
  } catch {
    return null;
  }
}

/**
 * The rows of the approval screen for a transaction: receiver, value, network, and, for an ERC-20 transfer or
 * approval, what it really does (recipient or spender and the amount in the token's own units, read from the
 * chain), since the `to` of such a call is the token contract, not the person who receives the tokens.
 */
async function txRows(tx: { to?: string | null; value?: string; data?: string }, chainId: number) {
  const rows = [
    { label: 'To', value: tx.to ?? 'New contract', mono: true },
    { label: 'Value', value: `${formatEther(BigInt(tx.value ?? '0x0'))} ETH` },
    { label: 'Network', value: `Chain ${chainId}` },
  ];
  const data = tx.data && tx.data !== '0x' ? tx.data : undefined;
  if (data) rows.push({ label: 'Function selector', value: data.slice(0, 10), mono: true });
  if (data && tx.to && isHex(data)) {
    let call: ReturnType<typeof decodeFunctionData<typeof erc20Abi>> | null = null;
    try {
      call = decodeFunctionData({ abi: erc20Abi, data });
    } catch {}
    if (call && (call.functionName === 'transfer' || call.functionName === 'approve')) {
      const [who, amount] = call.args as readonly [Hex, bigint];
      const token = await tokenInfo(chainId, tx.to as Hex);
      const shown = token
        ? `${formatUnits(amount, token.decimals)} ${token.symbol}`
        : `${amount} (token units)`;
      rows[0] = { label: 'Token contract', value: tx.to, mono: true };
      if (call.functionName === 'transfer') {
        rows.push({ label: 'Token transfer to', value: who, mono: true }, { label: 'Amount', value: shown });
      } else {
        rows.push({ label: 'Allow spender', value: who, mono: true }, { label: 'Allowance', value: shown });
      }
    }
  }
  return { rows, data };
}

function requireAccount(ctx: RpcContext): PrivateKeyAccount {
  if (!ctx.account) throw new FrameRequestError('Not logged in', 4100);
  return ctx.account;
}

function parseTypedData(raw: string | Record<string, unknown>): TypedDataDefinition {
  const value = typeof raw === 'string' ? (JSON.parse(raw) as unknown) : raw;
  if (!value || typeof value !== 'object') throw new FrameRequestError('Invalid typed data');
  const { domain, types, primaryType, message } = value as Record<string, unknown>;
  if (!types || typeof types !== 'object' || typeof primaryType !== 'string' || !message) {
    throw new FrameRequestError('Invalid typed data');
  }
  const { EIP712Domain: _domain, ...rest } = types as Record<string, unknown>;
  return { domain, types: rest, primaryType, message } as TypedDataDefinition;
}

/** Answers one RPC request (already validated by the kit's schema). */
const SOLANA_SIGN_METHODS = new Set<string>([
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAndSendTransaction',
]);

const isSolanaSignRequest = (req: RpcRequestPayload): req is SolanaSignRequest =>
  SOLANA_SIGN_METHODS.has(req.method);

export async function handleRpc(req: RpcRequestPayload, ctx: RpcContext): Promise<unknown> {
  if (isSolanaSignRequest(req)) {
    // @solana/web3.js is loaded (from this origin) on the first Solana request only.
    const { handleSolanaRpc } = await import('./solana.ts');
    return handleSolanaRpc(req, { ...ctx.solana, requester: ctx.requester });
  }
  switch (req.method) {
    case 'eth_accounts':
      return ctx.account ? [ctx.account.address] : [];
    case 'eth_chainId':
      return `0x${ctx.chainId.toString(16)}`;
    case 'wallet_getCapabilities':
      return {};
    case 'wallet_getCallsStatus': {
      const id = Array.isArray(req.params) ? req.params[0] : undefined;
      const record = typeof id === 'string' ? calls.get(id) : undefined;
      if (!record) throw new FrameRequestError('Unknown bundle id', 5730);
      const receipts = await Promise.all(
        record.hashes.map((h) => chainRpc(record.chainId, 'eth_getTransactionReceipt', [h])),
      );
      const done = receipts.every((r) => r !== null);
      return {
        version: '2.0.0',
        id,
        chainId: `0x${record.chainId.toString(16)}`,
        atomic: false,
        status: done ? 200 : 100,
        receipts: done ? receipts : [],
      };
    }
    case 'personal_sign': {
      const account = requireAccount(ctx);
      const [message, signer] = req.params as [string, string];
      if (!isAddressEqual(signer as Hex, account.address))
        throw new FrameRequestError('Unknown signer address');
      await approve({
        title: 'Sign message',
        requester: ctx.requester,
        rows: [{ label: 'Account', value: account.address, mono: true }],
        blocks: [{ label: 'Message', text: personalMessageText(message) }],
        approveLabel: 'Sign',
      });
      return account.signMessage({ message: isHex(message) ? { raw: message } : message });
    }
    case 'eth_signTypedData_v4': {
      const account = requireAccount(ctx);
      const [signer, raw] = req.params as [string, string | Record<string, unknown>];
      if (!isAddressEqual(signer as Hex, account.address))
        throw new FrameRequestError('Unknown signer address');
      let typed: TypedDataDefinition;
      try {
        typed = parseTypedData(raw);
      } catch {
        throw new FrameRequestError('Invalid typed data');
      }
      await approve({
        title: 'Sign typed data',
        requester: ctx.requester,
        rows: [
          { label: 'Account', value: account.address, mono: true },
          { label: 'Type', value: String(typed.primaryType) },
        ],
        blocks: [
          {
            label: 'Typed data',
            text: JSON.stringify({ domain: typed.domain, message: typed.message }, null, 2),
          },
        ],
        approveLabel: 'Sign',
      });
      return account.signTypedData(typed);
    }
    case 'eth_sendTransaction': {
      const account = requireAccount(ctx);
      const [tx] = req.params as [
        {
          from?: string;
          to?: string | null;
          value?: string;
          data?: string;
          gas?: string;
          nonce?: string;
          chainId?: string;
        },
      ];
      if (tx.from && !isAddressEqual(tx.from as Hex, account.address)) {
        throw new FrameRequestError('Unknown sender address');
      }
      if (tx.chainId && Number(BigInt(tx.chainId)) !== ctx.chainId) {
        throw new FrameRequestError('Transaction chain id does not match the current network');
      }
      const { rows, data } = await txRows(tx, ctx.chainId);
      await approve({
        title: 'Approve transaction',
        requester: ctx.requester,
        rows: [{ label: 'From', value: account.address, mono: true }, ...rows],
        blocks: data ? [{ label: 'Data', text: data }] : [],
        approveLabel: 'Approve',
      });
      return walletClient(account, ctx.chainId).sendTransaction({
        to: (tx.to ?? null) as Hex | null,
        value: BigQ(tx.value),
        data: tx.data as Hex | undefined,
        gas: BigQ(tx.gas),
        nonce: tx.nonce === undefined ? undefined : Number(BigInt(tx.nonce)),
      } as Parameters<ReturnType<typeof walletClient>['sendTransaction']>[0]);
    }
    case 'wallet_sendCalls': {
      const account = requireAccount(ctx);
      const [bundle] = req.params as [
        { from?: string; chainId?: string; calls: { to?: string; value?: string; data?: string }[] },
      ];
      if (bundle.from && !isAddressEqual(bundle.from as Hex, account.address)) {
        throw new FrameRequestError('Unknown sender address');
      }
      if (bundle.chainId && Number(BigInt(bundle.chainId)) !== ctx.chainId) {
        throw new FrameRequestError('Calls chain id does not match the current network');
      }
      await approve({
        title: `Approve ${bundle.calls.length} call${bundle.calls.length === 1 ? '' : 's'}`,
        requester: ctx.requester,
        rows: [{ label: 'From', value: account.address, mono: true }],
        blocks: await Promise.all(
          bundle.calls.map(async (call, i) => {
            const { rows, data } = await txRows(call, ctx.chainId);
            const text = [...rows.map((r) => `${r.label}: ${r.value}`), ...(data ? [`Data: ${data}`] : [])];
            return { label: `Call ${i + 1}`, text: text.join('\n') };
          }),
        ),
        approveLabel: 'Approve',
      });
      const client = walletClient(account, ctx.chainId);
      const hashes: Hex[] = [];
      for (const call of bundle.calls) {
        hashes.push(
          await client.sendTransaction({
            to: call.to as Hex,
            value: BigQ(call.value),
            data: call.data as Hex | undefined,
          } as Parameters<typeof client.sendTransaction>[0]),
        );
      }
      const id = `0x${[...crypto.getRandomValues(new Uint8Array(32))].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
      calls.set(id, { chainId: ctx.chainId, hashes });
      return { id };
    }
    default:
      if (isSafeRpcMethod(req.method)) return chainRpc(ctx.chainId, req.method, req.params);
      if (req.method === 'wallet_grantPermissions' || req.method === 'eth_sendUserOperation') {
        throw new FrameRequestError(`${req.method} is not supported by the local secure frame`, 4200);
      }
      throw new FrameRequestError(ERROR_MESSAGES.rpcNotAllowed);
  }
}
