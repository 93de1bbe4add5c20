/**
 * The embedded-wallet connector's login cache (spec §3 stored values, spec §4 rules).
 *
 * Where each value lives (decision, see docs/security.md):
 * - sessionStorage (gone when the tab closes): the email address and the social username, the two values
 *   that identify a person. They are only needed to show who is logged in; after a new session the frame
 *   is asked again (the user fetch).
 * - localStorage: everything else (timestamps, flags, chain ids, preferences). None identifies a person.
 *
 * Which rule writes what (spec §4, applied by the frame client):
 * - connecting by email → `onEmailConnect`: stores the last email login time;
 * - completing login (the user fetch, or the secondary-code email update) → `onLoginComplete`: stores the
 *   email, sets the email-login-used flag, clears the login time;
 * - a social or Farcaster connect → `onSocialConnect`: stores the username only if one is returned;
 * - a connection check saying not connected, or failing, and signing out → `clear` (the whole login cache);
 * - smart-account networks → `setSmartAccountEnabledNetworks` (an empty list on error);
 * - switching network or fetching the chain id → `setLastUsedChainId`.
 */
import { EMAIL_LOGIN_COOLDOWN_MS } from '../core/constants.ts';
import {
  type AccountType,
  AccountTypeSchema,
  ChainIdSchema,
  DEFAULT_ACCOUNT_TYPE,
  EvmChainIdSchema,
  type FrameChainId,
} from './protocol/ids.ts';

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export const LOGIN_CACHE_KEYS = {
  lastEmailLoginTime: 'kw:auth:last-email-login-time',
  email: 'kw:auth:email',
  emailLoginUsed: 'kw:auth:email-login-used',
  lastUsedChainId: 'kw:auth:last-used-chain-id',
  socialUsername: 'kw:auth:social-username',
  social: 'kw:auth:social',
  smartAccountEnabledNetworks: 'kw:auth:smart-account-enabled-networks',
  preferredAccountType: 'kw:auth:preferred-account-type',
  smartAccountEnabled: 'kw:auth:smart-account-enabled',
} as const;
export type LoginCacheKey = keyof typeof LOGIN_CACHE_KEYS;

/** The keys that make up "the whole login cache" cleared by a failed connection check and by sign out. */
export const LOGIN_CACHE_CLEARED_KEYS: readonly LoginCacheKey[] = [
  'lastEmailLoginTime',
  'email',
  'emailLoginUsed',
  'lastUsedChainId',
  'socialUsername',
  'social',
];

/** Values kept in sessionStorage rather than localStorage. */
export const SESSION_KEYS: ReadonlySet<LoginCacheKey> = new Set<LoginCacheKey>(['email', 'socialUsername']);

/** Social providers that can be the "social marker" (the way the user logged in). */
export const SOCIAL_PROVIDERS = [
  'google',
  'github',
  'apple',
  'facebook',
  'x',
  'discord',
  'farcaster',
] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

export function createMemoryStorage(): KeyValueStorage & {
  readonly size: number;
  entries(): [string, string][];
} {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => {
      map.set(k, String(v));
    },
    removeItem: (k) => {
      map.delete(k);
    },
    get size() {
      return map.size;
    },
    entries: () => [...map.entries()],
  };
}

function browserStorage(kind: 'localStorage' | 'sessionStorage'): KeyValueStorage | undefined {
  try {
    const s = (globalThis as Record<string, unknown>)[kind] as KeyValueStorage | undefined;
    return s && typeof s.getItem === 'function' ? s : undefined;
  } catch {
    // Access can throw (storage disabled, sandboxed documents).
    return undefined;
  }
}

export interface LoginCacheStorageOptions {
  /** Long-lived values. Default: `localStorage`, else memory. */
  persistent?: KeyValueStorage;
  /** The email address and the social username. Default: `sessionStorage`, else memory. */
  session?: KeyValueStorage;
  now?: () => number;
}

export interface LoginCache {
  readonly keys: typeof LOGIN_CACHE_KEYS;
  // rules
  onEmailConnect(): void;
  onLoginComplete(email: string | undefined): void;
  onSocialConnect(userName: string | undefined): void;
  clear(): void;
  setSmartAccountEnabledNetworks(chainIds: readonly number[]): void;
  setLastUsedChainId(chainId: FrameChainId): void;
  // other stored values
  setSocialProvider(provider: SocialProvider): void;
  setPreferredAccountType(type: AccountType): void;
  setSmartAccountEnabled(enabled: boolean): void;
  // reads
  lastEmailLoginTime(): number | null;
  /** Milliseconds until another email login may be triggered (0 when allowed now). */
  emailCooldownRemainingMs(): number;
  email(): string | null;
  isEmailLoginUsed(): boolean;
  lastUsedChainId(): FrameChainId | null;
  socialUsername(): string | null;
  socialProvider(): SocialProvider | null;
  smartAccountEnabledNetworks(): number[];
  /** The stored preferred account type; 'eoa' when none is stored or it cannot be read. */
  preferredAccountType(): AccountType;
  smartAccountEnabled(): boolean;
  /** A previous login is remembered: the frame may be loaded on page load to restore it. */
  hasRememberedLogin(): boolean;
}

export function createLoginCache(options: LoginCacheStorageOptions = {}): LoginCache {
  const persistent = options.persistent ?? browserStorage('localStorage') ?? createMemoryStorage();
  const session = options.session ?? browserStorage('sessionStorage') ?? createMemoryStorage();
  const now = options.now ?? Date.now;

  const storeOf = (key: LoginCacheKey) => (SESSION_KEYS.has(key) ? session : persistent);
  // Storage failures (quota, privacy modes) must never break a login: reads fall back to null.
  const get = (key: LoginCacheKey): string | null => {
    try {
      return storeOf(key).getItem(LOGIN_CACHE_KEYS[key]);
    } catch {
      return null;
    }
  };
  const set = (key: LoginCacheKey, value: string) => {
    try {
      storeOf(key).setItem(LOGIN_CACHE_KEYS[key], value);
    } catch {
      /* ignored: see above */
    }
  };
  const remove = (key: LoginCacheKey) => {
    try {
      storeOf(key).removeItem(LOGIN_CACHE_KEYS[key]);
    } catch {
      /* ignored */
    }
  };

  const lastEmailLoginTime = () => {
    const raw = get('lastEmailLoginTime');
    if (raw === null || !/^\d{1,16}$/.test(raw)) return null;
    return Number(raw);
  };

  return {
    keys: LOGIN_CACHE_KEYS,
    onEmailConnect() {
      set('lastEmailLoginTime', String(now()));
    },
    onLoginComplete(email) {
      if (email) set('email', email);
      set('emailLoginUsed', 'true');
      remove('lastEmailLoginTime');
    },
    onSocialConnect(userName) {
      if (userName) set('socialUsername', userName);
    },
    clear() {
      for (const key of LOGIN_CACHE_CLEARED_KEYS) remove(key);
    },
    setSmartAccountEnabledNetworks(chainIds) {
      set('smartAccountEnabledNetworks', chainIds.join(','));
    },
    setLastUsedChainId(chainId) {
      set('lastUsedChainId', String(chainId));
    },
    setSocialProvider(provider) {
      set('social', provider);
    },
    setPreferredAccountType(type) {
      set('preferredAccountType', type);
    },
    setSmartAccountEnabled(enabled) {
      set('smartAccountEnabled', enabled ? 'true' : 'false');
    },
    lastEmailLoginTime,
    emailCooldownRemainingMs() {
      const last = lastEmailLoginTime();
      if (last === null) return 0;
      return Math.max(0, last + EMAIL_LOGIN_COOLDOWN_MS - now());
    },
    email: () => get('email'),
    isEmailLoginUsed: () => get('emailLoginUsed') === 'true',
    lastUsedChainId() {
      const raw = get('lastUsedChainId');
      if (raw === null) return null;
      const value = /^\d{1,16}$/.test(raw) ? Number(raw) : raw;
      const parsed = ChainIdSchema.safeParse(value);
      return parsed.success ? parsed.data : null;
    },
    socialUsername: () => get('socialUsername'),
    socialProvider() {
      const raw = get('social');
      return (SOCIAL_PROVIDERS as readonly string[]).includes(raw ?? '') ? (raw as SocialProvider) : null;
    },
    smartAccountEnabledNetworks() {
      const raw = get('smartAccountEnabledNetworks');
      if (!raw) return [];
      const ids = raw.split(',').map((s) => (/^\d{1,16}$/.test(s) ? Number(s) : Number.NaN));
      return ids.filter((id) => EvmChainIdSchema.safeParse(id).success);
    },
    preferredAccountType() {
      const parsed = AccountTypeSchema.safeParse(get('preferredAccountType'));
      return parsed.success ? parsed.data : DEFAULT_ACCOUNT_TYPE;
    },
    smartAccountEnabled: () => get('smartAccountEnabled') === 'true',
    hasRememberedLogin: () => get('emailLoginUsed') === 'true',
  };
}
