import { setupServer } from 'msw/node';
import { verifyTypedData } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createBlockchainApiClient } from '../../api/blockchain-api';
import { kitMessage } from '../../core/messages';
import { englishText } from '../../i18n/english';
import { createBlockchainApiHandlers, type MockVariant, type RecordedRequest } from '../../testing/msw';
import { createNameRegistrationStore } from './store';
import {
  attributesText,
  type RegistrationMessage,
  type RegistrationTypedData,
  registrationTypedData,
} from './typedData';
import {
  fullName,
  nameCoinType,
  nameRuleMessage,
  nameRuleProblem,
  nameUnavailableReason,
  registrationMessage,
  registrationMessageSchema,
} from './validation';

const API = 'https://api.names.test';
const requests: RecordedRequest[] = [];
const server = setupServer(
  ...createBlockchainApiHandlers({ baseUrl: API, onRequest: (r) => requests.push(r) }),
);
const serve = (variants: Record<string, MockVariant>) =>
  server.use(...createBlockchainApiHandlers({ baseUrl: API, onRequest: (r) => requests.push(r), variants }));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  vi.useRealTimers();
  server.resetHandlers();
  requests.length = 0;
});
afterAll(() => server.close());

const signer = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');

/** The pause before the availability check in these stores. */
const DEBOUNCE_MS = 5;
/** How long a wait may take before the test fails with what it waited for (within the test's own timeout). */
const WAIT = { timeout: 10_000, interval: 5 };

function make(opts: { embedded?: boolean; chainId?: number; reject?: Error; noAccount?: boolean } = {}) {
  const api = createBlockchainApiClient({
    baseUrl: API,
    projectId: 'p1',
    sdkType: 'kw',
    sdkVersion: '1',
    retries: 0,
  });
  const signed: RegistrationTypedData[] = [];
  const registered: string[] = [];
  const store = createNameRegistrationStore({
    api,
    debounceMs: DEBOUNCE_MS,
    now: () => 1_736_942_400_000,
    signTypedData: async (typedData, address) => {
      if (opts.reject) throw opts.reject;
      expect(address).toBe(signer.address);
      signed.push(typedData);
      return signer.signTypedData(typedData);
    },
    afterRegistered: (name) => registered.push(name),
  });
  store
    .getState()
    .setContext(
      opts.noAccount
        ? { address: null, chainId: null, embedded: false }
        : { address: signer.address, chainId: opts.chainId ?? 1, embedded: opts.embedded ?? true },
    );
  return { store, signed, registered };
}

/**
 * Resolves once the typed name's check has been answered (and, for a taken name, its suggestions); throws
 * with the state last seen when that does not happen in time.
 */
const untilChecked = (store: ReturnType<typeof make>['store']) =>
  vi.waitFor(() => {
    const { availability, suggestionsStatus } = store.getState();
    expect(availability, 'the availability check').not.toBe('checking');
    expect(suggestionsStatus, "a taken name's suggestions").not.toBe('loading');
  }, WAIT);

describe('name rules (spec §5)', () => {
  it('needs at least 4 characters', () => {
    expect(nameRuleProblem('abc')).toBe('tooShort');
    expect(nameRuleProblem('abcd')).toBeNull();
    expect(nameRuleProblem('')).toBeNull();
    expect(englishText(nameRuleMessage('tooShort'))).toBe('Use at least 4 characters');
  });
  it('allows letters, digits and hyphens only', () => {
    expect(nameRuleProblem('al-ice9')).toBeNull();
    expect(nameRuleProblem('ALICE')).toBeNull();
    for (const bad of ['al ice', 'al_ice', 'alice!', 'älice', 'al.ice'])
      expect(nameRuleProblem(bad)).toBe('badCharacters');
    expect(nameRuleProblem('alice.kw.id')).toBeNull();
  });
  it('coin type is the chain id with the high bit set; the chain id must be below 2147483648', () => {
    expect(nameCoinType(1)).toBe(2147483649);
    expect(nameCoinType(10)).toBe(0x8000000a);
    expect(nameCoinType(31337)).toBe(2147514985);
    expect(nameCoinType(2147483647)).toBe(4294967295);
    expect(() => nameCoinType(2147483648)).toThrow('invalidChainId');
    expect(() => nameCoinType(-1)).toThrow('invalidChainId');
  });
  it('needs a network, an address and the auth connector', () => {
    expect(nameUnavailableReason({ address: null, chainId: 1, embedded: true })).toBe('notConnected');
    expect(nameUnavailableReason({ address: '0x1', chainId: null, embedded: true })).toBe('noNetwork');
    expect(nameUnavailableReason({ address: '0x1', chainId: 1, embedded: false })).toBe('notEmbedded');
    expect(nameUnavailableReason({ address: '0x1', chainId: 2147483648, embedded: true })).toBe(
      'invalidChainId',
    );
    expect(nameUnavailableReason({ address: '0x1', chainId: 2147483647, embedded: true })).toBeNull();
  });
  it('the message is JSON {name, attributes, timestamp} plus coinType, address, nonce and chainId', () => {
    const nonce = `0x${'5a'.repeat(32)}`;
    const account = { address: signer.address, chainId: 31337 };
    expect(registrationMessage('Bob1', 1_736_942_400_123, account, nonce)).toEqual({
      name: fullName('bob1'),
      attributes: {},
      timestamp: 1_736_942_400,
      coinType: nameCoinType(31337),
      address: signer.address,
      nonce,
      chainId: 31337,
    });
    // A fresh 32-byte nonce each time.
    const a = registrationMessage('bob1', 1_736_942_400_000, account).nonce;
    const b = registrationMessage('bob1', 1_736_942_400_000, account).nonce;
    expect(a).toMatch(/^0x[0-9a-f]{64}$/);
    expect(a).not.toBe(b);
  });
  it('a message is refused unless every field is the signed kind: coinType of chainId, no other field', () => {
    const good = registrationMessage('bob1', 1_736_942_400_000, { address: signer.address, chainId: 1 });
    expect(registrationMessageSchema.safeParse(good).success).toBe(true);
    const bad: unknown[] = [
      { ...good, coinType: nameCoinType(10) },
      { ...good, coinType: 60 },
      { ...good, nonce: '0x1234' },
      { ...good, address: 'alice' },
      { ...good, name: 'bob1' },
      { ...good, admin: true },
      { name: good.name, attributes: {}, timestamp: good.timestamp },
    ];
    for (const m of bad)
      expect(registrationMessageSchema.safeParse(m).success, JSON.stringify(m)).toBe(false);
    expect(() =>
      registrationMessage('bob1', 1_736_942_400_000, { address: signer.address, chainId: 2 ** 31 }),
    ).toThrow();
  });
  it('the typed data: domain Keyway Names v1 on the chain, RegisterName over every field of the message', () => {
    const m = registrationMessage('bob1', 1_736_942_400_000, { address: signer.address, chainId: 10 });
    const typed = registrationTypedData({ ...m, attributes: { bio: 'b', avatar: 'a', '1': 'x' } });
    expect(typed.domain).toEqual({ name: 'Keyway Names', version: '1', chainId: 10 });
    expect(typed.primaryType).toBe('RegisterName');
    expect(typed.types.RegisterName.map((f) => f.name)).toEqual([
      'name',
      'attributes',
      'timestamp',
      'coinType',
      'address',
      'nonce',
    ]);
    expect(typed.message).toEqual({
      name: 'bob1.kw.id',
      attributes: '{"1":"x","avatar":"a","bio":"b"}',
      timestamp: 1_736_942_400n,
      coinType: BigInt(nameCoinType(10)),
      address: signer.address,
      nonce: m.nonce,
    });
    expect(attributesText({})).toBe('{}');
  });
});

describe('name registration store', () => {
  it('shows the rule at once and asks nothing for a short name', async () => {
    // The pause before a check is the subject here: the test moves the clock (the answers still come
    // through the mock server).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { store } = make();
    store.getState().setName('ab');
    expect(store.getState().rule).toBe('tooShort');
    // Past the pause, a check of the short name would have been asked for.
    await vi.advanceTimersByTimeAsync(DEBOUNCE_MS);
    // A name typed afterwards is asked for: once its answer is in, an earlier request would have been seen.
    store.getState().setName('bobby');
    await vi.advanceTimersByTimeAsync(DEBOUNCE_MS);
    vi.useRealTimers();
    await untilChecked(store);
    expect(store.getState().availability).toBe('available');
    expect(requests.map((r) => r.url.pathname)).toEqual(['/v1/profile/account/bobby.kw.id']);
  });

  it('a free name is available (404), a taken one loads the free suggestions', async () => {
    const { store } = make();
    store.getState().setName('bobby');
    expect(store.getState().availability).toBe('checking');
    await untilChecked(store);
    expect(store.getState().availability).toBe('available');
    store.getState().setName('alice');
    await untilChecked(store);
    const s = store.getState();
    expect(s.availability).toBe('taken');
    expect(s.suggestions.map((x) => x.name)).toEqual(['alice1.kw.id', 'alice-web3.kw.id']);
    store.getState().selectSuggestion('alice1.kw.id');
    expect(store.getState().name).toBe('alice1');
  });

  it('only the last typed name counts', async () => {
    const { store } = make();
    store.getState().setName('alic');
    store.getState().setName('alice');
    store.getState().setName('bobby');
    await untilChecked(store);
    expect(store.getState().availability).toBe('available');
    expect(requests.filter((r) => r.url.pathname.includes('/profile/account/bobby'))).toHaveLength(1);
  });

  it('lookup and suggestion failures carry the §8 messages', async () => {
    const { store } = make();
    serve({ profile: 'error' });
    store.getState().setName('bobby');
    await untilChecked(store);
    expect(store.getState()).toMatchObject({ availability: 'error', error: kitMessage('resolveName') });
    server.resetHandlers();
    serve({ suggestions: 'error' });
    store.getState().setName('alice');
    await untilChecked(store);
    expect(store.getState()).toMatchObject({
      availability: 'taken',
      error: kitMessage('nameSuggestions'),
    });
  });

  it('registers: signs the EIP-712 typed data of the message, posts it with coin type and address, then success', async () => {
    const { store, signed, registered } = make({ chainId: 31337 });
    store.getState().setName('bobby');
    await untilChecked(store);
    const outcome = await store.getState().register();
    expect(outcome).toEqual({ type: 'success', name: 'bobby.kw.id' });
    const post = requests.find((r) => r.method === 'POST');
    const body = post?.body as {
      coin_type: number;
      address: string;
      message: string;
      signature: `0x${string}`;
    };
    const message = JSON.parse(body.message) as RegistrationMessage;
    expect(message).toMatchObject({
      name: 'bobby.kw.id',
      attributes: {},
      timestamp: 1_736_942_400,
      coinType: nameCoinType(31337),
      address: signer.address,
      chainId: 31337,
    });
    expect(body).toMatchObject({ coin_type: message.coinType, address: signer.address });
    // What was signed is the typed data of the posted message, so the API can rebuild it and verify.
    expect(signed).toEqual([registrationTypedData(message)]);
    expect(signed[0]!.domain).toEqual({ name: 'Keyway Names', version: '1', chainId: 31337 });
    await expect(
      verifyTypedData({
        ...registrationTypedData(message),
        address: signer.address,
        signature: body.signature,
      }),
    ).resolves.toBe(true);
    expect(store.getState()).toMatchObject({ status: 'success', registeredName: 'bobby.kw.id' });
    expect(registered).toEqual(['bobby.kw.id']);
  });

  it('every registration signs a new nonce: a second one is not a replay of the first', async () => {
    const { store, signed } = make({ chainId: 31337 });
    for (const name of ['dora1', 'emma1']) {
      store.getState().reset();
      store.getState().setName(name);
      await untilChecked(store);
      expect(await store.getState().register()).toEqual({ type: 'success', name: `${name}.kw.id` });
    }
    const nonces = signed.map((t) => t.message.nonce);
    expect(nonces).toHaveLength(2);
    expect(nonces[0]).not.toBe(nonces[1]);
    const posted = requests
      .filter((r) => r.method === 'POST')
      .map((r) => (r.body as { message: string }).message);
    expect(posted.map((m) => (JSON.parse(m) as RegistrationMessage).nonce)).toEqual(nonces);
  });

  it('a rejected signature goes back to the form with the name kept', async () => {
    const { store } = make({
      reject: Object.assign(new Error('User rejected the request.'), { code: 4001 }),
    });
    store.getState().setName('bobby');
    await untilChecked(store);
    const outcome = await store.getState().register();
    expect(outcome.type).toBe('rejected');
    expect(store.getState()).toMatchObject({
      status: 'form',
      name: 'bobby',
      error: kitMessage('registerName', { name: 'bobby.kw.id' }),
    });
  });

  it("an API failure shows 'Error registering name {name}' and the server's first reason", async () => {
    const { store } = make();
    store.getState().setName('bobby');
    await untilChecked(store);
    serve({ registerName: 'error' });
    const outcome = await store.getState().register();
    expect(outcome).toEqual({
      type: 'error',
      message: kitMessage('registerName', { name: 'bobby.kw.id' }),
      reason: 'Internal server error',
    });
    expect(store.getState()).toMatchObject({
      status: 'form',
      name: 'bobby',
      errorReason: 'Internal server error',
    });
  });

  it('an external-wallet account cannot register, and says why', async () => {
    const { store, signed } = make({ embedded: false });
    expect(store.getState().unavailableReason).toBe('notEmbedded');
    store.getState().setName('bobby');
    const outcome = await store.getState().register();
    expect(outcome.type).toBe('unavailable');
    expect(signed).toHaveLength(0);
    const noAddress = make();
    noAddress.store.getState().setContext({ address: null, chainId: 1, embedded: true });
    expect(await noAddress.store.getState().register()).toEqual({
      type: 'unavailable',
      message: kitMessage('addressOrAuthConnectorNotFound'),
    });
  });

  it('reads the names of the address, cached, with the §8 message on failure', async () => {
    const { store } = make();
    await store.getState().loadNames();
    await store.getState().loadNames();
    expect(Array.isArray(store.getState().names)).toBe(true);
    expect(requests.filter((r) => r.url.pathname.includes('/reverse/'))).toHaveLength(1);
    serve({ reverseProfile: 'error' });
    await store.getState().loadNames(true);
    expect(store.getState().namesError).toEqual(kitMessage('namesForAddress'));
  });
});

describe('name registration store: the account context', () => {
  const OTHER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
  // What the instance gives while wagmi reconnects (no addresses yet) or after a disconnect.
  const away = { address: null, chainId: null, embedded: false };

  it('a reconnect of the same account (no address for a moment) keeps the typed name and its check', async () => {
    const { store } = make();
    await store.getState().loadNames();
    store.getState().setName('keepme');
    await untilChecked(store);
    expect(store.getState().availability).toBe('available');
    const names = store.getState().names;
    store.getState().setContext(away);
    expect(store.getState()).toMatchObject({ unavailableReason: 'notConnected', name: 'keepme' });
    store.getState().setContext({ address: signer.address, chainId: 1, embedded: true });
    expect(store.getState()).toMatchObject({
      name: 'keepme',
      availability: 'available',
      unavailableReason: null,
      names,
    });
    expect(names).not.toBeNull();
  });

  it('a taken name keeps its suggestions across a reconnect; the address may come back in another case', async () => {
    const { store } = make();
    store.getState().setName('alice');
    await untilChecked(store);
    store.getState().setContext(away);
    store.getState().setContext({ address: signer.address.toLowerCase(), chainId: 1, embedded: true });
    expect(store.getState()).toMatchObject({
      name: 'alice',
      availability: 'taken',
      suggestionsStatus: 'success',
    });
    expect(store.getState().suggestions.length).toBeGreaterThan(0);
  });

  it('a name typed before the first account arrives is kept (a page load that is still reconnecting)', async () => {
    const { store } = make({ noAccount: true });
    expect(store.getState().unavailableReason).toBe('notConnected');
    store.getState().setName('early');
    await untilChecked(store);
    store.getState().setContext({ address: signer.address, chainId: 1, embedded: true });
    expect(store.getState()).toMatchObject({
      name: 'early',
      availability: 'available',
      unavailableReason: null,
    });
  });

  it('another account starts over: the form and the names', async () => {
    const { store } = make();
    await store.getState().loadNames();
    store.getState().setName('keepme');
    await untilChecked(store);
    store.getState().setContext({ address: OTHER, chainId: 1, embedded: true });
    expect(store.getState()).toMatchObject({
      name: '',
      availability: 'idle',
      names: null,
      registeredName: null,
    });
  });

  it('a disconnect followed by another account starts over', async () => {
    const { store } = make();
    await store.getState().loadNames();
    store.getState().setName('keepme');
    await untilChecked(store);
    store.getState().setContext(away);
    store.getState().setContext({ address: OTHER, chainId: 1, embedded: true });
    expect(store.getState()).toMatchObject({ name: '', availability: 'idle', names: null });
  });
});
