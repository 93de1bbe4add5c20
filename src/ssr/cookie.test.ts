import { describe, expect, it } from 'vitest';
import { createStorage, serialize } from 'wagmi';
import { createCookieStorage, isInitialState, KEYWAY_WAGMI_KEY, readCookie } from '../core/cookies';
import { cookieToInitialState, KEYWAY_CONNECTION_COOKIE } from './index';

const ACCOUNT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const connector = { id: 'injected', name: 'Injected', type: 'injected', uid: 'c1' };

/** wagmi's persisted store, serialized as wagmi writes it. */
function persisted(state: Record<string, unknown>) {
  return serialize({ state, version: 2 });
}

/** A document whose cookie jar behaves like a browser's for the attributes the storage writes. */
function cookieJar(protocol = 'https:') {
  const jar = new Map<string, string>();
  const written: string[] = [];
  return {
    written,
    location: { protocol },
    get cookie() {
      return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    },
    set cookie(line: string) {
      written.push(line);
      const [pair, ...attrs] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq);
      if (attrs.some((a) => a.trim() === 'max-age=0')) jar.delete(name);
      else jar.set(name, pair!.slice(eq + 1));
    },
  };
}

describe('the connection cookie', () => {
  it('reads back what wagmi wrote through the cookie storage, as the server sees it in the request', async () => {
    const doc = cookieJar();
    const storage = createStorage({ storage: createCookieStorage(doc), key: KEYWAY_WAGMI_KEY });
    await storage.setItem('store', {
      state: {
        chainId: 31337,
        current: 'c1',
        connections: new Map([['c1', { accounts: [ACCOUNT], chainId: 31337, connector }]]),
      },
      version: 2,
    } as never);
    // The request's Cookie header: other cookies around it.
    const header = `theme=dark; ${doc.cookie}; session=abc`;
    const state = cookieToInitialState(header);
    expect(state).toEqual({
      chainId: 31337,
      current: 'c1',
      connections: new Map([['c1', { accounts: [ACCOUNT], chainId: 31337, connector }]]),
    });
    expect(isInitialState(state)).toBe(true);
    expect(doc.written[0]).toMatch(/^keyway\.wagmi\.store=[^;]+;path=\/;max-age=\d+;samesite=lax;secure$/);
  });

  it('has no secure attribute on http, and a removal clears the cookie', () => {
    const doc = cookieJar('http:');
    const storage = createCookieStorage(doc);
    storage.setItem('k', 'a;b=c');
    expect(doc.written[0]).not.toContain('secure');
    expect(storage.getItem('k')).toBe('a;b=c');
    storage.removeItem('k');
    expect(storage.getItem('k')).toBeNull();
  });

  it('reads and writes nothing outside a browser', () => {
    const storage = createCookieStorage();
    expect(storage.getItem('k')).toBeNull();
    expect(() => storage.setItem('k', 'v')).not.toThrow();
  });

  it('finds a cookie by its exact name', () => {
    expect(readCookie('a.b=1; keyway.wagmi.store.x=2', KEYWAY_CONNECTION_COOKIE)).toBeNull();
    expect(readCookie(' x = 1 ;y=2', 'x')).toBe('1');
    expect(readCookie('x=%E0%A4%A', 'x')).toBeNull();
  });

  it.each([
    ['no header', undefined],
    ['no cookie of the kit', 'theme=dark'],
    ['not JSON', `${KEYWAY_CONNECTION_COOKIE}=${encodeURIComponent('{oops')}`],
    [
      'an account that is no address',
      `${KEYWAY_CONNECTION_COOKIE}=${encodeURIComponent(
        persisted({
          chainId: 1,
          current: 'c1',
          connections: new Map([['c1', { accounts: ['<img src=x>'], chainId: 1, connector }]]),
        }),
      )}`,
    ],
    [
      'connections that are no map',
      `${KEYWAY_CONNECTION_COOKIE}=${encodeURIComponent(
        JSON.stringify({ state: { chainId: 1, current: null, connections: [] } }),
      )}`,
    ],
    [
      'a connection without accounts',
      `${KEYWAY_CONNECTION_COOKIE}=${encodeURIComponent(
        persisted({
          chainId: 1,
          current: 'c1',
          connections: new Map([['c1', { accounts: [], chainId: 1, connector }]]),
        }),
      )}`,
    ],
  ])('ignores %s', (_name, header) => {
    expect(cookieToInitialState(header)).toBeUndefined();
  });

  it('names no current connection that is not among the connections', () => {
    const header = `${KEYWAY_CONNECTION_COOKIE}=${encodeURIComponent(
      persisted({
        chainId: 1,
        current: 'gone',
        connections: new Map([['c1', { accounts: [ACCOUNT], chainId: 1, connector }]]),
      }),
    )}`;
    expect(cookieToInitialState(header)?.current).toBeNull();
  });
});
