/**
 * A test wallet: an EIP-1193 provider backed by a private key and JSON-RPC URLs (anvil, the local stack,
 * any node). Signing happens locally with viem; reads and raw transactions go to the RPC. It announces itself
 * through EIP-6963 and can be told to approve or reject each request that a real wallet would prompt for.
 *
 * ```ts
 * const wallet = createTestWallet({ privateKey: DEV_KEY, rpcUrl: 'http://127.0.0.1:8545' });
 * wallet.announce();          // the modal lists "Keyway Dev Wallet"
 * wallet.rejectNext();        // the next prompt (e.g. the connection) is rejected with 4001
 * ```
 */
import {
  type Address,
  createWalletClient,
  defineChain,
  type Hex,
  hexToBigInt,
  hexToNumber,
  http,
  isHex,
  numberToHex,
  type TypedDataDefinition,
} from 'viem';
import { type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';

export interface TestWalletChain {
  /** EVM chain id. */
  id: number;
  rpcUrl: string;
}

export interface TestWalletOptions {
  privateKey: Hex;
  /** RPC of the chain the wallet starts on. */
  rpcUrl: string;
  /** The chain id of `rpcUrl`, if known (otherwise asked from the RPC on first use). */
  chainId?: number;
  /** Other chains the wallet can switch to. */
  chains?: TestWalletChain[];
  name?: string;
  rdns?: string;
  /** EIP-6963 icon: a `data:image/svg+xml` (or other data:image) URI. */
  icon?: string;
  /** Approve every prompt without waiting (default true). */
  autoApprove?: boolean;
  /**
   * Where the wallet remembers that the site was granted its account, as an extension does across page loads
   * (a page's `localStorage` in a demo): a reload then finds the account exposed (`eth_accounts`) and the
   * page reconnects without a prompt; a revoke or disconnect forgets it. Default: nothing is remembered (a
   * fresh wallet on each load, connected only once the page asks).
   */
  grants?: {
    getItem(key: string): string | null;
    setItem(key: string, value: string): void;
    removeItem(key: string): void;
  };
  /** fetch used for JSON-RPC (default globalThis.fetch). */
  fetch?: typeof fetch;
}

export interface RequestArguments {
  method: string;
  params?: readonly unknown[] | object;
}

/** An EIP-1193 error: `{ code, message, data? }`. */
export class ProviderRpcError extends Error {
  override readonly name = 'ProviderRpcError';
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export const USER_REJECTED = { code: 4001, message: 'User rejected the request.' } as const;

export interface PendingRequest {
  id: number;
  method: string;
  params: unknown;
}

type Listener = (...args: unknown[]) => void;

export interface TestWalletProvider {
  request(args: RequestArguments): Promise<unknown>;
  on(event: string, listener: Listener): TestWalletProvider;
  removeListener(event: string, listener: Listener): TestWalletProvider;
  readonly isKeywayTestWallet: true;
}

export interface TestWallet extends TestWalletProvider {
  readonly address: Address;
  readonly account: PrivateKeyAccount;
  readonly info: Readonly<{ uuid: string; name: string; icon: string; rdns: string }>;
  /** The provider object (the wallet itself); handy where an API wants "the provider". */
  readonly provider: TestWalletProvider;
  /** The current chain id (undefined until known). */
  readonly chainId: number | undefined;
  /** Whether the dapp was granted the account. */
  readonly connected: boolean;
  /** Prompts waiting for approveNext/rejectNext (only with autoApprove off, or while a decision is due). */
  readonly pending: readonly PendingRequest[];
  /** Approves the oldest pending prompt, or the next one if none is waiting. */
  approveNext(): void;
  /** Rejects the oldest pending prompt (or the next one) with an EIP-1193 error (4001 by default). */
  rejectNext(code?: number, message?: string): void;
  setAutoApprove(value: boolean): void;
  /** Called whenever `pending` changes (to drive an approval UI). */
  onPendingChange(listener: (pending: readonly PendingRequest[]) => void): () => void;
  /** Revokes the dapp's access (emits accountsChanged []). */
  disconnect(): void;
  /**
   * Uses another key from now on, as a user picks another account in a wallet: a dapp that was granted the
   * account keeps access under the new one and hears `accountsChanged` with its address.
   */
  switchAccount(privateKey: Hex): void;
  /**
   * EIP-6963: dispatches `eip6963:announceProvider` with a frozen `{info, provider}` on `target` and
   * re-announces on every `eip6963:requestProvider`. Returns a function that stops re-announcing.
   */
  announce(target?: EventTarget): () => void;
}

const DEFAULT_ICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><rect width="96" height="96" rx="24" fill="#3b5bdb"/><circle cx="38" cy="48" r="14" fill="none" stroke="#fff" stroke-width="8"/><path d="M52 48h26M70 48v12M62 48v8" stroke="#fff" stroke-width="8" stroke-linecap="round"/></svg>',
)}`;

/** Methods that a real wallet prompts the user for. */
const PROMPTED = new Set([
  'eth_requestAccounts',
  'wallet_requestPermissions',
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
]);

type Decision = { approve: true } | { approve: false; code: number; message: string };

interface Waiting extends PendingRequest {
  resolve(): void;
  reject(e: ProviderRpcError): void;
}

function paramsArray(params: RequestArguments['params']): unknown[] {
  if (params === undefined) return [];
  return Array.isArray(params) ? [...params] : [params];
}

const optBig = (v: unknown) => (typeof v === 'string' && isHex(v) ? hexToBigInt(v) : undefined);

export function createTestWallet(options: TestWalletOptions): TestWallet {
  let account = privateKeyToAccount(options.privateKey);
  const name = options.name ?? 'Keyway Dev Wallet';
  const rdns = options.rdns ?? 'dev.keyway.wallet';
  const icon = options.icon ?? DEFAULT_ICON;
  if (!/^data:image\/[a-z0-9.+-]+[;,]/i.test(icon)) {
    throw new Error('createTestWallet: icon must be a data:image URI (EIP-6963)');
  }
  const info = Object.freeze({ uuid: crypto.randomUUID(), name, icon, rdns });
  const rpcByChain = new Map<number, string>();
  for (const c of options.chains ?? []) rpcByChain.set(c.id, c.rpcUrl);
  if (options.chainId !== undefined) rpcByChain.set(options.chainId, options.rpcUrl);

  let chainId: number | undefined = options.chainId;
  let currentRpc = options.rpcUrl;
  // The grant's key in `options.grants`: one per wallet and account.
  const grantKey = () => `${options.rdns ?? 'dev.keyway.wallet'}:granted:${account.address}`;
  const remember = (granted: boolean) => {
    try {
      if (granted) options.grants?.setItem(grantKey(), '1');
      else options.grants?.removeItem(grantKey());
    } catch {
      // a storage that refuses (private mode, quota): the grant is simply not remembered
    }
  };
  let connected = (() => {
    try {
      return options.grants?.getItem(grantKey()) === '1';
    } catch {
      return false;
    }
  })();
  let autoApprove = options.autoApprove ?? true;
  let nextId = 1;
  const decisions: Decision[] = [];
  const waiting: Waiting[] = [];
  const listeners = new Map<string, Set<Listener>>();
  const pendingListeners = new Set<(p: readonly PendingRequest[]) => void>();

  function emit(event: string, ...args: unknown[]) {
    for (const l of [...(listeners.get(event) ?? [])]) {
      try {
        l(...args);
      } catch (e) {
        console.error(`Test wallet: a "${event}" listener threw`, e);
      }
    }
  }

  function snapshot(): readonly PendingRequest[] {
    return Object.freeze(waiting.map(({ id, method, params }) => Object.freeze({ id, method, params })));
  }
  function pendingChanged() {
    const p = snapshot();
    for (const l of [...pendingListeners]) l(p);
  }

  async function rpc(method: string, params: unknown[] = [], url = currentRpc): Promise<unknown> {
    const doFetch = options.fetch ?? globalThis.fetch;
    let res: Response;
    try {
      res = await doFetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
      });
    } catch (e) {
      throw new ProviderRpcError(-32603, `RPC unreachable at ${url}: ${(e as Error).message}`);
    }
    let body: { result?: unknown; error?: { code?: number; message?: string; data?: unknown } };
    try {
      body = (await res.json()) as typeof body;
    } catch {
      throw new ProviderRpcError(-32603, `Malformed RPC response from ${url} (HTTP ${res.status})`);
    }
    if (body.error) {
      throw new ProviderRpcError(
        body.error.code ?? -32603,
        body.error.message ?? 'RPC error',
        body.error.data,
      );
    }
    return body.result;
  }

  async function currentChainId(): Promise<number> {
    if (chainId === undefined) {
      chainId = hexToNumber((await rpc('eth_chainId')) as Hex);
      if (!rpcByChain.has(chainId)) rpcByChain.set(chainId, options.rpcUrl);
    }
    return chainId;
  }

  /** Waits for the user's decision on a prompted request. */
  function prompt(method: string, params: unknown): Promise<void> {
    const decided = decisions.shift();
    if (decided) {
      return decided.approve
        ? Promise.resolve()
        : Promise.reject(new ProviderRpcError(decided.code, decided.message));
    }
    if (autoApprove) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      waiting.push({ id: nextId++, method, params, resolve, reject });
      pendingChanged();
    });
  }

  function requireConnected() {
    if (!connected)
      throw new ProviderRpcError(4100, 'The requested account has not been authorized by the user.');
  }

  function checkAddress(a: unknown) {
    if (typeof a !== 'string' || a.toLowerCase() !== account.address.toLowerCase()) {
      throw new ProviderRpcError(4100, `Unknown account ${String(a)}`);
    }
  }

  function walletClient(id: number) {
    const url = rpcByChain.get(id) ?? currentRpc;
    const chain = defineChain({
      id,
      name: `chain ${id}`,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [url] } },
    });
    return createWalletClient({
      account,
      chain,
      transport: http(url, options.fetch ? { fetchFn: options.fetch } : {}),
    });
  }

  function permission() {
    return {
      parentCapability: 'eth_accounts',
      caveats: [{ type: 'restrictReturnedAccounts', value: [account.address] }],
    };
  }

  function grant() {
    const wasConnected = connected;
    connected = true;
    remember(true);
    if (!wasConnected) emit('accountsChanged', [account.address]);
  }

  async function handle(method: string, params: unknown[]): Promise<unknown> {
    switch (method) {
      case 'eth_requestAccounts': {
        await currentChainId();
        if (!connected) {
          await prompt(method, params);
          grant();
          emit('connect', { chainId: numberToHex(chainId!) });
        }
        return [account.address];
      }
      case 'eth_accounts':
        return connected ? [account.address] : [];
      case 'eth_coinbase':
        return connected ? account.address : null;
      case 'eth_chainId':
        return numberToHex(await currentChainId());
      case 'net_version':
        return String(await currentChainId());
      case 'wallet_requestPermissions': {
        await currentChainId();
        await prompt(method, params);
        grant();
        return [permission()];
      }
      case 'wallet_getPermissions':
        return connected ? [permission()] : [];
      case 'wallet_revokePermissions':
        api.disconnect();
        return null;
      case 'wallet_switchEthereumChain': {
        const target = (params[0] as { chainId?: unknown } | undefined)?.chainId;
        if (typeof target !== 'string' || !isHex(target)) {
          throw new ProviderRpcError(-32602, 'Expected [{ chainId: hex }]');
        }
        const id = hexToNumber(target);
        await currentChainId();
        if (!rpcByChain.has(id)) {
          throw new ProviderRpcError(
            4902,
            `Unrecognized chain ID "${target}". Try adding the chain using wallet_addEthereumChain first.`,
          );
        }
        if (id === chainId) return null;
        await prompt(method, params);
        chainId = id;
        currentRpc = rpcByChain.get(id)!;
        emit('chainChanged', numberToHex(id));
        return null;
      }
      case 'wallet_addEthereumChain': {
        const p = params[0] as { chainId?: unknown; rpcUrls?: unknown } | undefined;
        const url = Array.isArray(p?.rpcUrls) ? p.rpcUrls.find((u) => typeof u === 'string') : undefined;
        if (typeof p?.chainId !== 'string' || !isHex(p.chainId) || !url) {
          throw new ProviderRpcError(-32602, 'Expected [{ chainId: hex, rpcUrls: [url, ...] }]');
        }
        await prompt(method, params);
        rpcByChain.set(hexToNumber(p.chainId), url);
        return null;
      }
      case 'personal_sign': {
        requireConnected();
        const [message, address] = params as [unknown, unknown];
        checkAddress(address);
        if (typeof message !== 'string') throw new ProviderRpcError(-32602, 'Expected [message, address]');
        await prompt(method, params);
        return account.signMessage({ message: isHex(message) ? { raw: message } : message });
      }
      case 'eth_signTypedData_v4': {
        requireConnected();
        const [address, data] = params as [unknown, unknown];
        checkAddress(address);
        let typed: {
          domain?: object;
          types?: Record<string, unknown>;
          primaryType?: string;
          message?: object;
        };
        try {
          typed = (typeof data === 'string' ? JSON.parse(data) : data) as typeof typed;
        } catch {
          throw new ProviderRpcError(-32602, 'Typed data is not valid JSON');
        }
        const { EIP712Domain: _domainType, ...types } = typed.types ?? {};
        await prompt(method, params);
        return account.signTypedData({
          domain: typed.domain ?? {},
          types,
          primaryType: typed.primaryType,
          message: typed.message ?? {},
        } as TypedDataDefinition);
      }
      case 'eth_sendTransaction': {
        requireConnected();
        const tx = (params[0] ?? {}) as Record<string, unknown>;
        if (tx.from !== undefined) checkAddress(tx.from);
        await prompt(method, params);
        const id = await currentChainId();
        const request = {
          to: (tx.to as Address | undefined) ?? null,
          data: tx.data as Hex | undefined,
          value: optBig(tx.value),
          gas: optBig(tx.gas),
          nonce: typeof tx.nonce === 'string' && isHex(tx.nonce) ? hexToNumber(tx.nonce) : undefined,
          ...(tx.gasPrice !== undefined
            ? { gasPrice: optBig(tx.gasPrice) }
            : {
                maxFeePerGas: optBig(tx.maxFeePerGas),
                maxPriorityFeePerGas: optBig(tx.maxPriorityFeePerGas),
              }),
        };
        try {
          // Local account: viem fills nonce/gas/fees from the RPC, signs here and sends the raw transaction.
          return await walletClient(id).sendTransaction(
            request as Parameters<ReturnType<typeof walletClient>['sendTransaction']>[0],
          );
        } catch (e) {
          const err = e as { shortMessage?: string; message?: string; code?: number };
          throw new ProviderRpcError(
            typeof err.code === 'number' ? err.code : -32603,
            err.shortMessage ?? err.message ?? 'Transaction failed',
          );
        }
      }
      case 'eth_sign':
      case 'eth_signTransaction':
        throw new ProviderRpcError(4200, `The test wallet does not support ${method}`);
      default:
        return rpc(method, params);
    }
  }

  const api: TestWallet = {
    isKeywayTestWallet: true,
    get address() {
      return account.address;
    },
    get account() {
      return account;
    },
    info,
    get provider() {
      return api;
    },
    get chainId() {
      return chainId;
    },
    get connected() {
      return connected;
    },
    get pending() {
      return snapshot();
    },
    async request(args) {
      if (!args || typeof args.method !== 'string') {
        throw new ProviderRpcError(-32600, 'Expected { method, params? }');
      }
      return handle(args.method, paramsArray(args.params));
    },
    on(event, listener) {
      let set = listeners.get(event);
      if (!set) {
        set = new Set();
        listeners.set(event, set);
      }
      set.add(listener);
      return api;
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener);
      return api;
    },
    approveNext() {
      const w = waiting.shift();
      if (w) {
        w.resolve();
        pendingChanged();
      } else decisions.push({ approve: true });
    },
    rejectNext(code: number = USER_REJECTED.code, message?: string) {
      const msg = message ?? (code === USER_REJECTED.code ? USER_REJECTED.message : 'Request rejected');
      const w = waiting.shift();
      if (w) {
        w.reject(new ProviderRpcError(code, msg));
        pendingChanged();
      } else decisions.push({ approve: false, code, message: msg });
    },
    setAutoApprove(value) {
      autoApprove = value;
    },
    onPendingChange(listener) {
      pendingListeners.add(listener);
      return () => pendingListeners.delete(listener);
    },
    disconnect() {
      remember(false);
      if (!connected) return;
      connected = false;
      emit('accountsChanged', []);
    },
    switchAccount(privateKey) {
      const next = privateKeyToAccount(privateKey);
      if (next.address === account.address) return;
      account = next;
      if (!connected) return;
      remember(true);
      emit('accountsChanged', [account.address]);
    },
    announce(target?: EventTarget) {
      const t = target ?? (globalThis as { window?: EventTarget }).window;
      if (!t) throw new Error('announce(): no window; pass an EventTarget');
      const detail = Object.freeze({ info, provider: api as TestWalletProvider });
      const fire = () => t.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
      t.addEventListener('eip6963:requestProvider', fire);
      fire();
      return () => t.removeEventListener('eip6963:requestProvider', fire);
    },
  };
  return api;
}

/** Methods the test wallet prompts for (approve/reject applies to these only). */
export const PROMPTED_METHODS: ReadonlySet<string> = PROMPTED;
