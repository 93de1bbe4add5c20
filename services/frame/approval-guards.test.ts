/**
 * Attacks on the frame's approval screen, performed in Chromium against the real frame page and a local
 * chain (security issue #16, items 1 and 2). All on free ports.
 *
 * 1. A stale screen: the kit gives up on request A (the modal closes), then posts request B while the
 *    frame's RPC is slow; a click as soon as the kit reveals the frame must not approve A.
 * 2. Clickjacking: a host page that draws the frame at opacity 0.01 over a decoy button, or covers part of
 *    it, must not get a signature from a click on the decoy; the buttons arm only after the frame has been
 *    seen for 500 ms, and Approve is not focused. A see-through accent colour is refused.
 */

import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  getAddress,
  type Hex,
  http,
  parseEther,
  verifyMessage,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testTokenAbi } from '../chain/abis.ts';
import { type AnvilHandle, startAnvil } from '../chain/anvil.ts';
import { testTokenBytecode } from '../chain/bytecode.ts';
import { DEPLOYER_PRIVATE_KEY } from '../chain/deploy.ts';
import { freePorts } from '../free-ports.ts';
import { emailLogin, handshake, launchChromium, mailboxCode, request } from './embed-harness.ts';
import { type FrameServer, startFrameServer } from './server.ts';

const CHAIN_ID = 31337;
/** Receivers of the attacks' transfers: fresh addresses with no balance. */
const VICTIM_RECEIVER = getAddress('0x00000000000000000000000000000000000c0ffe');
const TOKEN_RECEIVER = getAddress('0x000000000000000000000000000000000000beef');

let dataDir: string;
let frame: FrameServer;
let anvil: AnvilHandle;
let browser: Browser;
const servers: Server[] = [];
/** The frame's and the host pages' ports: the frame must know the hosts' origins before it starts. */
let ports: { frame: number; host: number; clientHost: number };

const chain = () => createPublicClient({ transport: http(anvil.rpcUrl) });

async function serve(port: number, handler: Parameters<typeof createServer>[1]): Promise<void> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
}

/** The kit's real frame client in a page: services/frame/test-host built with Vite (as embed.test.ts). */
async function buildClientHost(): Promise<string> {
  const outDir = join(dataDir, 'client-host');
  const { build } = await import('vite');
  await build({
    root: join(import.meta.dirname, 'test-host'),
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    build: { outDir, emptyOutDir: true, modulePreload: { polyfill: false } },
  });
  return outDir;
}

async function serveClientHost(port: number, outDir: string): Promise<void> {
  await serve(port, (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const file = path === '/' ? 'index.html' : path.slice(1);
    if (!/^(index\.html|assets\/[A-Za-z0-9_.-]+\.js)$/.test(file)) {
      res.writeHead(404).end();
      return;
    }
    readFile(join(outDir, file)).then(
      (body) => {
        res.writeHead(200, { 'content-type': file.endsWith('.js') ? 'text/javascript' : 'text/html' });
        res.end(body);
      },
      () => res.writeHead(404).end(),
    );
  });
}

/**
 * A hostile host page: the frame at `opacity` (set by the test through `#kw`'s style), absolutely placed,
 * above a decoy button the test moves under Approve, inside a box (`#crop`, overflow hidden) the test can
 * shrink to show only part of the frame.
 */
function hostilePage(frameUrl: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>Win a prize</title>
<style>
  body { margin: 0; }
  #decoy { position: absolute; top: 0; left: 0; width: 200px; height: 48px; z-index: 1; }
  #crop { position: absolute; top: 0; left: 0; width: 420px; height: 640px; overflow: hidden; z-index: 2; }
  #kw { position: absolute; top: 0; left: 0; width: 420px; height: 640px; border: 0; }
  #cover { position: absolute; top: 0; left: 0; width: 420px; height: 120px; z-index: 3; pointer-events: none;
    background: #fff; display: none; }
</style></head><body>
<button id="decoy" type="button">Claim your prize</button>
<div id="crop"><iframe id="kw" title="Secure wallet" src="${frameUrl}/?projectId=test&amp;chainId=${CHAIN_ID}"></iframe></div>
<div id="cover"></div>
</body></html>`;
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'kw-frame-guards-'));
  anvil = await startAnvil({ port: 0, chainId: CHAIN_ID });
  // Built first: the ports picked next are then bound moments later.
  const clientHost = await buildClientHost();
  ports = await freePorts({ frame: 1, host: 1, clientHost: 1 });
  frame = await startFrameServer({
    port: ports.frame,
    dataDir,
    allowedOrigins: [`http://127.0.0.1:${ports.host}`, `http://127.0.0.1:${ports.clientHost}`],
    chains: [{ chainId: CHAIN_ID, rpcUrl: anvil.rpcUrl }],
  });
  const html = hostilePage(frame.url);
  await serve(ports.host, (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await serveClientHost(ports.clientHost, clientHost);
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  await frame?.stop();
  await anvil?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

/** The centre of the frame's Approve (or Sign) button, in the host page's coordinates. */
async function buttonCentre(page: Page, iframe: string, name: string): Promise<{ x: number; y: number }> {
  const box = await page.frameLocator(iframe).getByRole('button', { name }).boundingBox();
  if (!box) throw new Error(`no ${name} button on the frame's screen`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

describe('a stale approval screen (issue #16, item 1)', () => {
  let context: BrowserContext;
  let page: Page;
  let user: Hex;
  let token: Hex;
  const IFRAME = 'iframe[data-keyway-frame]';
  type PageClient = ReturnType<Window['kw']['createFrameClient']>;
  type Outcome = { ok: true; result: unknown } | { ok: false; message: string };

  /** Posts an RPC request through the kit's client; its outcome lands in window.outcomes[name]. */
  const rpcInPage = (name: string, payload: { method: string; params: unknown[] }) =>
    page.evaluate(
      ([key, body]) => {
        const w = window as unknown as {
          client: PageClient;
          outcomes: Record<string, Promise<unknown>>;
        };
        w.outcomes ??= {};
        w.outcomes[key] = w.client.rpc(body as never).then(
          (result) => ({ ok: true, result }),
          (e: Error) => ({ ok: false, message: e.message }),
        );
      },
      [name, payload] as const,
    );
  const outcome = (name: string) =>
    page.evaluate(
      (key) => (window as unknown as { outcomes: Record<string, Promise<Outcome>> }).outcomes[key],
      name,
    ) as Promise<Outcome>;
  const iframeState = () => page.locator(IFRAME).getAttribute('data-state');

  beforeAll(async () => {
    context = await browser.newContext();
    page = await context.newPage();
    await page.goto(`http://127.0.0.1:${ports.clientHost}/`);
    await page.waitForFunction(() => 'kw' in window);
    // Wired as the kit's embedded wallet does it: reveal the frame for an approval, hide it when it settles.
    await page.evaluate((frameUrl: string) => {
      const client = window.kw.createFrameClient({ frameUrl, projectId: 'test', chainId: 31337 });
      client.on('approval-needed', () => client.showApproval());
      client.on('approval-done', () => client.hideApproval());
      (window as unknown as { client: typeof client }).client = client;
    }, frame.url);
    const email = 'stale-approval@example.com';
    await page.evaluate(
      (mail) => (window as unknown as { client: PageClient }).client.connectEmail({ email: mail }),
      email,
    );
    const otp = await mailboxCode(frame.url, email);
    await page.evaluate(
      (code) => (window as unknown as { client: PageClient }).client.connectOtp({ otp: code }),
      otp,
    );
    const found = await page.evaluate(() =>
      (window as unknown as { client: PageClient }).client.getUser({ chainId: 31337 }),
    );
    user = getAddress(found.address as Hex);
    await chain().request({
      method: 'anvil_setBalance' as never,
      params: [user, `0x${parseEther('10').toString(16)}`] as never,
    });
    // A token, so that describing a transfer needs RPC reads (its symbol and decimals).
    const deployer = createWalletClient({
      account: privateKeyToAccount(DEPLOYER_PRIVATE_KEY),
      transport: http(anvil.rpcUrl),
    });
    const hash = await deployer.deployContract({
      chain: null,
      abi: testTokenAbi,
      bytecode: testTokenBytecode,
      args: ['Guard Token', 'GRD', 18],
    });
    token = getAddress((await chain().waitForTransactionReceipt({ hash })).contractAddress as Hex);
  }, 60_000);
  afterAll(() => context?.close());

  it('request A, the modal closes, request B with a slow RPC: a click as soon as the frame shows approves nothing', async () => {
    const before = await chain().getBalance({ address: VICTIM_RECEIVER });
    const nonceBefore = await chain().getTransactionCount({ address: user });

    // A: send 1 ETH to the receiver. The frame shows it, armed.
    await rpcInPage('a', {
      method: 'eth_sendTransaction',
      params: [{ from: user, to: VICTIM_RECEIVER, value: `0x${parseEther('1').toString(16)}` }],
    });
    const screen = page.frameLocator(IFRAME);
    await expect.poll(() => screen.getByText('1 ETH', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => screen.getByRole('button', { name: 'Approve' }).isEnabled()).toBe(true);
    const approveAt = await buttonCentre(page, IFRAME, 'Approve');

    // The modal closes: the kit aborts A (and hides the frame).
    await page.evaluate(() => (window as unknown as { client: PageClient }).client.abortPending());
    expect(await outcome('a')).toEqual({ ok: false, message: 'requestAborted' });
    await expect.poll(iframeState).toBeNull();

    // The frame's RPC is held from now on: describing B (a token transfer) waits until the test lets it go.
    // Every call is recorded and counted while it is in flight, so that the end can tell what was sent.
    const held: (() => void)[] = [];
    let holding = true;
    let inFlight = 0;
    const methods: string[] = [];
    await page.route(`${frame.url}/rpc/**`, async (route) => {
      inFlight++;
      try {
        const body = route.request().postDataJSON() as { method?: string } | { method?: string }[];
        for (const call of [body].flat()) methods.push(String(call?.method));
        if (holding) await new Promise<void>((release) => held.push(release));
        await route.fulfill({ response: await route.fetch() });
      } finally {
        inFlight--;
      }
    });
    try {
      const data = encodeFunctionData({
        abi: testTokenAbi,
        functionName: 'transfer',
        args: [TOKEN_RECEIVER, 1n],
      });
      await rpcInPage('b', { method: 'eth_sendTransaction', params: [{ from: user, to: token, data }] });
      // The kit reveals the frame at once; the user clicks where Approve is.
      await expect.poll(iframeState, { interval: 10 }).toBe('approval');
      await expect.poll(() => held.length).toBeGreaterThan(0);
      await page.mouse.click(approveAt.x, approveAt.y);
      // What the click met: the frame says it is preparing B, with no button.
      expect(await screen.getByRole('button', { name: 'Approve' }).count()).toBe(0);

      // The RPC answers; B's own screen comes, armed after its half second; the user rejects it.
      holding = false;
      for (const release of held.splice(0)) release();
      await expect
        .poll(() => screen.getByText(TOKEN_RECEIVER, { exact: false }).count(), { timeout: 15_000 })
        .toBeGreaterThan(0);
      await screen.getByRole('button', { name: 'Reject' }).click({ timeout: 10_000 });
      expect(await outcome('b')).toEqual({ ok: false, message: 'User rejected the request.' });
      // The frame has settled B and every RPC call it made has been answered: a broadcast of A would be
      // among them.
      await expect.poll(() => screen.getByTestId('frame-status').textContent()).toBe('Rejected');
      await expect.poll(() => inFlight).toBe(0);
      expect(methods).not.toContain('eth_sendRawTransaction');
    } finally {
      await page.unroute(`${frame.url}/rpc/**`);
    }
    expect(await chain().getBalance({ address: VICTIM_RECEIVER })).toBe(before);
    expect(await chain().getTransactionCount({ address: user })).toBe(nonceBefore);
  }, 60_000);

  it("a cancel clears the frame's screen: nothing is left to click", async () => {
    await rpcInPage('c', { method: 'personal_sign', params: ['Cancelled on close', user] });
    const screen = page.frameLocator(IFRAME);
    await expect.poll(() => screen.getByText('Cancelled on close').isVisible()).toBe(true);
    await page.evaluate(() => (window as unknown as { client: PageClient }).client.abortPending());
    expect(await outcome('c')).toEqual({ ok: false, message: 'requestAborted' });
    await expect.poll(() => screen.getByTestId('frame-status').textContent()).toBe('Cancelled');
    expect(await screen.getByRole('button').count()).toBe(0);
  });
});

describe('clickjacking (issue #16, item 2)', () => {
  let context: BrowserContext;
  let page: Page;
  let user: Hex;
  const IFRAME = '#kw';

  const setFrameStyle = (style: Record<string, string>) =>
    page.evaluate((s) => {
      Object.assign((document.getElementById('kw') as HTMLIFrameElement).style, s);
    }, style);
  const sign = (message: string) =>
    request(page, 'RPC_REQUEST', { method: 'personal_sign', params: [message, user] });
  const approveButton = () => page.frameLocator(IFRAME).getByRole('button', { name: 'Sign' });
  const approval = () => page.frameLocator(IFRAME).locator('main.approval');
  const armed = () => approval().getAttribute('data-armed');
  /** What the guard last heard from the browser's visibility tracking (its 500 ms wait starts at true). */
  const seen = () => approval().getAttribute('data-seen');

  /**
   * The 500 ms arming wait, on the page's clock: the clock (installed for the whole context, so in the
   * frame too) stands still from here, and only `runFor` moves it. The browser's visibility tracking is
   * not a page timer and goes on as usual. Ends with the clock running again.
   */
  async function onPausedClock(body: () => Promise<void>): Promise<void> {
    const now = await page.evaluate(() => Date.now());
    await page.clock.pauseAt(now + 1000);
    try {
      await body();
    } finally {
      await page.clock.resume();
    }
  }

  beforeAll(async () => {
    context = await browser.newContext();
    // Fake timers that run as real ones until a test pauses them (onPausedClock).
    await context.clock.install();
    page = await context.newPage();
    await page.goto(`http://127.0.0.1:${ports.host}/`);
    expect(await handshake(page, frame.url)).toBe(true);
    await emailLogin(page, frame.url, 'clickjacking@example.com');
    user = getAddress((await request(page, 'GET_USER', { chainId: CHAIN_ID })).payload?.address as Hex);
  }, 60_000);
  afterAll(() => context?.close());

  it('headless Chromium computes isVisible: the frame tracks visibility with IntersectionObserver v2', async () => {
    const pending = sign('Which observer?');
    await expect.poll(() => approveButton().count()).toBe(1);
    expect(await approval().getAttribute('data-visibility')).toBe('v2');
    await page.frameLocator(IFRAME).getByRole('button', { name: 'Reject' }).click();
    expect((await pending).payload?.code).toBe(4001);
  });

  it('the frame at opacity 0.01 over a decoy: a click on the decoy 600 ms later signs nothing', async () => {
    await setFrameStyle({ opacity: '0.01' });
    await onPausedClock(async () => {
      const pending = sign('Claim your prize');
      await expect.poll(() => approveButton().count()).toBe(1);
      const at = await buttonCentre(page, IFRAME, 'Sign');
      // The decoy lies exactly under Sign.
      await page.evaluate(({ x, y }) => {
        Object.assign((document.getElementById('decoy') as HTMLElement).style, {
          left: `${x - 100}px`,
          top: `${y - 24}px`,
        });
      }, at);
      await page.clock.runFor(600);
      await page.mouse.click(at.x, at.y);
      expect(await seen()).toBe('false');
      expect(await approveButton().isDisabled()).toBe(true);
      expect(await armed()).toBe('false');

      // Shown for real, the screen arms after its half second and the user's Reject is what counts: the
      // request ends rejected, so the click on the decoy did not sign it.
      await setFrameStyle({ opacity: '1' });
      await expect.poll(seen).toBe('true');
      await page.clock.runFor(500);
      await expect.poll(armed).toBe('true');
      await page.frameLocator(IFRAME).getByRole('button', { name: 'Reject' }).click();
      expect(await pending).toMatchObject({
        type: '@keyway-frame/RPC_REQUEST_ERROR',
        payload: { message: 'User rejected the request.', code: 4001 },
      });
    });
  });

  it('part of the frame covered by the host: the buttons never arm; uncovered, they arm', async () => {
    await setFrameStyle({ opacity: '1' });
    await page.evaluate(() => {
      (document.getElementById('cover') as HTMLElement).style.display = 'block';
    });
    await onPausedClock(async () => {
      const pending = sign('Covered rows');
      await expect.poll(() => approveButton().count()).toBe(1);
      await page.clock.runFor(1500);
      expect(await seen()).toBe('false');
      expect(await armed()).toBe('false');
      await page.evaluate(() => {
        (document.getElementById('cover') as HTMLElement).style.display = 'none';
      });
      await expect.poll(seen).toBe('true');
      await page.clock.runFor(500);
      await expect.poll(armed).toBe('true');
      await page.frameLocator(IFRAME).getByRole('button', { name: 'Reject' }).click();
      expect((await pending).payload?.code).toBe(4001);
    });
  });

  it('fully visible: disabled at first, armed 500 ms after it is seen, Approve not focused; the signature verifies', async () => {
    await setFrameStyle({ opacity: '1' });
    const message = 'Seen for half a second';
    await onPausedClock(async () => {
      const pending = sign(message);
      await expect.poll(() => approveButton().count()).toBe(1);
      await expect.poll(seen).toBe('true');
      expect(await approveButton().isDisabled()).toBe(true);
      const focused = await page
        .frameLocator(IFRAME)
        .locator(':root')
        .evaluate(() => ({
          tag: document.activeElement?.tagName,
          action: document.activeElement?.getAttribute('data-action'),
        }));
      expect(focused).toEqual({ tag: 'H1', action: null });
      await page.clock.runFor(499);
      expect(await approveButton().isDisabled()).toBe(true);
      expect(await armed()).toBe('false');
      await page.clock.runFor(1);
      await expect.poll(() => approveButton().isEnabled()).toBe(true);
      await approveButton().click();
      const reply = await pending;
      expect(reply.type).toBe('@keyway-frame/RPC_REQUEST_SUCCESS');
      expect(await verifyMessage({ address: user, message, signature: reply.payload?.result as Hex })).toBe(
        true,
      );
    });
  });

  it('hidden again (opacity 0.5), the armed buttons are disabled until seen for another 500 ms', async () => {
    await setFrameStyle({ opacity: '1' });
    await onPausedClock(async () => {
      const pending = sign('Blinking frame');
      await expect.poll(seen).toBe('true');
      await page.clock.runFor(500);
      await expect.poll(armed).toBe('true');
      await setFrameStyle({ opacity: '0.5' });
      await expect.poll(seen).toBe('false');
      expect(await armed()).toBe('false');
      await page.clock.runFor(1000);
      expect(await approveButton().isDisabled()).toBe(true);
      await setFrameStyle({ opacity: '1' });
      await expect.poll(seen).toBe('true');
      await page.clock.runFor(499);
      expect(await armed()).toBe('false');
      await page.clock.runFor(1);
      await expect.poll(armed).toBe('true');
      await page.frameLocator(IFRAME).getByRole('button', { name: 'Reject' }).click();
      expect((await pending).payload?.code).toBe(4001);
    });
  });

  it('the frame cropped by the host to its button row: never armed, a click signs nothing; whole, it arms', async () => {
    await setFrameStyle({ opacity: '1' });
    const crop = (box: { top: number; height: number } | null) =>
      page.evaluate((b) => {
        const c = document.getElementById('crop') as HTMLElement;
        const kw = document.getElementById('kw') as HTMLElement;
        c.style.top = b ? `${b.top}px` : '0px';
        c.style.height = b ? `${b.height}px` : '640px';
        kw.style.top = b ? `${-b.top}px` : '0px';
      }, box);
    let pending: ReturnType<typeof sign> | undefined;
    await onPausedClock(async () => {
      pending = sign('Only the button shows');
      await expect.poll(() => approveButton().count()).toBe(1);
      const at = await buttonCentre(page, IFRAME, 'Sign');
      // Seen whole first, so that what follows is the guard's answer to the crop.
      await expect.poll(seen).toBe('true');
      // Only a 64 px band around the buttons shows; the rest of the screen is clipped away by the host. The
      // browser reports it on its own time (not the page's clock): wait for the guard to hear it.
      await crop({ top: Math.round(at.y) - 32, height: 64 });
      await expect.poll(seen).toBe('false');
      await page.clock.runFor(1500);
      expect(await seen()).toBe('false');
      expect(await armed()).toBe('false');
      await page.mouse.click(at.x, at.y);
      await page.clock.runFor(1500);
      expect(await armed()).toBe('false');
    });
    // Shown whole again (on the running clock: the browser routes clicks by the frame's new place only
    // once the host page has drawn it), the screen arms and the user's Reject is what counts.
    await crop(null);
    await expect.poll(seen).toBe('true');
    await expect.poll(armed).toBe('true');
    await page.frameLocator(IFRAME).getByRole('button', { name: 'Reject' }).click();
    expect((await pending)?.payload?.code).toBe(4001);
  });

  it('a see-through accent colour is refused; an opaque one is taken', async () => {
    const accent = () =>
      page
        .frameLocator(IFRAME)
        .locator(':root')
        .evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--accent').trim());
    const initial = await accent();
    for (const colour of ['rgba(59, 91, 219, 0.01)', '#3b5bdb02', '#0000', 'hsla(220, 70%, 50%, 50%)']) {
      const reply = await request(page, 'SYNC_THEME', {
        themeMode: 'light',
        themeVariables: { '--kw-accent': colour },
      });
      expect(reply.type).toBe('@keyway-frame/SYNC_THEME_SUCCESS');
      expect(await accent()).toBe(initial);
    }
    await request(page, 'SYNC_THEME', { themeMode: 'light', themeVariables: { '--kw-accent': '#0a7d4f' } });
    expect(await accent()).toBe('#0a7d4f');
  });
});

describe('without IntersectionObserver v2 (as in Firefox and Safari)', () => {
  let context: BrowserContext;
  let page: Page;
  let user: Hex;
  const IFRAME = '#kw';

  beforeAll(async () => {
    context = await browser.newContext();
    // Every frame of the context, the cross-origin secure frame included, loses isVisible.
    await context.addInitScript(() => {
      delete (IntersectionObserverEntry.prototype as { isVisible?: boolean }).isVisible;
    });
    await context.clock.install();
    page = await context.newPage();
    await page.goto(`http://127.0.0.1:${ports.host}/`);
    expect(await handshake(page, frame.url)).toBe(true);
    await emailLogin(page, frame.url, 'no-v2@example.com');
    user = getAddress((await request(page, 'GET_USER', { chainId: CHAIN_ID })).payload?.address as Hex);
  }, 60_000);
  afterAll(() => context?.close());

  it('a click on Approve signs nothing; pressing and holding it for a second signs', async () => {
    const message = 'Held to sign';
    const pending = request(page, 'RPC_REQUEST', { method: 'personal_sign', params: [message, user] });
    const screen = page.frameLocator(IFRAME);
    const hold = screen.getByRole('button', { name: 'Hold to sign' });
    await expect.poll(() => hold.count()).toBe(1);
    expect(await screen.locator('main.approval').getAttribute('data-visibility')).toBe('v1');
    await expect.poll(() => hold.isEnabled()).toBe(true);
    const now = await page.evaluate(() => Date.now());
    await page.clock.pauseAt(now + 1000);
    try {
      const at = await buttonCentre(page, IFRAME, 'Hold to sign');
      await page.mouse.click(at.x, at.y);
      await page.clock.runFor(3000);
      // Released after half a second: nothing either.
      await page.mouse.move(at.x, at.y);
      await page.mouse.down();
      await page.clock.runFor(500);
      await page.mouse.up();
      await page.clock.runFor(3000);
      expect(await screen.getByTestId('frame-status').count()).toBe(0);
      // Held for the whole second: signed.
      await page.mouse.down();
      await page.clock.runFor(1000);
      await page.mouse.up();
    } finally {
      await page.clock.resume();
    }
    const reply = await pending;
    expect(reply.type).toBe('@keyway-frame/RPC_REQUEST_SUCCESS');
    expect(await verifyMessage({ address: user, message, signature: reply.payload?.result as Hex })).toBe(
      true,
    );
  });
});
