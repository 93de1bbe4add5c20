import type { KeywayStorage } from '../core/options';

/** An in-memory `Storage` stand-in for tests and server rendering (pass as the `storage` option). */
export function createMemoryStorage(initial: Record<string, string> = {}): KeywayStorage & {
  readonly size: number;
  clear(): void;
  snapshot(): Record<string, string>;
} {
  const map = new Map<string, string>(Object.entries(initial));
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => {
      map.set(key, String(value));
    },
    removeItem: (key) => {
      map.delete(key);
    },
    clear: () => map.clear(),
    get size() {
      return map.size;
    },
    snapshot: () => Object.fromEntries(map),
  };
}
