import fc from 'fast-check';
import { formatUnits, getAddress, parseEther, parseUnits } from 'viem';
import { describe, expect, it, vi } from 'vitest';
import type { Config } from 'wagmi';
import type { Profile } from '../../api/schemas';
import { evmSendAsset } from '../../chains/evm/send';
import { KeywayError } from '../../core/errors';
import { createEventBus, type TrackedEvent } from '../../core/events';
import { kitMessage } from '../../core/messages';
import type { KeywayNetwork } from '../../core/networks';
import type { OutcomeOf } from '../../core/outcomes';
import { englishText } from '../../i18n/english';
import { outcomeToast } from '../../views/modalRouter';
import { type TokenBalance, toTokenBalance } from '../balances/store';
import { coinTypeOf, createSendStore, type SendStoreDeps, type SolanaNativeSender } from './store';
import { evmAddressProblem, maxSendAmount, parseAmount, validateSend } from './validation';

const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
// The same address with one letter's case flipped: the EIP-55 checksum no longer matches.
const BROKEN = '0x70997970c51812dc3A010C7d01b50e0d17dc79C8';
const SOL_ADDR = '7v91N7iZ9mNicL8WfG6cgSCKyRXydQjLh6UYBWwm6y1Q';

describe('parseAmount', () => {
  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['abc', 'notNumeric'],
    ['1e3', 'notNumeric'],
    ['1,5', 'notNumeric'],
    ['.', 'notNumeric'],
    ['1.2.3', 'notNumeric'],
    ['+1', 'notNumeric'],
    ['0x10', 'notNumeric'],
    ['-1', 'notPositive'],
    ['-0.5', 'notPositive'],
    ['0', 'notPositive'],
    ['0.000', 'notPositive'],
    ['-', 'notNumeric'],
  ])('%j → %s', (value, problem) => {
    expect(parseAmount(value, 18)).toEqual({ ok: false, problem });
  });

  it('reads decimals exactly, never through a float', () => {
    expect(parseAmount('0.1', 18)).toEqual({ ok: true, units: 100_000_000_000_000_000n });
    expect(parseAmount('1.000000000000000001', 18)).toEqual({ ok: true, units: 1_000_000_000_000_000_001n });
    expect(parseAmount('1.', 6)).toEqual({ ok: true, units: 1_000_000n });
    expect(parseAmount('.5', 6)).toEqual({ ok: true, units: 500_000n });
    expect(parseAmount('123456789012345678901234567890', 0)).toEqual({
      ok: true,
      units: 123456789012345678901234567890n,
    });
  });

  it('refuses more decimals than the token has, trailing zeros included (nothing is rounded away)', () => {
    expect(parseAmount('0.0000001', 6)).toEqual({ ok: false, problem: 'tooManyDecimals' });
    expect(parseAmount('1.5000000', 6)).toEqual({ ok: false, problem: 'tooManyDecimals' });
    expect(parseAmount('1.5', 0)).toEqual({ ok: false, problem: 'tooManyDecimals' });
    expect(parseAmount('1.500000', 6)).toEqual({ ok: true, units: 1_500_000n });
  });

  it('round-trips any amount in the smallest unit', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 2n ** 128n }), fc.integer({ min: 0, max: 30 }), (units, d) => {
        expect(parseAmount(formatUnits(units, d), d)).toEqual({ ok: true, units });
      }),
    );
  });
});

describe('evmAddressProblem', () => {
  it('accepts checksummed, lower-case and upper-case addresses', () => {
    expect(evmAddressProblem(ALICE)).toBeNull();
    expect(evmAddressProblem(ALICE.toLowerCase())).toBeNull();
    expect(evmAddressProblem(`0x${ALICE.slice(2).toUpperCase()}`)).toBeNull();
  });
  it('tells a broken checksum from a malformed address', () => {
    expect(evmAddressProblem(BROKEN)).toBe('checksum');
    expect(evmAddressProblem('0x1234')).toBe('invalid');
    expect(evmAddressProblem(`${ALICE}0`)).toBe('invalid');
    expect(evmAddressProblem('hello')).toBe('invalid');
  });
});

const eth = { symbol: 'ETH', decimals: 18, quantity: '1.5', isNative: true };
const usdc = {
  symbol: 'USDC',
  decimals: 6,
  quantity: '100',
  isNative: false,
  address: 'eip155:1:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
};
const base = {
  chain: 'evm' as const,
  token: eth,
  amount: '0.5',
  receiverInput: ALICE,
  receiverAddress: ALICE,
  receiverName: 'none' as const,
  gasPrice: 1_000_000_000n,
  gasStatus: 'ready' as const,
  fee: 21_000n * 1_000_000_000n,
};

describe('validateSend', () => {
  it('is valid with a token, an amount within the balance, a receiver and a gas price', () => {
    const v = validateSend(base);
    expect(v).toMatchObject({
      valid: true,
      amountError: null,
      receiverError: null,
      action: kitMessage('preview'),
    });
  });

  it('asks for the token, the amount and the receiver in turn (no inline message for what is missing)', () => {
    expect(validateSend({ ...base, token: null })).toMatchObject({
      valid: false,
      action: kitMessage('selectToken'),
    });
    expect(validateSend({ ...base, amount: '' })).toMatchObject({
      valid: false,
      action: kitMessage('enterAmount'),
      amountError: null,
    });
    expect(validateSend({ ...base, receiverInput: '', receiverAddress: null })).toMatchObject({
      valid: false,
      action: kitMessage('enterReceiver'),
      receiverError: null,
    });
  });

  it('gives a message for each bad amount', () => {
    const msg = (amount: string, token = eth) => validateSend({ ...base, token, amount }).amountError;
    expect(msg('abc')).toEqual(kitMessage('notNumeric'));
    expect(msg('0')).toEqual(kitMessage('notPositive'));
    expect(msg('-1')).toEqual(kitMessage('notPositive'));
    expect(msg('1.1234567', usdc)).toEqual(kitMessage('tooManyDecimals', { symbol: 'USDC', decimals: 6 }));
    expect(msg('100.000001', usdc)).toEqual(kitMessage('aboveBalance', { symbol: 'USDC' }));
    expect(msg('1.6')).toEqual(kitMessage('aboveBalance', { symbol: 'ETH' }));
    // 1.5 ETH held, the whole of it leaves nothing for the fee.
    expect(msg('1.5')).toEqual(kitMessage('noRoomForFee', { symbol: 'ETH' }));
    expect(msg('100', usdc)).toBeNull();
  });

  it('refuses a token that is not native and has no contract address that parses (never the native coin)', () => {
    for (const address of [undefined, 'eip155:1:x', 'eip155:1:0x1234', 'not-an-address']) {
      const v = validateSend({ ...base, token: { ...usdc, address }, amount: '1' });
      expect(v).toMatchObject({
        valid: false,
        amountProblem: 'tokenAddress',
        amountError: kitMessage('invalidTokenAddress'),
      });
    }
    expect(evmSendAsset({ ...usdc, address: 'eip155:1:x' })).toBeNull();
    expect(evmSendAsset(eth)).toEqual({ type: 'native' });
    expect(evmSendAsset(usdc)).toEqual({
      type: 'erc20',
      address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
    });
  });

  it('checks a number typed before a token was chosen', () => {
    expect(validateSend({ ...base, token: null, amount: 'abc' }).amountError).toEqual(
      kitMessage('notNumeric'),
    );
    expect(validateSend({ ...base, token: null, amount: '1.5' }).amountError).toBeNull();
  });

  it('gives a message for a bad receiver', () => {
    const msg = (receiverInput: string) =>
      validateSend({ ...base, receiverInput, receiverAddress: null }).receiverError;
    expect(msg('0x1234')).toEqual(kitMessage('invalidAddress'));
    expect(msg(BROKEN)).toEqual(kitMessage('checksum'));
    expect(msg('not an address')).toEqual(kitMessage('invalidAddress'));
    expect(
      validateSend({ ...base, receiverInput: 'bob.kw.id', receiverAddress: null, receiverName: 'not-found' }),
    ).toMatchObject({ valid: false, receiverError: kitMessage('nameNotFound', { name: 'bob.kw.id' }) });
    expect(
      validateSend({ ...base, receiverInput: 'bob.kw.id', receiverAddress: null, receiverName: 'failed' })
        .receiverError,
    ).toEqual(kitMessage('resolveName'));
    expect(
      validateSend({ ...base, receiverInput: 'bob.kw.id', receiverAddress: null, receiverName: 'resolving' }),
    ).toMatchObject({ valid: false, receiverError: null, action: kitMessage('resolving') });
  });

  it('needs a gas price for the native token only (spec §5)', () => {
    const noGas = { ...base, gasPrice: null, fee: null };
    expect(validateSend({ ...noGas, gasStatus: 'loading' })).toMatchObject({
      valid: false,
      action: kitMessage('gasLoading'),
    });
    expect(validateSend({ ...noGas, gasStatus: 'error' })).toMatchObject({
      valid: false,
      feeError: kitMessage('gasUnavailable'),
    });
    expect(validateSend({ ...noGas, token: usdc, gasStatus: 'error' }).valid).toBe(true);
  });

  it('needs the token decimals', () => {
    expect(validateSend({ ...base, token: { ...eth, decimals: Number.NaN } })).toMatchObject({
      valid: false,
      amountError: kitMessage('decimalsUnknown'),
    });
  });

  it('checks Solana receivers as base58 public keys', () => {
    const sol = {
      ...base,
      chain: 'solana' as const,
      token: { ...eth, symbol: 'SOL', decimals: 9 },
      fee: 5000n,
    };
    expect(validateSend({ ...sol, receiverInput: SOL_ADDR, receiverAddress: SOL_ADDR }).valid).toBe(true);
    expect(validateSend({ ...sol, receiverInput: ALICE, receiverAddress: null }).receiverError).toEqual(
      kitMessage('invalidSolanaAddress'),
    );
  });
});

describe('maxSendAmount', () => {
  it('leaves the fee on the native token and never goes negative', () => {
    expect(maxSendAmount(eth, 21_000n * 10n ** 9n)).toBe('1.499979');
    expect(maxSendAmount({ ...eth, quantity: '0.00001' }, 21_000n * 10n ** 9n)).toBe('0');
    expect(maxSendAmount(usdc, 10n ** 18n)).toBe('100');
  });
});

// ---------------------------------------------------------------- the store

const NETWORK: KeywayNetwork = {
  id: 'eip155:31337',
  chain: 'evm',
  chainId: 31337,
  name: 'Keyway Local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: ['http://127.0.0.1:8545'],
};
const SOLANA: KeywayNetwork = {
  id: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  chain: 'solana',
  chainId: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  name: 'Solana Local',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: ['http://127.0.0.1:8899'],
};

const ETH_BALANCE = toTokenBalance({
  address: undefined,
  value: undefined,
  name: 'Ether',
  symbol: 'ETH',
  chainId: 'eip155:31337',
  price: 2000,
  quantity: { decimals: 18, numeric: '1.5' },
  iconUrl: '',
});
const USDC_BALANCE = toTokenBalance({
  value: undefined,
  name: 'USD Coin',
  symbol: 'USDC',
  chainId: 'eip155:31337',
  address: 'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3',
  price: 1,
  quantity: { decimals: 6, numeric: '100' },
  iconUrl: '',
});
const SOL_BALANCE = toTokenBalance({
  address: undefined,
  value: undefined,
  name: 'Solana',
  symbol: 'SOL',
  chainId: SOLANA.id,
  price: 150,
  quantity: { decimals: 9, numeric: '2' },
  iconUrl: '',
});

const profile = (name: string, addresses: Record<string, string>, avatar?: string): Profile => ({
  name,
  registered: 1,
  updated: 1,
  addresses: Object.fromEntries(Object.entries(addresses).map(([k, address]) => [k, { address }])),
  attributes: avatar ? [{ avatar, bio: undefined }] : [],
});

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function setup(over: Partial<SendStoreDeps> & { network?: KeywayNetwork; balances?: TokenBalance[] } = {}) {
  const bus = createEventBus();
  const events: TrackedEvent[] = [];
  bus.subscribe((e) => events.push(e));
  const toasts: { message: string; variant: string }[] = [];
  const calls = { outcomes: [] as OutcomeOf<'send'>[], afterSuccess: [] as string[][] };
  const sendEvm = vi.fn(async () => '0xabc' as const);
  const waitEvm = vi.fn(async () => undefined);
  const deps: SendStoreDeps = {
    api: {
      getGasPrice: async () => ({ standard: '1000000000' }),
      getIdentity: async () => ({ name: null, avatar: null }),
      getProfile: async () => null,
    },
    // The EVM transport is replaced below, so the config is only handed through.
    getWagmiConfig: () => ({}) as Config,
    getNetwork: () => over.network ?? NETWORK,
    getAddress: () => '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    getBalances: () => over.balances ?? [ETH_BALANCE, USDC_BALANCE],
    getSolana: () => null,
    bus,
    isSafeImage: (u): u is string => typeof u === 'string' && u.startsWith('https:'),
    // What a user of the styled modal reads: the presenter's toast of each outcome.
    emit: (outcome) => {
      calls.outcomes.push(outcome);
      const toast = outcomeToast(outcome);
      if (toast) toasts.push({ message: englishText(toast.message), variant: toast.variant });
    },
    afterSuccess: ({ forceUpdate }) => calls.afterSuccess.push(forceUpdate),
    sendEvm,
    waitEvm,
    ...over,
  };
  const store = createSendStore(deps);
  return { store, events, toasts, calls, sendEvm, waitEvm };
}

async function fill(
  store: ReturnType<typeof setup>['store'],
  token: TokenBalance,
  amount: string,
  to: string,
) {
  store.getState().setToken(token);
  await store.getState().fetchGasPrice();
  store.getState().setAmount(amount);
  await store.getState().setReceiver(to);
}

describe('send store', () => {
  it('keeps the typed amount exactly', () => {
    const { store } = setup();
    for (const v of ['00.10', 'abc', '-1', '1.', ' 2 ']) {
      store.getState().setAmount(v);
      expect(store.getState().sendTokenAmount).toBe(v);
    }
  });

  it('fetches the gas price and prices the fee in USD from the native token', async () => {
    const { store } = setup();
    store.getState().setToken(ETH_BALANCE);
    await store.getState().fetchGasPrice();
    expect(store.getState().gasPrice).toBe(1_000_000_000n);
    // 21 000 gas × 1 gwei = 0.000021 ETH × $2 000
    expect(store.getState().gasPriceInUSD).toBe('0.042');
  });

  it('Max fills the balance minus the fee on the native token, the whole balance on a token', async () => {
    const { store } = setup();
    store.getState().setToken(ETH_BALANCE);
    await store.getState().setMax();
    expect(store.getState().sendTokenAmount).toBe('1.499979');
    store.getState().setToken(USDC_BALANCE);
    await store.getState().setMax();
    expect(store.getState().sendTokenAmount).toBe('100');
  });

  it('Max is 0 when the fee is larger than the balance', async () => {
    const dust = { ...ETH_BALANCE, quantity: '0.00001' };
    const { store } = setup({ balances: [dust] });
    store.getState().setToken(dust);
    await store.getState().setMax();
    expect(store.getState().sendTokenAmount).toBe('0');
    expect(store.getState().validate().amountError).toEqual(kitMessage('notPositive'));
  });

  it('resolves a name to its address and avatar (the chain’s coin type first)', async () => {
    const avatar = 'https://img.example/alice.png';
    const getProfile = vi.fn(async () =>
      profile(
        'alice.kw.id',
        { '60': USDC_BALANCE.address!.split(':')[2]!, [coinTypeOf(31337)]: ALICE },
        avatar,
      ),
    );
    const { store } = setup({
      api: {
        getGasPrice: async () => null,
        getIdentity: async () => ({ name: null, avatar: null }),
        getProfile,
      },
    });
    const pending = store.getState().setReceiver('alice.kw.id');
    expect(store.getState().receiverName).toEqual({ status: 'resolving', name: 'alice.kw.id' });
    await pending;
    expect(store.getState()).toMatchObject({
      receiverInput: 'alice.kw.id',
      receiverAddress: ALICE,
      receiverProfileName: 'alice.kw.id',
      receiverProfileImageUrl: avatar,
      receiverName: { status: 'resolved', name: 'alice.kw.id' },
    });
    expect(getProfile).toHaveBeenCalledWith('alice.kw.id');
  });

  it('ignores a stale lookup that answers after a newer input', async () => {
    const slow = deferred<Profile | null>();
    const fast = deferred<Profile | null>();
    const getProfile = vi.fn((name: string) => (name === 'old.kw.id' ? slow.promise : fast.promise));
    const { store } = setup({
      api: {
        getGasPrice: async () => null,
        getIdentity: async () => ({ name: null, avatar: null }),
        getProfile,
      },
    });
    const first = store.getState().setReceiver('old.kw.id');
    const second = store.getState().setReceiver('new.kw.id');
    fast.resolve(profile('new.kw.id', { '60': ALICE }));
    await second;
    slow.resolve(profile('old.kw.id', { '60': getAddress('0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc') }));
    await first;
    expect(store.getState()).toMatchObject({ receiverInput: 'new.kw.id', receiverAddress: ALICE });
  });

  it('reports a name that is not registered, and a lookup that fails', async () => {
    const { store } = setup();
    await store.getState().setReceiver('nobody.kw.id');
    expect(store.getState().receiverName).toEqual({ status: 'not-found', name: 'nobody.kw.id' });
    expect(store.getState().validate().receiverError).toEqual(
      kitMessage('nameNotFound', { name: 'nobody.kw.id' }),
    );
    const failing = setup({
      api: {
        getGasPrice: async () => null,
        getIdentity: async () => ({ name: null, avatar: null }),
        getProfile: async () => {
          throw new Error('down');
        },
      },
    });
    await failing.store.getState().setReceiver('nobody.kw.id');
    expect(failing.store.getState().receiverName).toEqual({ status: 'failed', name: 'nobody.kw.id' });
    expect(failing.store.getState().validate().receiverError).toEqual(kitMessage('resolveName'));
    expect(failing.store.getState().receiverInput).toBe('nobody.kw.id');
  });

  it('shows the name and avatar of a typed address; an unsafe avatar URL is dropped', async () => {
    const { store } = setup({
      api: {
        getGasPrice: async () => null,
        getIdentity: async () => ({ name: 'alice.eth', avatar: 'javascript:alert(1)' }),
        getProfile: async () => null,
      },
    });
    await store.getState().setReceiver(ALICE.toLowerCase());
    expect(store.getState()).toMatchObject({
      receiverInput: ALICE.toLowerCase(),
      receiverAddress: ALICE,
      receiverProfileName: 'alice.eth',
      receiverProfileImageUrl: null,
    });
  });

  it('preview goes ahead only when the form is valid', async () => {
    const { store, calls } = setup();
    expect(store.getState().preview()).toEqual({ status: 'invalid' });
    expect(calls.outcomes).toEqual([]);
    await fill(store, ETH_BALANCE, '0.01', ALICE);
    expect(store.getState().preview()).toEqual({ status: 'review' });
    expect(calls.outcomes).toEqual([{ flow: 'send', status: 'review' }]);
  });

  it('sends the native token with the gas price, then resets and refreshes the tokens involved', async () => {
    const { store, events, toasts, calls, sendEvm, waitEvm } = setup();
    await fill(store, ETH_BALANCE, '0.01', ALICE);
    await expect(store.getState().submit()).resolves.toEqual({ status: 'sent', hash: '0xabc' });
    expect(calls.outcomes).toEqual([
      { flow: 'send', status: 'sent', hash: '0xabc', amount: '0.01', symbol: 'ETH' },
    ]);
    expect(sendEvm).toHaveBeenCalledWith(expect.anything(), {
      chainId: 31337,
      asset: { type: 'native' },
      decimals: 18,
      amount: '0.01',
      to: ALICE,
      gasPrice: 1_000_000_000n,
    });
    expect(waitEvm).toHaveBeenCalledWith(expect.anything(), 31337, '0xabc');
    expect(events.map((e) => e.event)).toEqual(['SEND_INITIATED', 'SEND_SUCCESS']);
    expect(events[0]!.properties).toMatchObject({ token: 'ETH', amount: '0.01', network: 'eip155:31337' });
    expect(toasts).toEqual([{ message: 'Sent 0.01 ETH', variant: 'success' }]);
    expect(calls.afterSuccess).toEqual([['eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee']]);
    expect(store.getState()).toMatchObject({
      token: null,
      sendTokenAmount: '',
      receiverInput: '',
      status: 'success',
      txHash: '0xabc',
    });
  });

  it('a token whose address does not parse is refused before anything is sent (not sent as the native coin)', async () => {
    // Built past the API boundary (which drops such a balance), as a host's own token list could.
    const broken: TokenBalance = {
      ...USDC_BALANCE,
      id: 'eip155:31337:x',
      address: 'eip155:31337:x',
      decimals: 18,
    };
    const { store, sendEvm, events } = setup({ balances: [ETH_BALANCE, broken] });
    await fill(store, broken, '1', ALICE);
    expect(store.getState().validate()).toMatchObject({
      valid: false,
      amountError: kitMessage('invalidTokenAddress'),
    });
    expect(store.getState().preview()).toEqual({ status: 'invalid' });
    await expect(store.getState().submit()).resolves.toEqual({ status: 'invalid' });
    expect(sendEvm).not.toHaveBeenCalled();
    expect(events).toEqual([]);
  });

  it('sends an ERC-20 token through its contract', async () => {
    const { store, calls, sendEvm } = setup();
    await fill(store, USDC_BALANCE, '5', ALICE);
    await store.getState().submit();
    expect(sendEvm).toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({
        asset: { type: 'erc20', address: '0x5FbDB2315678afecb367f032d93F642f64180aa3' },
        decimals: 6,
        amount: '5',
      }),
    );
    expect(calls.afterSuccess[0]).toEqual([
      USDC_BALANCE.id,
      'eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
    ]);
  });

  it('a rejection in the wallet toasts its short message, keeps the form and emits SEND_ERROR', async () => {
    const rejected = Object.assign(new Error('User rejected the request. Details: …'), {
      shortMessage: 'User rejected the request.',
    });
    const { store, events, toasts, calls } = setup({ sendEvm: vi.fn(async () => Promise.reject(rejected)) });
    await fill(store, ETH_BALANCE, '0.01', ALICE);
    const failure = kitMessage('walletError', undefined, 'User rejected the request.');
    await expect(store.getState().submit()).resolves.toEqual({ status: 'error', message: failure });
    expect(calls.outcomes).toEqual([{ flow: 'send', status: 'failed', message: failure }]);
    expect(toasts).toEqual([{ message: 'User rejected the request.', variant: 'error' }]);
    expect(events.map((e) => e.event)).toEqual(['SEND_INITIATED', 'SEND_ERROR']);
    expect(calls.afterSuccess).toEqual([]);
    expect(store.getState()).toMatchObject({
      sendTokenAmount: '0.01',
      receiverInput: ALICE,
      status: 'error',
    });
  });

  it("a wallet failure without a short message toasts 'Transaction error'", async () => {
    const { store, toasts } = setup({ sendEvm: vi.fn(async () => Promise.reject(new Error('boom'))) });
    await fill(store, ETH_BALANCE, '0.01', ALICE);
    await store.getState().submit();
    expect(toasts).toEqual([{ message: 'Transaction error', variant: 'error' }]);
  });

  it("an unexpected failure outside the wallet toasts 'Something went wrong'", async () => {
    const { store, toasts, events } = setup({
      afterSuccess: () => {
        throw new Error('navigation broke');
      },
    });
    await fill(store, ETH_BALANCE, '0.01', ALICE);
    await store.getState().submit();
    expect(toasts.at(-1)).toEqual({ message: 'Something went wrong', variant: 'error' });
    expect(events.at(-1)!.event).toBe('SEND_ERROR');
  });

  it('sends nothing when the input is bad', async () => {
    const { store, sendEvm, events } = setup();
    for (const [amount, to] of [
      ['2', ALICE],
      ['0', ALICE],
      ['abc', ALICE],
      ['-1', ALICE],
      ['0.01', BROKEN],
      ['0.01', '0x1234'],
    ] as const) {
      await fill(store, ETH_BALANCE, amount, to);
      await expect(store.getState().submit()).resolves.toEqual({ status: 'invalid' });
    }
    expect(sendEvm).not.toHaveBeenCalled();
    expect(events).toEqual([]);
  });

  it('dispatches to the Solana sender on a Solana network', async () => {
    const sendNative = vi.fn(async () => '5sig');
    const solana: SolanaNativeSender = { sendNative };
    const { store, events, calls, sendEvm } = setup({
      network: SOLANA,
      balances: [SOL_BALANCE],
      getSolana: () => solana,
    });
    await fill(store, SOL_BALANCE, '0.1', SOL_ADDR);
    await expect(store.getState().submit()).resolves.toEqual({ status: 'sent', hash: '5sig' });
    expect(sendNative).toHaveBeenCalledWith({ to: SOL_ADDR, amount: '0.1' });
    expect(sendEvm).not.toHaveBeenCalled();
    expect(events.map((e) => e.event)).toEqual(['SEND_INITIATED', 'SEND_SUCCESS']);
    expect(calls.afterSuccess).toEqual([[`${SOLANA.id}:So11111111111111111111111111111111111111111`]]);
  });

  it('toasts the Solana sender’s message when it fails', async () => {
    const solana: SolanaNativeSender = {
      sendNative: async () => {
        throw KeywayError.of('solanaSendFailed');
      },
    };
    const { store, toasts } = setup({ network: SOLANA, balances: [SOL_BALANCE], getSolana: () => solana });
    await fill(store, SOL_BALANCE, '0.1', SOL_ADDR);
    await store.getState().submit();
    expect(toasts).toEqual([{ message: 'Failed to send transaction. Please try again.', variant: 'error' }]);
  });

  it('Max on Solana leaves the signature fee', async () => {
    const { store } = setup({ network: SOLANA, balances: [SOL_BALANCE] });
    store.getState().setToken(SOL_BALANCE);
    await store.getState().setMax();
    expect(store.getState().sendTokenAmount).toBe('1.999995');
  });

  it("any other chain is 'Unsupported chain'", async () => {
    const other = { ...NETWORK, id: 'cosmos:hub', chain: 'cosmos' } as unknown as KeywayNetwork;
    const { store, toasts, events, sendEvm } = setup({ network: other });
    await fill(store, ETH_BALANCE, '0.1', 'cosmos1xyz');
    expect(await store.getState().submit()).toEqual({
      status: 'error',
      message: kitMessage('unsupportedChain'),
    });
    expect(toasts).toEqual([{ message: 'Unsupported chain', variant: 'error' }]);
    expect(events.map((e) => e.event)).toEqual(['SEND_INITIATED', 'SEND_ERROR']);
    expect(sendEvm).not.toHaveBeenCalled();
  });

  it('a change of account or network clears the form', async () => {
    const { store } = setup();
    store.getState().setContext('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', NETWORK);
    await fill(store, ETH_BALANCE, '0.01', ALICE);
    store.getState().setContext('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', NETWORK);
    expect(store.getState().sendTokenAmount).toBe('0.01');
    store.getState().setContext('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', { ...NETWORK, id: 'eip155:1' });
    expect(store.getState().sendTokenAmount).toBe('');
  });

  it('a reconnect of the same account (no address for a moment) keeps the amount and the receiver', async () => {
    const { store } = setup();
    store.getState().setContext('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', NETWORK);
    await fill(store, ETH_BALANCE, '0.01', ALICE);
    store.getState().setContext(null, NETWORK);
    store.getState().setContext('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', NETWORK);
    expect(store.getState()).toMatchObject({ sendTokenAmount: '0.01', receiverAddress: ALICE });
    expect(store.getState().token?.symbol).toBe(ETH_BALANCE.symbol);
  });

  it('another account after a disconnect starts over', async () => {
    const { store } = setup();
    store.getState().setContext('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', NETWORK);
    await fill(store, ETH_BALANCE, '0.01', ALICE);
    store.getState().setContext(null, NETWORK);
    store.getState().setContext(ALICE, NETWORK);
    expect(store.getState()).toMatchObject({ sendTokenAmount: '', receiverAddress: null, token: null });
  });
});

it('amount units come from viem parseUnits', () => {
  expect(parseAmount('0.01', 18)).toEqual({ ok: true, units: parseEther('0.01') });
  expect(parseAmount('5', 6)).toEqual({ ok: true, units: parseUnits('5', 6) });
});
