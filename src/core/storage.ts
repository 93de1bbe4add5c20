/**
 * Browser-storage keys and a storage wrapper that never throws (private mode, quota, disabled storage,
 * SSR) and validates everything it reads back with zod: a tampered value is ignored, not trusted.
 */

/** What `getJson` validates with: any zod schema, classic (`./zod`) or mini (`./zod-mini`). */
export interface StoredValueSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

/** Every key the kit writes. One place, so hosts can audit (and clear) what the kit keeps. */
export const STORAGE_KEYS = {
  /** JSON array of the most recently connected wallets (at most MAX_RECENT_WALLETS). */
  recentWallets: 'keyway:recentWallets',
  /** 'eoa' | 'smartAccount'. */
  preferredAccountType: 'keyway:preferredAccountType',
  /** 'true' when the smart account is enabled for the current login. */
  smartAccountEnabled: 'keyway:smartAccountEnabled',
  /** Embedded-wallet login cache (spec §3). */
  lastEmailLoginTime: 'keyway:lastEmailLoginTime',
  email: 'keyway:email',
  emailLoginUsed: 'keyway:emailLoginUsed',
  lastUsedChainId: 'keyway:lastUsedChainId',
  socialUsername: 'keyway:socialUsername',
  socialProvider: 'keyway:socialProvider',
  /** Comma-joined list of CAIP-2 ids where the smart account is enabled. */
  smartAccountEnabledNetworks: 'keyway:smartAccountEnabledNetworks',
  /** Name of the connected Wallet Standard Solana wallet (silent reconnect on the next load). */
  solanaWallet: 'keyway:solanaWallet',
} as const;
export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** The subset of the Web Storage API the kit uses; `localStorage`, `sessionStorage` or any look-alike. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface SafeStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
  /** Reads and parses JSON, then validates it; null when absent, unreadable or invalid. */
  getJson<T>(key: string, schema: StoredValueSchema<T>): T | null;
  setJson(key: string, value: unknown): void;
}

/** An in-memory storage: the default outside a browser, and handy in tests. */
export function createMemoryStorage(initial: Record<string, string> = {}): KeyValueStorage {
  const map = new Map(Object.entries(initial));
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => {
      map.set(key, String(value));
    },
    removeItem: (key) => {
      map.delete(key);
    },
  };
}

/** `window.localStorage` when it exists and is usable, else null (SSR, disabled storage). */
export function browserStorage(): KeyValueStorage | null {
  try {
    if (typeof window === 'undefined' || !window.localStorage) return null;
    const probe = '__keyway_probe__';
    window.localStorage.setItem(probe, probe);
    window.localStorage.removeItem(probe);
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Wraps a storage so that no call throws. Without a backend, uses localStorage, else memory. */
export function createSafeStorage(backend?: KeyValueStorage | null): SafeStorage {
  const store = backend ?? browserStorage() ?? createMemoryStorage();
  const get = (key: string): string | null => {
    try {
      const value = store.getItem(key);
      return typeof value === 'string' ? value : null;
    } catch {
      return null;
    }
  };
  const set = (key: string, value: string): void => {
    try {
      store.setItem(key, value);
    } catch {
      // quota exceeded or storage disabled: persistence is best effort
    }
  };
  const remove = (key: string): void => {
    try {
      store.removeItem(key);
    } catch {
      // ignore
    }
  };
  return {
    get,
    set,
    remove,
    getJson(key, schema) {
      const raw = get(key);
      if (raw === null) return null;
      try {
        const parsed = schema.safeParse(JSON.parse(raw));
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    },
    setJson(key, value) {
      try {
        set(key, JSON.stringify(value));
      } catch {
        // unserializable: ignore
      }
    },
  };
}
