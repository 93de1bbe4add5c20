import type { PhoneWalletStorage } from './wallet';

/** WalletConnect's key-value store over `localStorage` under a prefix (JSON values). */
export function localStorageStore(prefix: string): PhoneWalletStorage {
  const keys = () =>
    Object.keys(localStorage)
      .filter((k) => k.startsWith(prefix))
      .map((k) => k.slice(prefix.length));
  const read = <T>(key: string): T | undefined => {
    const raw = localStorage.getItem(prefix + key);
    if (raw === null) return undefined;
    try {
      return JSON.parse(raw) as T;
    } catch {
      return undefined;
    }
  };
  return {
    getKeys: async () => keys(),
    getEntries: async <T>() => keys().map((k) => [k, read<T>(k) as T] as [string, T]),
    getItem: async <T>(key: string) => read<T>(key),
    setItem: async (key, value) => {
      localStorage.setItem(prefix + key, JSON.stringify(value));
    },
    removeItem: async (key) => {
      localStorage.removeItem(prefix + key);
    },
  };
}
