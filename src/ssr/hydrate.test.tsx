/**
 * Server rendering with the connection cookie, end to end in one page: a first visit connects (wagmi keeps the
 * connection in the cookie), the server reads the cookie from the request and renders the account's button,
 * and the browser hydrates that HTML with an instance made from the same state: no hydration error, and no
 * "Connect wallet" at any moment while the wallet reconnects.
 */
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mock } from 'wagmi';
import { connect } from 'wagmi/actions';
import { keywayLocal } from '../core/networks';
import { KeywayProvider } from '../hooks/KeywayProvider';
import { createKeyway, type Keyway } from '../instance/createKeyway';
import { createTheme } from '../theme/createTheme';
import { ThemeScope } from '../theme/ThemeScope';
import { ConnectButton } from '../views/ConnectButton';
import { cookieToInitialState, type KeywayInitialState } from './index';

const ACCOUNT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const base = { projectId: 'ssr-test', networks: [keywayLocal] };
const wallet = () => mock({ accounts: [ACCOUNT], features: { reconnect: true, defaultConnected: true } });

// React's act() outside Testing Library's render.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const made: Keyway[] = [];
let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  for (const kw of made.splice(0)) kw.destroy();
  // The cookie jar is the document's: each test starts as a first visit.
  for (const c of document.cookie.split('; ')) {
    // biome-ignore lint/suspicious/noDocumentCookie: clearing the jar the kit's cookie storage writes to.
    if (c) document.cookie = `${c.split('=')[0]}=;path=/;max-age=0`;
  }
});

function instance(initialState?: KeywayInitialState) {
  const kw = createKeyway(
    { ...base, ssr: true, ...(initialState ? { initialState } : {}) },
    { optionalConnectors: false, connectors: [wallet()] },
  );
  made.push(kw);
  return kw;
}

const page = (kw: Keyway) => (
  <KeywayProvider keyway={kw}>
    <ConnectButton />
  </KeywayProvider>
);

/** A first visit that connects the wallet: wagmi writes the connection to the cookie. */
async function firstVisit() {
  const kw = instance();
  await connect(kw.wagmiConfig, { connector: kw.wagmiConfig.connectors.find((c) => c.id === 'mock')! });
  await vi.waitFor(() => expect(document.cookie).toContain('keyway.wagmi.store='));
  kw.destroy();
}

/** Hydrates `html` with `kw`; returns the recoverable errors, console errors and every text the button had. */
async function hydrate(html: string, kw: Keyway) {
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const texts: string[] = [container.textContent ?? ''];
  const observer = new MutationObserver(() => texts.push(container.textContent ?? ''));
  observer.observe(container, { subtree: true, childList: true, characterData: true });
  const recoverable: unknown[] = [];
  const consoleErrors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  await act(async () => {
    root = hydrateRoot(container, page(kw), { onRecoverableError: (e) => recoverable.push(e) });
  });
  const errors = consoleErrors.mock.calls.map((args) => args.map(String).join(' '));
  consoleErrors.mockRestore();
  return { container, recoverable, errors, texts, stop: () => observer.disconnect() };
}

describe('server rendering with the connection cookie', () => {
  it("renders the account's button on the server and hydrates to it; the reconnect keeps it", async () => {
    await firstVisit();
    const initialState = cookieToInitialState(document.cookie);
    expect(initialState?.connections.get(initialState.current ?? '')?.accounts).toEqual([ACCOUNT]);

    const html = renderToString(page(instance(initialState)));
    expect(html).toContain('data-kw-account-button');
    expect(html).not.toContain('Connect wallet');

    const client = instance(initialState);
    const { container, recoverable, errors, texts, stop } = await hydrate(html, client);
    expect(recoverable).toEqual([]);
    expect(errors).toEqual([]);
    // wagmi's reconnect on mount brings the wallet back; the button never said "Connect wallet" meanwhile.
    await vi.waitFor(() => expect(client.stores.account.getState().status).toBe('connected'));
    stop();
    expect(container.querySelector('[data-kw-account-button]')).not.toBeNull();
    expect(texts.filter((t) => t.includes('Connect wallet'))).toEqual([]);
  });

  it('a visitor without the cookie gets "Connect wallet" from the server and in the browser', async () => {
    const html = renderToString(page(instance(cookieToInitialState(document.cookie))));
    expect(html).toContain('Connect wallet');
    const { recoverable, errors, stop } = await hydrate(html, instance());
    stop();
    expect(recoverable).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('sees a mismatch: HTML rendered without the state, hydrated with it, is reported', async () => {
    await firstVisit();
    const cookie = document.cookie;
    const html = renderToString(page(instance()));
    // An instance made without the state keeps the remembered connection (wagmi reads it back on mount).
    expect(document.cookie).toBe(cookie);
    const { recoverable, errors, stop } = await hydrate(
      html,
      instance(cookieToInitialState(document.cookie)),
    );
    stop();
    expect([...recoverable, ...errors].map(String).join('\n')).toMatch(/hydrat/i);
  });

  it('a page rendered without the state still gets the remembered wallet back in the browser', async () => {
    await firstVisit();
    const html = renderToString(page(instance()));
    const client = instance();
    const { container, recoverable, stop } = await hydrate(html, client);
    expect(recoverable).toEqual([]);
    await vi.waitFor(() =>
      expect(client.stores.account.getState()).toMatchObject({ status: 'connected', address: ACCOUNT }),
    );
    stop();
    expect(container.querySelector('[data-kw-account-button]')).not.toBeNull();
  });

  it("a theme's overrides stay out of the server's HTML (a strict CSP blocks style attributes) and apply once hydrated", async () => {
    const theme = createTheme({ mode: 'dark', accentColor: '#c2255c' });
    const tree = (
      <ThemeScope theme={theme}>
        <p>inside</p>
      </ThemeScope>
    );
    const html = renderToString(tree);
    expect(html).toContain('data-kw-mode="dark"');
    expect(html).not.toContain('style=');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const recoverable: unknown[] = [];
    await act(async () => {
      root = hydrateRoot(container, tree, { onRecoverableError: (e) => recoverable.push(e) });
    });
    expect(recoverable).toEqual([]);
    const scope = container.querySelector<HTMLElement>('[data-keyway]');
    expect(scope?.style.getPropertyValue('--kw-color-accent')).toBe('#c2255c');
  });
});
