/**
 * RPC requests inside the frame: safe methods go to the local chain (through this origin's /rpc proxy);
 * unsafe methods are shown on the frame's own approval screen, and signed with viem only after Approve.
 * The Solana sign methods are handled in solana.ts.
 */
import {
  createWalletClient,
  decodeFunctionResult,
  defineChain,
  encodeFunctionData,
  erc20Abi,
  formatEther,
  type Hex,
  http,
  isAddressEqual,
  isHex,
  type PrivateKeyAccount,
  type TypedDataDefinition,
} from 'viem';
import { FRAME_ERROR_TEXTS } from '../../../src/frame/protocol/errors.ts';
import type { RpcRequestPayload } from '../../../src/frame/protocol/index.ts';
import { isSafeRpcMethod } from '../../../src/frame/rpc-methods.ts';
import { approve, FrameRequestError } from './approve.ts';
import { chainRpc } from './backend.ts';
import {
  describeCall,
  describeTypedData,
  feeRows,
  type KnownSpender,
  type Lookup,
  personalMessage,
  type Row,
  signedView,
  type TypedFields,
  typedDataChainId,
  UnreadablePermitError,
} from './describe.ts';
import type { SolanaRpcContext, SolanaSignRequest } from './solana.ts';
import type { Requester } from './ui.ts';

export { FrameRequestError, SUPERSEDED, USER_REJECTED } from './approve.ts';

export interface RpcContext {
  /** The protocol id of the request: its approval screen is bound to it. */
  requestId: string;
  account: PrivateKeyAccount | null;
  chainId: number;
  /** The symbol of the chain's native coin (config.ts `nativeSymbol`). */
  nativeSymbol: string;
  requester: Requester;
  /** The frame's own list of known routers (names for spenders on the approval screen). */
  spenders: readonly KnownSpender[];
  /** The user's Solana key and the configured Solana networks. */
  solana: Omit<SolanaRpcContext, 'requester' | 'requestId'>;
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

/** The name an NFT collection reports (`name()`), cleaned like a symbol; null if it does not say. */
async function collectionName(chainId: number, address: Hex): Promise<string | null> {
  try {
    const raw = await chainRpc(chainId, 'eth_call', [
      { to: address, data: encodeFunctionData({ abi: erc20Abi, functionName: 'name' }) },
      'latest',
    ]);
    const name = decodeFunctionResult({ abi: erc20Abi, functionName: 'name', data: raw as Hex });
    const clean = String(name)
      .replace(/[^\p{L}\p{N} ._-]/gu, '')
      .trim()
      .slice(0, 32);
    return clean || null;
  } catch {
    return null;
  }
}

/** Token facts for the decoders, read through this origin's RPC proxy. */
const lookupOn = (chainId: number): Lookup => ({
  token: (address) => tokenInfo(chainId, address),
  collection: (address) => collectionName(chainId, address),
});

function describeContext(ctx: RpcContext, account: PrivateKeyAccount) {
  return {
    chainId: ctx.chainId,
    nativeSymbol: ctx.nativeSymbol,
    account: account.address,
    spenders: ctx.spenders,
    lookup: lookupOn(ctx.chainId),
  };
}

/**
 * The rows of the approval screen for a transaction: receiver, value, network, and, for a call the frame
 * can decode (describe.ts: ERC-20 transfer and approvals, NFT operator approvals, swaps on known routers),
 * what it really does, since the `to` of such a call is a token or router contract, not the person who
 * receives the tokens.
 */
async function txRows(
  tx: { to?: string | null; value?: string; data?: string },
  ctx: RpcContext,
  account: PrivateKeyAccount,
): Promise<{ rows: Row[]; data: string | undefined }> {
  const rows: Row[] = [
    { label: 'To', value: tx.to ?? 'New contract', mono: true },
    { label: 'Value', value: `${formatEther(BigInt(tx.value ?? '0x0'))} ${ctx.nativeSymbol}` },
    { label: 'Network', value: `Chain ${ctx.chainId}` },
  ];
  const data = tx.data && tx.data !== '0x' ? tx.data : undefined;
  if (data) rows.push({ label: 'Function selector', value: data.slice(0, 10), mono: true });
  const described = await describeCall(tx, describeContext(ctx, account));
  if (described.contract && tx.to) rows[0] = { label: described.contract, value: tx.to, mono: true };
  rows.push(...described.rows);
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
  for (const fields of Object.values(rest)) {
    if (
      !Array.isArray(fields) ||
      fields.some((f) => !f || typeof f.name !== 'string' || typeof f.type !== 'string')
    ) {
      throw new FrameRequestError('Invalid typed data');
    }
  }
  // viem signs a domain's chainId only when it is a number: one written as text ("1", "0x1") would be left
  // out of the signature while the screen shows it. It is signed as the number it reads as.
  let signedDomain = domain;
  if (domain && typeof domain === 'object' && typeof (domain as { chainId?: unknown }).chainId === 'string') {
    const id = typedDataChainId(domain);
    if (id === undefined || Number.isNaN(id)) throw new FrameRequestError('Invalid typed data');
    signedDomain = { ...(domain as Record<string, unknown>), chainId: id };
  }
  return { domain: signedDomain, types: rest, primaryType, message } as TypedDataDefinition;
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
    return handleSolanaRpc(req, { ...ctx.solana, requester: ctx.requester, requestId: ctx.requestId });
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
      const shown = personalMessage(message);
      await approve({
        requestId: ctx.requestId,
        title: 'Sign message',
        requester: ctx.requester,
        rows: [
          { label: 'Account', value: account.address, mono: true },
          ...(shown.warning ? [{ label: 'Warning', value: shown.warning, warning: true }] : []),
        ],
        blocks: [{ label: shown.warning ? 'Message (hex)' : 'Message', text: shown.text }],
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
      const domainChain = typedDataChainId(typed.domain);
      if (domainChain !== undefined && domainChain !== ctx.chainId) {
        throw new FrameRequestError('Typed data chain id does not match the current network');
      }
      const fields = typed.types as TypedFields;
      const primaryType = String(typed.primaryType);
      let described: Row[];
      try {
        described = await describeTypedData(
          { types: fields, domain: typed.domain, primaryType, message: typed.message },
          describeContext(ctx, account),
        );
      } catch (e) {
        if (e instanceof UnreadablePermitError) throw new FrameRequestError('Invalid typed data');
        throw e;
      }
      // Shown: what the signature covers. Keys viem leaves out of the hash are listed as not signed.
      const view = signedView({ types: fields, primaryType, domain: typed.domain, message: typed.message });
      await approve({
        requestId: ctx.requestId,
        title: described.length ? 'Sign permit' : 'Sign typed data',
        requester: ctx.requester,
        rows: [
          { label: 'Account', value: account.address, mono: true },
          { label: 'Type', value: String(typed.primaryType) },
          ...(domainChain === undefined ? [] : [{ label: 'Network', value: `Chain ${domainChain}` }]),
          ...described,
          ...(view.unsigned.length
            ? [
                {
                  label: 'Warning',
                  value: `Not signed (ignored by the signature, left out below): ${view.unsigned.join(', ')}`,
                  warning: true,
                },
              ]
            : []),
        ],
        blocks: [
          {
            label: 'Typed data',
            text: JSON.stringify({ domain: view.domain, message: view.message }, null, 2),
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
          gasPrice?: string;
          maxFeePerGas?: string;
          maxPriorityFeePerGas?: string;
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
      const { rows, data } = await txRows(tx, ctx, account);
      await approve({
        requestId: ctx.requestId,
        title: 'Approve transaction',
        requester: ctx.requester,
        rows: [
          { label: 'From', value: account.address, mono: true },
          ...rows,
          ...(tx.nonce === undefined ? [] : [{ label: 'Nonce', value: BigInt(tx.nonce).toString() }]),
          ...feeRows(tx, ctx.nativeSymbol),
        ],
        blocks: data ? [{ label: 'Data', text: data }] : [],
        approveLabel: 'Approve',
      });
      return walletClient(account, ctx.chainId).sendTransaction({
        to: (tx.to ?? null) as Hex | null,
        value: BigQ(tx.value),
        data: tx.data as Hex | undefined,
        gas: BigQ(tx.gas),
        // What the screen showed is what is signed: stated fees are used as given.
        ...(tx.maxFeePerGas === undefined ? {} : { maxFeePerGas: BigQ(tx.maxFeePerGas) }),
        ...(tx.maxPriorityFeePerGas === undefined
          ? {}
          : { maxPriorityFeePerGas: BigQ(tx.maxPriorityFeePerGas) }),
        ...(tx.gasPrice === undefined ? {} : { gasPrice: BigQ(tx.gasPrice) }),
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
      const described = await Promise.all(bundle.calls.map((call) => txRows(call, ctx, account)));
      await approve({
        requestId: ctx.requestId,
        title: `Approve ${bundle.calls.length} call${bundle.calls.length === 1 ? '' : 's'}`,
        requester: ctx.requester,
        rows: [
          { label: 'From', value: account.address, mono: true },
          // Every call's warnings on top, so none hides in a long block.
          ...described.flatMap(({ rows }, i) =>
            rows.filter((r) => r.warning).map((r) => ({ ...r, label: `Warning (call ${i + 1})` })),
          ),
        ],
        blocks: described.map(({ rows, data }, i) => {
          const text = [...rows.map((r) => `${r.label}: ${r.value}`), ...(data ? [`Data: ${data}`] : [])];
          return { label: `Call ${i + 1}`, text: text.join('\n') };
        }),
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
      throw new FrameRequestError(FRAME_ERROR_TEXTS.rpcNotAllowed);
  }
}
