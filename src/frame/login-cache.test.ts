// @vitest-environment jsdom
/**
 * Spec §4, "Embedded-wallet connector login cache": one test per rule, driving the real frame client
 * against the fake frame and reading the storages the cache writes to.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FrameClient } from './client/client.ts';
import { createLoginCache, createMemoryStorage, LOGIN_CACHE_KEYS } from './login-cache.ts';
import {
  createFakeFrameClient,
  type FakeFrame,
  FakeFrameError,
  installFakeFrame,
} from './testing/fake-frame.ts';

const FRAME_ORIGIN = 'https://frame.keyway.test';
const ADDRESS = '0x2222222222222222222222222222222222222222';
const T0 = 1_700_000_000_000;

let persistent: ReturnType<typeof createMemoryStorage>;
let session: ReturnType<typeof createMemoryStorage>;
let now: number;
let fake: FakeFrame;
let client: FrameClient;

const fail = (message?: string) => () => {
  throw new FakeFrameError(message === undefined ? {} : { message });
};

/** Everything stored, by key, across both storages. */
function stored() {
  return Object.fromEntries([...persistent.entries(), ...session.entries()]);
}

beforeEach(() => {
  persistent = createMemoryStorage();
  session = createMemoryStorage();
  now = T0;
  fake = installFakeFrame({ document, frameOrigin: FRAME_ORIGIN });
  client = createFakeFrameClient(FRAME_ORIGIN, createLoginCache({ persistent, session, now: () => now }));
});

afterEach(() => {
  client.destroy();
  fake.uninstall();
  document.body.innerHTML = '';
});

/** A filled login cache, as after a completed login on chain 10 with a social username. */
function seedLoggedIn() {
  persistent.setItem(LOGIN_CACHE_KEYS.lastEmailLoginTime, String(T0));
  persistent.setItem(LOGIN_CACHE_KEYS.emailLoginUsed, 'true');
  persistent.setItem(LOGIN_CACHE_KEYS.lastUsedChainId, '10');
  persistent.setItem(LOGIN_CACHE_KEYS.social, 'github');
  session.setItem(LOGIN_CACHE_KEYS.email, 'ada@example.com');
  session.setItem(LOGIN_CACHE_KEYS.socialUsername, 'ada');
}

const LOGIN_KEYS = [
  LOGIN_CACHE_KEYS.lastEmailLoginTime,
  LOGIN_CACHE_KEYS.email,
  LOGIN_CACHE_KEYS.emailLoginUsed,
  LOGIN_CACHE_KEYS.lastUsedChainId,
  LOGIN_CACHE_KEYS.socialUsername,
  LOGIN_CACHE_KEYS.social,
];

describe('connecting by email', () => {
  it('stores the last email login time (a timestamp string)', async () => {
    fake.handlers.CONNECT_EMAIL = () => ({ action: 'VERIFY_OTP' });
    await client.connectEmail({ email: 'ada@example.com' });
    expect(persistent.getItem('kw:auth:last-email-login-time')).toBe(String(T0));
    expect(client.loginCache.lastEmailLoginTime()).toBe(T0);
  });

  it('stores nothing when the frame refuses the email', async () => {
    fake.handlers.CONNECT_EMAIL = fail('Invalid email');
    await expect(client.connectEmail({ email: 'ada@example.com' })).rejects.toThrow('Invalid email');
    expect(stored()).toEqual({});
  });

  it('does not store the email itself when only the code was requested', async () => {
    fake.handlers.CONNECT_EMAIL = () => ({ action: 'VERIFY_DEVICE' });
    await client.connectEmail({ email: 'ada@example.com' });
    expect(JSON.stringify(stored())).not.toContain('ada@example.com');
  });
});

describe('completing login', () => {
  it('the user fetch stores the email, sets the email-login-used flag and clears the login time', async () => {
    persistent.setItem(LOGIN_CACHE_KEYS.lastEmailLoginTime, String(T0));
    fake.handlers.GET_USER = () => ({ email: 'ada@example.com', address: ADDRESS, chainId: 1 });
    await client.getUser({ chainId: 1 });
    expect(session.getItem('kw:auth:email')).toBe('ada@example.com');
    expect(persistent.getItem('kw:auth:email-login-used')).toBe('true');
    expect(persistent.getItem('kw:auth:last-email-login-time')).toBeNull();
  });

  it('keeps the email in sessionStorage only, never in localStorage', async () => {
    fake.handlers.GET_USER = () => ({ email: 'ada@example.com', address: ADDRESS, chainId: 1 });
    await client.getUser({ chainId: 1 });
    expect(JSON.stringify(persistent.entries())).not.toContain('ada@example.com');
    expect(client.loginCache.email()).toBe('ada@example.com');
  });

  it('the secondary-code email update stores the new email, sets the flag and clears the login time', async () => {
    session.setItem(LOGIN_CACHE_KEYS.email, 'old@example.com');
    persistent.setItem(LOGIN_CACHE_KEYS.lastEmailLoginTime, String(T0));
    fake.handlers.UPDATE_EMAIL_SECONDARY_OTP = () => ({ newEmail: 'new@example.com' });
    await client.updateEmailSecondaryOtp({ otp: '654321' });
    expect(session.getItem('kw:auth:email')).toBe('new@example.com');
    expect(persistent.getItem('kw:auth:email-login-used')).toBe('true');
    expect(persistent.getItem('kw:auth:last-email-login-time')).toBeNull();
  });

  it('the update-email and primary-code steps store nothing', async () => {
    fake.handlers.UPDATE_EMAIL = () => ({ action: 'VERIFY_PRIMARY_OTP' });
    fake.handlers.UPDATE_EMAIL_PRIMARY_OTP = () => undefined;
    await client.updateEmail({ email: 'new@example.com' });
    await client.updateEmailPrimaryOtp({ otp: '123456' });
    expect(stored()).toEqual({});
  });

  it('a failed user fetch stores nothing', async () => {
    fake.handlers.GET_USER = fail();
    await expect(client.getUser({ chainId: 1 })).rejects.toThrow('An error occurred');
    expect(stored()).toEqual({});
  });
});

describe('social and Farcaster connect', () => {
  it('a social connect stores the username when one is returned', async () => {
    fake.handlers.CONNECT_SOCIAL = () => ({ address: ADDRESS, chainId: 1, userName: 'ada_l' });
    await client.connectSocial({ uri: 'https://frame.keyway.test/oauth/callback?code=abc' });
    expect(session.getItem('kw:auth:social-username')).toBe('ada_l');
  });

  it('a social connect without a username stores no username', async () => {
    fake.handlers.CONNECT_SOCIAL = () => ({ address: ADDRESS, chainId: 1 });
    await client.connectSocial({ uri: 'https://frame.keyway.test/oauth/callback?code=abc' });
    expect(session.getItem('kw:auth:social-username')).toBeNull();
  });

  it('a Farcaster connect stores the username when one is returned, and nothing else of the user', async () => {
    fake.handlers.CONNECT_FARCASTER = () => ({ userName: 'ada.eth' });
    await client.connectFarcaster();
    expect(session.getItem('kw:auth:social-username')).toBe('ada.eth');
  });

  it('a Farcaster connect without a username stores no username', async () => {
    fake.handlers.CONNECT_FARCASTER = () => ({});
    await client.connectFarcaster();
    expect(session.getItem('kw:auth:social-username')).toBeNull();
  });

  it('the social marker records the provider of a successful social login', async () => {
    fake.handlers.GET_SOCIAL_REDIRECT_URI = () => ({ uri: 'https://frame.keyway.test/oauth/github' });
    fake.handlers.CONNECT_SOCIAL = () => ({ address: ADDRESS, chainId: 1 });
    await client.getSocialRedirectUri({ provider: 'github' });
    expect(persistent.getItem('kw:auth:social')).toBeNull();
    await client.connectSocial({ uri: 'https://frame.keyway.test/oauth/callback?code=abc' });
    expect(persistent.getItem('kw:auth:social')).toBe('github');
  });
});

describe('checking the connection', () => {
  it('when not connected clears the whole login cache', async () => {
    seedLoggedIn();
    fake.handlers.IS_CONNECTED = () => ({ isConnected: false });
    await expect(client.isConnected()).resolves.toEqual({ isConnected: false });
    for (const key of LOGIN_KEYS) expect(persistent.getItem(key) ?? session.getItem(key)).toBeNull();
  });

  it('on error clears the whole login cache (and rethrows)', async () => {
    seedLoggedIn();
    fake.handlers.IS_CONNECTED = fail('Session expired');
    await expect(client.isConnected()).rejects.toThrow('Session expired');
    expect(stored()).toEqual({});
  });

  it('when connected keeps the cache', async () => {
    seedLoggedIn();
    const before = stored();
    fake.handlers.IS_CONNECTED = () => ({ isConnected: true });
    await client.isConnected();
    expect(stored()).toEqual(before);
  });

  it('keeps the account settings (preferred account type, smart-account networks)', async () => {
    seedLoggedIn();
    persistent.setItem(LOGIN_CACHE_KEYS.preferredAccountType, 'smartAccount');
    persistent.setItem(LOGIN_CACHE_KEYS.smartAccountEnabledNetworks, '1,10');
    fake.handlers.IS_CONNECTED = () => ({ isConnected: false });
    await client.isConnected();
    expect(stored()).toEqual({
      [LOGIN_CACHE_KEYS.preferredAccountType]: 'smartAccount',
      [LOGIN_CACHE_KEYS.smartAccountEnabledNetworks]: '1,10',
    });
  });
});

describe('signing out', () => {
  it('clears the login cache', async () => {
    seedLoggedIn();
    fake.handlers.SIGN_OUT = () => undefined;
    await client.signOut();
    expect(stored()).toEqual({});
  });

  it('clears the login cache even when the frame fails to sign out (and rethrows)', async () => {
    seedLoggedIn();
    fake.handlers.SIGN_OUT = fail('Frame busy');
    await expect(client.signOut()).rejects.toThrow('Frame busy');
    expect(stored()).toEqual({});
  });
});

describe('smart-account networks', () => {
  it('stores the comma-joined list', async () => {
    fake.handlers.GET_SMART_ACCOUNT_ENABLED_NETWORKS = () => ({
      smartAccountEnabledNetworks: [1, 137, 8453],
    });
    await client.getSmartAccountEnabledNetworks();
    expect(persistent.getItem('kw:auth:smart-account-enabled-networks')).toBe('1,137,8453');
    expect(client.loginCache.smartAccountEnabledNetworks()).toEqual([1, 137, 8453]);
    expect(persistent.getItem('kw:auth:smart-account-enabled')).toBe('true');
  });

  it('on error stores an empty list', async () => {
    persistent.setItem(LOGIN_CACHE_KEYS.smartAccountEnabledNetworks, '1,137');
    fake.handlers.GET_SMART_ACCOUNT_ENABLED_NETWORKS = fail();
    await expect(client.getSmartAccountEnabledNetworks()).rejects.toThrow('An error occurred');
    expect(persistent.getItem('kw:auth:smart-account-enabled-networks')).toBe('');
    expect(client.loginCache.smartAccountEnabledNetworks()).toEqual([]);
  });
});

describe('last used chain id', () => {
  it('switching network stores it', async () => {
    fake.handlers.SWITCH_NETWORK = ({ chainId }) => ({ chainId });
    await client.switchNetwork({ chainId: 137 });
    expect(persistent.getItem('kw:auth:last-used-chain-id')).toBe('137');
    expect(client.loginCache.lastUsedChainId()).toBe(137);
  });

  it('fetching the chain id stores it', async () => {
    fake.handlers.GET_CHAIN_ID = () => ({ chainId: 8453 });
    await client.getChainId();
    expect(persistent.getItem('kw:auth:last-used-chain-id')).toBe('8453');
  });

  it('a failed switch keeps the previous one', async () => {
    persistent.setItem(LOGIN_CACHE_KEYS.lastUsedChainId, '10');
    fake.handlers.SWITCH_NETWORK = fail('Unsupported chain');
    await expect(client.switchNetwork({ chainId: 137 })).rejects.toThrow('Unsupported chain');
    expect(client.loginCache.lastUsedChainId()).toBe(10);
  });

  it('keeps a Solana network reference as it is', async () => {
    fake.handlers.SWITCH_NETWORK = ({ chainId }) => ({ chainId });
    await client.switchNetwork({ chainId: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' });
    expect(client.loginCache.lastUsedChainId()).toBe('5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp');
  });
});

describe('the cache on its own', () => {
  it('reports the email cooldown from the stored login time', () => {
    const cache = createLoginCache({ persistent, session, now: () => now });
    expect(cache.emailCooldownRemainingMs()).toBe(0);
    cache.onEmailConnect();
    now = T0 + 12_000;
    expect(cache.emailCooldownRemainingMs()).toBe(18_000);
    now = T0 + 30_000;
    expect(cache.emailCooldownRemainingMs()).toBe(0);
  });

  it("reads a missing or invalid preferred account type as 'eoa'", () => {
    const cache = createLoginCache({ persistent, session });
    expect(cache.preferredAccountType()).toBe('eoa');
    persistent.setItem(LOGIN_CACHE_KEYS.preferredAccountType, 'admin');
    expect(cache.preferredAccountType()).toBe('eoa');
    cache.setPreferredAccountType('smartAccount');
    expect(cache.preferredAccountType()).toBe('smartAccount');
  });

  it('never throws when the storage does', () => {
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    const cache = createLoginCache({ persistent: broken, session: broken });
    expect(() => {
      cache.onEmailConnect();
      cache.onLoginComplete('ada@example.com');
      cache.clear();
    }).not.toThrow();
    expect(cache.email()).toBeNull();
    expect(cache.hasRememberedLogin()).toBe(false);
  });

  it('uses localStorage and sessionStorage by default', () => {
    const cache = createLoginCache();
    cache.onLoginComplete('ada@example.com');
    expect(window.sessionStorage.getItem('kw:auth:email')).toBe('ada@example.com');
    expect(window.localStorage.getItem('kw:auth:email')).toBeNull();
    expect(window.localStorage.getItem('kw:auth:email-login-used')).toBe('true');
    cache.clear();
    expect(window.sessionStorage.getItem('kw:auth:email')).toBeNull();
  });
});
