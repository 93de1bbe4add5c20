/**
 * The frame page in Chromium, embedded by host pages on other local origins, all on free ports.
 *
 * - An allowed host completes the handshake and gets a MessagePort; a host on another origin gets no
 *   `ready` (the browser refuses to frame it, and with CSP bypassed the page's own origin check refuses).
 * - Through the port, with the kit's own message shapes: email login with the code from the dev mailbox,
 *   get user, personal_sign approved on the frame's own screen (verified with viem), a rejected one,
 *   transactions on a local anvil, a remembered login on a second visit, sign out.
 * - Messages a host-page script forges on the window (not the port) change nothing.
 */

import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  http,
  verifyMessage,
  verifyTypedData,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppRequestSchema, FRAME_EVENT_NAMES } from '../../src/frame/protocol/events.ts';
import { testTokenAbi } from '../chain/abis.ts';
import { type AnvilHandle, startAnvil } from '../chain/anvil.ts';
import { testTokenBytecode } from '../chain/bytecode.ts';
import { DEPLOYER_PRIVATE_KEY } from '../chain/deploy.ts';
import { freePorts } from '../free-ports.ts';
import {
  emailLogin,
  handshake,
  hostPage,
  launchChromium,
  mailboxCode,
  request,
  startHost,
} from './embed-harness.ts';
import { type FrameServer, startFrameServer } from './server.ts';

const CHAIN_ID = 31337;
/** The frame's and the host pages' ports: the frame must know the hosts' origins before it starts. */
let ports: { frame: number; allowedHost: number; otherHost: number; clientHost: number };

let dataDir: string;
let frame: FrameServer;
let anvil: AnvilHandle;
let browser: Browser;
const hosts: Server[] = [];

/** The kit's real frame client in a page: services/frame/test-host built with Vite. */
async function buildClientHost(outDir: string): Promise<string> {
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

function startStaticHost(port: number, dir: string): Promise<void> {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const file = path === '/' ? 'index.html' : path.slice(1);
    if (!/^(index\.html|assets\/[A-Za-z0-9_.-]+\.js)$/.test(file)) {
      res.writeHead(404).end();
      return;
    }
    readFile(join(dir, file)).then(
      (body) => {
        res.writeHead(200, { 'content-type': file.endsWith('.js') ? 'text/javascript' : 'text/html' });
        res.end(body);
      },
      () => res.writeHead(404).end(),
    );
  });
  hosts.push(server);
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
}

async function openHost(context: BrowserContext, port: number): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`http://127.0.0.1:${port}/`);
  return page;
}

/**
 * Records the states the frame page's screen takes from now on (its root's data-state: "preparing" as soon as
 * a request that may need approval arrives, "approval" while a screen asks the user). The reader returns the
 * state at the start and every state set since.
 */
async function recordScreens(page: Page): Promise<() => Promise<string[]>> {
  const wallet = page.frames().find((f) => f.url().startsWith(`${frame.url}/`));
  if (!wallet) throw new Error('the host page has no frame page');
  await wallet.evaluate(() => {
    const root = document.documentElement;
    const earlier: string[] = [];
    new MutationObserver((records) => {
      for (const r of records) earlier.push(r.oldValue ?? '');
    }).observe(root, { attributes: true, attributeFilter: ['data-state'], attributeOldValue: true });
    (window as unknown as { kwScreens: () => string[] }).kwScreens = () => [
      ...earlier,
      root.dataset.state ?? '',
    ];
  });
  return () => wallet.evaluate(() => (window as unknown as { kwScreens: () => string[] }).kwScreens());
}

const KNOWN_EVENTS = new Set<unknown>(FRAME_EVENT_NAMES.map((e) => `@keyway-app/${e}`));

/** Whether the frame answers `m` on the port: a valid request, or a malformed one naming a known event and an id. */
function answeredOnPort(m: unknown): boolean {
  if (AppRequestSchema.safeParse(m).success) return true;
  if (!m || typeof m !== 'object') return false;
  const { type, id } = m as { type?: unknown; id?: unknown };
  return KNOWN_EVENTS.has(type) && typeof id === 'string' && /^[0-9a-f-]{36}$/i.test(id);
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'kw-frame-embed-'));
  anvil = await startAnvil({ port: 0, chainId: CHAIN_ID });
  // Built first: the ports picked next are then bound moments later.
  const clientHost = await buildClientHost(join(dataDir, 'client-host'));
  ports = await freePorts({ frame: 1, allowedHost: 1, otherHost: 1, clientHost: 1 });
  frame = await startFrameServer({
    port: ports.frame,
    dataDir,
    allowedOrigins: [`http://127.0.0.1:${ports.allowedHost}`, `http://127.0.0.1:${ports.clientHost}`],
    chains: [{ chainId: CHAIN_ID, rpcUrl: anvil.rpcUrl }],
  });
  hosts.push(await startHost(ports.allowedHost, hostPage(frame.url, CHAIN_ID)));
  hosts.push(await startHost(ports.otherHost, hostPage(frame.url, CHAIN_ID)));
  await startStaticHost(ports.clientHost, clientHost);
  browser = await launchChromium();
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all(hosts.map((h) => new Promise((r) => h.close(r))));
  await frame?.stop();
  await anvil?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('embedding', () => {
  it('an allowed origin completes the handshake over a MessagePort', async () => {
    const context = await browser.newContext();
    const page = await openHost(context, ports.allowedHost);
    expect(await handshake(page, frame.url)).toBe(true);
    expect(await request(page, 'IS_CONNECTED')).toMatchObject({
      type: '@keyway-frame/IS_CONNECTED_SUCCESS',
      payload: { isConnected: false },
    });
    expect(await request(page, 'GET_CHAIN_ID')).toMatchObject({ payload: { chainId: CHAIN_ID } });
    await context.close();
  });

  it('a host on another origin gets no ready: the browser blocks the frame', async () => {
    const context = await browser.newContext();
    const page = await openHost(context, ports.otherHost);
    expect(await handshake(page, frame.url, 3000)).toBe(false);
    await context.close();
  });

  it("without the CSP header, the frame's own origin check refuses and never answers", async () => {
    const context = await browser.newContext();
    // Simulates a browser that ignores frame-ancestors: the header is stripped on the way in.
    await context.route(`${frame.url}/**`, async (route) => {
      const response = await route.fetch();
      const headers = { ...response.headers() };
      delete headers['content-security-policy'];
      await route.fulfill({ response, headers });
    });
    const page = await openHost(context, ports.otherHost);
    await expect
      .poll(() => page.frameLocator('#kw').getByText('This wallet cannot be embedded here').isVisible())
      .toBe(true);
    expect(await handshake(page, frame.url, 3000)).toBe(false);
    await context.close();
  });

  it('opened on its own (not embedded), the page refuses', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${frame.url}/?projectId=test&chainId=${CHAIN_ID}`);
    await expect.poll(() => page.getByText('This wallet cannot be embedded here').isVisible()).toBe(true);
    await context.close();
  });
});

describe('the wallet over the port', () => {
  let context: BrowserContext;
  let page: Page;
  let address: Hex;
  const email = 'embed-user@example.com';

  beforeAll(async () => {
    context = await browser.newContext();
    page = await openHost(context, ports.allowedHost);
    expect(await handshake(page, frame.url)).toBe(true);
  });
  afterAll(() => context?.close());

  it('logs in by email with the code from the dev mailbox and returns the user', async () => {
    await emailLogin(page, frame.url, email);
    const user = await request(page, 'GET_USER', { chainId: CHAIN_ID });
    expect(user.type).toBe('@keyway-frame/GET_USER_SUCCESS');
    expect(user.payload).toMatchObject({
      email,
      chainId: CHAIN_ID,
      smartAccountDeployed: false,
      preferredAccountType: 'eoa',
    });
    address = user.payload?.address as Hex;
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(await request(page, 'IS_CONNECTED')).toMatchObject({ payload: { isConnected: true } });
  });

  it('a wrong code is answered with an error', async () => {
    const other = 'wrong-code@example.com';
    await request(page, 'CONNECT_EMAIL', { email: other });
    const code = await mailboxCode(frame.url, other);
    const reply = await request(page, 'CONNECT_OTP', { otp: code === '000000' ? '111111' : '000000' });
    expect(reply).toMatchObject({
      type: '@keyway-frame/CONNECT_OTP_ERROR',
      payload: { message: 'Invalid code' },
    });
  });

  it('personal_sign shows the message on the frame screen and signs after Approve', async () => {
    const message = 'Hello from the host app';
    const pending = request(page, 'RPC_REQUEST', { method: 'personal_sign', params: [message, address] });
    const screen = page.frameLocator('#kw');
    await expect.poll(() => screen.getByText(message).isVisible()).toBe(true);
    await screen.getByRole('button', { name: 'Sign' }).click();
    const reply = await pending;
    expect(reply.type).toBe('@keyway-frame/RPC_REQUEST_SUCCESS');
    const signature = reply.payload?.result as Hex;
    expect(await verifyMessage({ address, message, signature })).toBe(true);
  });

  it('a rejected personal_sign answers "User rejected the request."', async () => {
    const pending = request(page, 'RPC_REQUEST', {
      method: 'personal_sign',
      params: ['0x68656c6c6f', address],
    });
    const screen = page.frameLocator('#kw');
    await expect.poll(() => screen.getByText('hello', { exact: true }).isVisible()).toBe(true);
    await screen.getByRole('button', { name: 'Reject' }).click();
    expect(await pending).toMatchObject({
      type: '@keyway-frame/RPC_REQUEST_ERROR',
      payload: { message: 'User rejected the request.', code: 4001 },
    });
  });

  it('a newer unsafe request replaces an unanswered approval screen', async () => {
    const first = request(page, 'RPC_REQUEST', {
      method: 'personal_sign',
      params: ['first message', address],
    });
    const screen = page.frameLocator('#kw');
    await expect.poll(() => screen.getByText('first message').isVisible()).toBe(true);
    const second = request(page, 'RPC_REQUEST', {
      method: 'personal_sign',
      params: ['second message', address],
    });
    expect(await first).toMatchObject({
      type: '@keyway-frame/RPC_REQUEST_ERROR',
      payload: { message: 'The request was replaced by a newer request.', code: 4001 },
    });
    await expect.poll(() => screen.getByText('second message').isVisible()).toBe(true);
    await screen.getByRole('button', { name: 'Sign' }).click();
    const signature = (await second).payload?.result as Hex;
    expect(await verifyMessage({ address, message: 'second message', signature })).toBe(true);
  });

  it('eth_signTypedData_v4 shows the typed data and signs after Approve', async () => {
    const typed = {
      domain: { name: 'Keyway Test', version: '1', chainId: CHAIN_ID },
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
        ],
        Greeting: [{ name: 'text', type: 'string' }],
      },
      primaryType: 'Greeting',
      message: { text: 'typed hello' },
    } as const;
    const pending = request(page, 'RPC_REQUEST', {
      method: 'eth_signTypedData_v4',
      params: [address, JSON.stringify(typed)],
    });
    const screen = page.frameLocator('#kw');
    await expect.poll(() => screen.getByText('typed hello', { exact: false }).isVisible()).toBe(true);
    await screen.getByRole('button', { name: 'Sign' }).click();
    const signature = (await pending).payload?.result as Hex;
    const { EIP712Domain: _d, ...types } = typed.types;
    expect(
      await verifyTypedData({
        address,
        domain: typed.domain,
        types,
        primaryType: 'Greeting',
        message: typed.message,
        signature,
      }),
    ).toBe(true);
  });

  it('answers safe methods from the local chain and sends an approved transaction', async () => {
    const block = await request(page, 'RPC_REQUEST', { method: 'eth_blockNumber', params: [] });
    expect(block.payload?.result).toMatch(/^0x[0-9a-f]+$/);

    const chain = createPublicClient({ transport: http(anvil.rpcUrl) });
    await chain.request({
      method: 'anvil_setBalance' as never,
      params: [address, '0xde0b6b3a7640000'] as never,
    });
    const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
    const pending = request(page, 'RPC_REQUEST', {
      method: 'eth_sendTransaction',
      params: [{ from: address, to, value: '0x2386f26fc10000' }],
    });
    const screen = page.frameLocator('#kw');
    await expect.poll(() => screen.getByText('0.01 ETH').isVisible()).toBe(true);
    await expect.poll(() => screen.getByText(to).isVisible()).toBe(true);
    await screen.getByRole('button', { name: 'Approve' }).click();
    const reply = await pending;
    expect(reply.type).toBe('@keyway-frame/RPC_REQUEST_SUCCESS');
    const hash = reply.payload?.result as Hex;
    const receipt = await chain.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');
    expect(receipt.from.toLowerCase()).toBe(address.toLowerCase());
  });

  it('shows what an ERC-20 transfer really does (recipient and amount in the token) before signing', async () => {
    const chain = createPublicClient({ transport: http(anvil.rpcUrl) });
    const deployer = createWalletClient({
      account: privateKeyToAccount(DEPLOYER_PRIVATE_KEY),
      transport: http(anvil.rpcUrl),
    });
    const deployHash = await deployer.deployContract({
      chain: null,
      abi: testTokenAbi,
      bytecode: testTokenBytecode,
      args: ['Test Dollar', 'TDL', 6],
    });
    const token = (await chain.waitForTransactionReceipt({ hash: deployHash })).contractAddress as Hex;
    const mint = await deployer.writeContract({
      chain: null,
      address: token,
      abi: testTokenAbi,
      functionName: 'mint',
      args: [address as Hex, 10_000_000n],
    });
    await chain.waitForTransactionReceipt({ hash: mint });
    await chain.request({
      method: 'anvil_setBalance' as never,
      params: [address, '0xde0b6b3a7640000'] as never,
    });

    const recipient = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
    const pending = request(page, 'RPC_REQUEST', {
      method: 'eth_sendTransaction',
      params: [
        {
          from: address,
          to: token,
          data: encodeFunctionData({
            abi: erc20Abi,
            functionName: 'transfer',
            args: [recipient, 2_500_000n],
          }),
        },
      ],
    });
    const screen = page.frameLocator('#kw');
    // The recipient of the tokens and the amount in the token's units, not only the contract and raw data.
    await expect.poll(() => screen.getByText('2.5 TDL').isVisible()).toBe(true);
    await expect.poll(() => screen.getByText(recipient).isVisible()).toBe(true);
    await expect.poll(() => screen.getByText('Token transfer to').isVisible()).toBe(true);
    await screen.getByRole('button', { name: 'Approve' }).click();
    const reply = await pending;
    expect(reply.type).toBe('@keyway-frame/RPC_REQUEST_SUCCESS');
    await chain.waitForTransactionReceipt({ hash: reply.payload?.result as Hex });
    const balance = await chain.readContract({
      address: token,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [recipient],
    });
    expect(balance).toBe(2_500_000n);
  });

  it('rejects malformed requests and methods that are not on the lists', async () => {
    expect(await request(page, 'CONNECT_EMAIL', { email: 'not-an-email' })).toMatchObject({
      type: '@keyway-frame/CONNECT_EMAIL_ERROR',
      payload: { message: 'Invalid request' },
    });
    expect(
      await request(page, 'RPC_REQUEST', { method: 'eth_sign', params: [address, '0x00'] }),
    ).toMatchObject({
      type: '@keyway-frame/RPC_REQUEST_ERROR',
      payload: { message: 'Requested RPC call is not allowed' },
    });
  });

  it('ignores requests a host script forges on the window instead of the port', async () => {
    const forged = 'forged@example.com';
    const screens = await recordScreens(page);
    await page.evaluate(
      ([origin, addr, mail]) => {
        const iframe = document.getElementById('kw') as HTMLIFrameElement;
        const replies: string[] = [];
        const onWindow = (e: MessageEvent) => {
          if (e.origin === origin) replies.push(String((e.data as { type?: unknown })?.type));
        };
        window.addEventListener('message', onWindow);
        (window as unknown as { kwWindowReplies: () => string[] }).kwWindowReplies = () => {
          window.removeEventListener('message', onWindow);
          return replies;
        };
        for (const msg of [
          { type: '@keyway-app/CONNECT_EMAIL', id: crypto.randomUUID(), payload: { email: mail } },
          { type: '@keyway-app/SIGN_OUT', id: crypto.randomUUID() },
          {
            type: '@keyway-app/RPC_REQUEST',
            id: crypto.randomUUID(),
            payload: { method: 'personal_sign', params: ['0x00', addr] },
          },
        ]) {
          iframe.contentWindow?.postMessage(msg, origin);
          iframe.contentWindow?.postMessage(msg, '*');
        }
      },
      [frame.url, address, forged] as const,
    );
    // A handshake posted after them on the same window is answered once the frame has taken in every
    // earlier message (window messages arrive in order); it hands over a new port for the requests below.
    expect(await handshake(page, frame.url)).toBe(true);
    const replies = await page.evaluate(() =>
      (window as unknown as { kwWindowReplies: () => string[] }).kwWindowReplies(),
    );
    expect(replies).toEqual(['@keyway-frame/READY']);
    // A request that may need approval puts "Preparing…" up as it arrives: none of them did.
    const shown = await screens();
    expect(shown).not.toContain('preparing');
    expect(shown).not.toContain('approval');
    const mails = (await (await fetch(`${frame.url}/mailbox.json?email=${forged}`)).json()) as {
      messages: unknown[];
    };
    expect(mails.messages).toEqual([]);
    expect(await request(page, 'IS_CONNECTED')).toMatchObject({ payload: { isConnected: true } });
    await expect.poll(() => page.frameLocator('#kw').getByRole('button', { name: 'Sign' }).count()).toBe(0);
  });

  it('survives thousands of random and malformed messages on the port and on the window', async () => {
    // Events whose valid envelopes would legitimately change state are left out of the typed generator.
    const readOnly = [
      'IS_CONNECTED',
      'GET_CHAIN_ID',
      'GET_USER',
      'GET_SMART_ACCOUNT_ENABLED_NETWORKS',
      'RPC_REQUEST',
    ];
    const typed = fc.record(
      {
        type: fc.oneof(
          fc.constantFrom(...readOnly.map((e) => `@keyway-app/${e}`)),
          fc.constantFrom('@keyway-frame/READY', '@keyway-app/HANDSHAKE', '@keyway-app/SIGN_OUTX'),
          fc.string(),
        ),
        id: fc.oneof(fc.uuid(), fc.string()),
        payload: fc.oneof(
          fc.jsonValue(),
          fc.record({
            method: fc.constantFrom('personal_sign', 'eth_sendTransaction', 'eth_sign'),
            params: fc.jsonValue(),
          }),
        ),
      },
      { requiredKeys: [] },
    );
    // 5 000 messages, each posted on the port and on the window: 10 000 deliveries to the frame.
    const messages = fc.sample(fc.oneof(fc.jsonValue(), typed), {
      numRuns: 5000,
      seed: 20261122,
    }) as unknown[];
    // The port answers a valid request (once its handler is done) and a malformed one that names a known
    // event and an id (at once); by id, how many answers the port owes.
    const owed: Record<string, number> = {};
    for (const m of messages) {
      if (!answeredOnPort(m)) continue;
      const id = (m as { id: string }).id;
      owed[id] = (owed[id] ?? 0) + 1;
    }
    const screens = await recordScreens(page);
    await page.evaluate(
      ([list, origin]) => {
        const port = (window as unknown as { kwPort: MessagePort }).kwPort;
        const iframe = document.getElementById('kw') as HTMLIFrameElement;
        const portReplies: { type: string; id: unknown }[] = [];
        const windowReplies: string[] = [];
        const onPort = (e: MessageEvent) => {
          const data = e.data as { type?: unknown; id?: unknown } | null;
          portReplies.push({ type: String(data?.type), id: data?.id });
        };
        const onWindow = (e: MessageEvent) => {
          if (e.origin === origin) windowReplies.push(String((e.data as { type?: unknown })?.type));
        };
        port.addEventListener('message', onPort);
        window.addEventListener('message', onWindow);
        (window as unknown as { kwFuzz: unknown }).kwFuzz = {
          portReplies,
          stop: () => {
            port.removeEventListener('message', onPort);
            window.removeEventListener('message', onWindow);
            return windowReplies;
          },
        };
        for (const m of list) {
          port.postMessage(m);
          iframe.contentWindow?.postMessage(m, origin);
        }
      },
      [messages, frame.url] as const,
    );
    type Fuzz = { portReplies: { type: string; id: unknown }[]; stop: () => string[] };
    // Every answer the port owes has come (ids still owed an answer, with how many).
    await expect
      .poll(
        () =>
          page.evaluate((wanted) => {
            const { portReplies } = (window as unknown as { kwFuzz: Fuzz }).kwFuzz;
            const got: Record<string, number> = {};
            for (const r of portReplies) if (typeof r.id === 'string') got[r.id] = (got[r.id] ?? 0) + 1;
            return Object.entries(wanted).filter(([id, n]) => (got[id] ?? 0) < n);
          }, owed),
        { timeout: 20_000 },
      )
      .toEqual([]);
    // A request sent after all of them: the port takes messages in order, so once it is answered every
    // answer the port gave at once (to a malformed message) is in.
    expect((await request(page, 'GET_CHAIN_ID')).type).toBe('@keyway-frame/GET_CHAIN_ID_SUCCESS');
    const portReplies = await page.evaluate(() =>
      (window as unknown as { kwFuzz: Fuzz }).kwFuzz.portReplies.map((r) => r.type),
    );
    for (const type of portReplies) {
      expect(type).toMatch(
        /^@keyway-frame\/(IS_CONNECTED|GET_CHAIN_ID|GET_USER|GET_SMART_ACCOUNT_ENABLED_NETWORKS|RPC_REQUEST)_(SUCCESS|ERROR)$/,
      );
    }
    expect(
      await page
        .frameLocator('#kw')
        .getByRole('button', { name: /Sign|Approve/ })
        .count(),
    ).toBe(0);
    // A handshake posted after the window's messages is answered once the frame has taken in all of them.
    expect(await handshake(page, frame.url)).toBe(true);
    const windowReplies = await page.evaluate(() => (window as unknown as { kwFuzz: Fuzz }).kwFuzz.stop());
    expect(windowReplies).toEqual(['@keyway-frame/READY']);
    expect(await screens()).not.toContain('approval');
    expect(await request(page, 'IS_CONNECTED')).toMatchObject({ payload: { isConnected: true } });
    expect((await request(page, 'GET_USER', { chainId: CHAIN_ID })).payload?.address).toBe(address);
  });

  it('answers the account and settings events', async () => {
    expect(await request(page, 'GET_SMART_ACCOUNT_ENABLED_NETWORKS')).toMatchObject({
      payload: { smartAccountEnabledNetworks: [CHAIN_ID] },
    });
    expect(await request(page, 'SWITCH_NETWORK', { chainId: 1 })).toMatchObject({
      type: '@keyway-frame/SWITCH_NETWORK_ERROR',
      payload: { message: 'Unsupported chain' },
    });
    expect(await request(page, 'SWITCH_NETWORK', { chainId: CHAIN_ID })).toMatchObject({
      payload: { chainId: CHAIN_ID },
    });
    expect(await request(page, 'SET_PREFERRED_ACCOUNT', { type: 'smartAccount' })).toMatchObject({
      payload: { type: 'smartAccount', address },
    });
    expect((await request(page, 'GET_USER', { chainId: CHAIN_ID })).payload?.preferredAccountType).toBe(
      'smartAccount',
    );
    await request(page, 'SET_PREFERRED_ACCOUNT', { type: 'eoa' });
    expect(
      (await request(page, 'SYNC_THEME', { themeMode: 'dark', themeVariables: { '--kw-accent': '#ff0000' } }))
        .type,
    ).toBe('@keyway-frame/SYNC_THEME_SUCCESS');
    await expect.poll(() => page.frameLocator('#kw').locator('html').getAttribute('data-theme')).toBe('dark');
    const dapp = {
      metadata: { name: 'Demo Dapp', description: 'demo', url: 'https://demo.example', icons: [] },
      sdkVersion: '5.1.11',
      projectId: 'test',
    };
    expect((await request(page, 'SYNC_DAPP_DATA', dapp)).type).toBe('@keyway-frame/SYNC_DAPP_DATA_SUCCESS');
    const pending = request(page, 'RPC_REQUEST', { method: 'personal_sign', params: ['who asks?', address] });
    const screen = page.frameLocator('#kw');
    await expect
      .poll(() => screen.getByText(`Verified website: http://127.0.0.1:${ports.allowedHost}`).isVisible())
      .toBe(true);
    await screen.getByRole('button', { name: 'Reject' }).click();
    expect((await pending).type).toBe('@keyway-frame/RPC_REQUEST_ERROR');
  });

  it('changes the email with the primary then the secondary code', async () => {
    const newEmail = 'embed-user.new@example.com';
    expect(await request(page, 'UPDATE_EMAIL', { email: newEmail })).toMatchObject({
      payload: { action: 'VERIFY_PRIMARY_OTP' },
    });
    expect(
      (await request(page, 'UPDATE_EMAIL_PRIMARY_OTP', { otp: await mailboxCode(frame.url, email) })).type,
    ).toBe('@keyway-frame/UPDATE_EMAIL_PRIMARY_OTP_SUCCESS');
    expect(
      await request(page, 'UPDATE_EMAIL_SECONDARY_OTP', { otp: await mailboxCode(frame.url, newEmail) }),
    ).toMatchObject({
      payload: { newEmail },
    });
    expect((await request(page, 'GET_USER', { chainId: CHAIN_ID })).payload).toMatchObject({
      email: newEmail,
      address,
    });
    // Back to the first address for the tests below.
    await request(page, 'UPDATE_EMAIL', { email });
    await request(page, 'UPDATE_EMAIL_PRIMARY_OTP', { otp: await mailboxCode(frame.url, newEmail) });
    expect(
      await request(page, 'UPDATE_EMAIL_SECONDARY_OTP', { otp: await mailboxCode(frame.url, email) }),
    ).toMatchObject({
      payload: { newEmail: email },
    });
  });

  it('a known address on a new browser needs the device-approval link first', async () => {
    const other = await browser.newContext();
    const fresh = await openHost(other, ports.allowedHost);
    expect(await handshake(fresh, frame.url)).toBe(true);
    expect(await request(fresh, 'CONNECT_EMAIL', { email })).toMatchObject({
      payload: { action: 'VERIFY_DEVICE' },
    });
    const waiting = request(fresh, 'CONNECT_DEVICE');
    const res = await fetch(`${frame.url}/mailbox.json?email=${encodeURIComponent(email)}`);
    const { messages } = (await res.json()) as { messages: { kind: string; link: string | null }[] };
    const link = messages.find((m) => m.kind === 'device-approval')?.link;
    expect(link).toBeTruthy();
    const approvalPage = await other.newPage();
    await approvalPage.goto(link!);
    await approvalPage.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => approvalPage.getByText('Device approved').isVisible()).toBe(true);
    expect((await waiting).type).toBe('@keyway-frame/CONNECT_DEVICE_SUCCESS');
    expect((await request(fresh, 'CONNECT_OTP', { otp: await mailboxCode(frame.url, email) })).type).toBe(
      '@keyway-frame/CONNECT_OTP_SUCCESS',
    );
    const user = await request(fresh, 'GET_USER', { chainId: CHAIN_ID });
    // Keys never leave the browser that made them: another browser gets its own key (docs/security.md).
    expect(user.payload).toMatchObject({ email });
    expect(user.payload?.address).not.toBe(address);
    await other.close();
  });

  it('logs in through the Farcaster stand-in', async () => {
    const other = await browser.newContext();
    const fresh = await openHost(other, ports.allowedHost);
    expect(await handshake(fresh, frame.url)).toBe(true);
    const { payload } = await request(fresh, 'GET_FARCASTER_URI');
    const url = payload?.url as string;
    expect(url).toContain('/farcaster/connect?channel=');
    const waiting = request(fresh, 'CONNECT_FARCASTER');
    const approvalPage = await other.newPage();
    await approvalPage.goto(url);
    await approvalPage.getByLabel('Farcaster username').fill('fc-user');
    await approvalPage.getByRole('button', { name: 'Approve' }).click();
    expect(await waiting).toMatchObject({ payload: { userName: 'fc-user' } });
    expect((await request(fresh, 'GET_USER', { chainId: CHAIN_ID })).payload).toMatchObject({
      userName: 'fc-user',
    });
    await other.close();
  });

  it('remembers the login on a second visit, and forgets the session on sign out', async () => {
    const second = await openHost(context, ports.allowedHost);
    expect(await handshake(second, frame.url)).toBe(true);
    expect(await request(second, 'IS_CONNECTED')).toMatchObject({ payload: { isConnected: true } });
    expect((await request(second, 'GET_USER', { chainId: CHAIN_ID })).payload?.address).toBe(address);

    expect((await request(second, 'SIGN_OUT')).type).toBe('@keyway-frame/SIGN_OUT_SUCCESS');
    expect(await request(second, 'IS_CONNECTED')).toMatchObject({ payload: { isConnected: false } });
    expect(await request(second, 'GET_USER', { chainId: CHAIN_ID })).toMatchObject({
      type: '@keyway-frame/GET_USER_ERROR',
    });

    // Logging in again with the same address gives the same key.
    await emailLogin(second, frame.url, email);
    expect((await request(second, 'GET_USER', { chainId: CHAIN_ID })).payload?.address).toBe(address);
    await second.close();
  });
});

describe("the kit's frame client against the frame", () => {
  let context: BrowserContext;
  let page: Page;
  let address: Hex;
  const email = 'client-user@example.com';

  /** Runs `fn` in the page with the client created there (window.client). */
  const inPage = <A, R>(fn: (arg: A) => R | Promise<R>, arg: A) =>
    page.evaluate(fn as never, arg) as Promise<R>;

  beforeAll(async () => {
    context = await browser.newContext();
    page = await context.newPage();
    await page.goto(`http://127.0.0.1:${ports.clientHost}/`);
    await page.waitForFunction(() => 'kw' in window);
    await inPage((frameUrl: string) => {
      const client = window.kw.createFrameClient({ frameUrl, projectId: 'test', chainId: 31337 });
      client.on('approval-needed', () => client.showApproval());
      client.on('approval-done', () => client.hideApproval());
      (window as unknown as { client: typeof client }).client = client;
    }, frame.url);
  });
  afterAll(() => context?.close());

  type PageClient = ReturnType<Window['kw']['createFrameClient']>;

  it('logs in by email with the mailbox code; get user returns an address', async () => {
    const started = await page.evaluate(
      ([mail]) => (window as unknown as { client: PageClient }).client.connectEmail({ email: mail }),
      [email] as const,
    );
    expect(started).toEqual({ action: 'VERIFY_OTP' });
    const otp = await mailboxCode(frame.url, email);
    await page.evaluate(
      ([code]) => (window as unknown as { client: PageClient }).client.connectOtp({ otp: code }),
      [otp] as const,
    );
    const user = await page.evaluate(() =>
      (window as unknown as { client: PageClient }).client.getUser({ chainId: 31337 }),
    );
    expect(user).toMatchObject({ email, chainId: CHAIN_ID });
    address = user.address as Hex;
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
  });

  it('personal_sign is approved inside the revealed frame and verifies with viem', async () => {
    const message = 'Sign in to the host app';
    await page.evaluate(
      ([msg, addr]) => {
        const w = window as unknown as { client: PageClient; signing: Promise<unknown> };
        w.signing = w.client.rpc({ method: 'personal_sign', params: [msg, addr] });
      },
      [message, address] as const,
    );
    await expect
      .poll(() => page.locator('iframe[data-keyway-frame]').getAttribute('data-state'))
      .toBe('approval');
    const screen = page.frameLocator('iframe[data-keyway-frame]');
    await expect.poll(() => screen.getByText(message).isVisible()).toBe(true);
    await screen.getByRole('button', { name: 'Sign' }).click();
    const signature = (await page.evaluate(
      () => (window as unknown as { signing: Promise<unknown> }).signing,
    )) as Hex;
    expect(await verifyMessage({ address, message, signature })).toBe(true);
    await expect.poll(() => page.locator('iframe[data-keyway-frame]').getAttribute('data-state')).toBeNull();
  });

  it('a personal_sign rejected inside the frame fails with the frame error', async () => {
    await page.evaluate(
      ([addr]) => {
        const w = window as unknown as { client: PageClient; signing: Promise<unknown> };
        w.signing = w.client.rpc({ method: 'personal_sign', params: ['No thanks', addr] }).then(
          () => ({ ok: true }),
          (e: { message: string; code?: number }) => ({ ok: false, message: e.message, code: e.code }),
        );
      },
      [address] as const,
    );
    const screen = page.frameLocator('iframe[data-keyway-frame]');
    await expect.poll(() => screen.getByText('No thanks').isVisible()).toBe(true);
    await screen.getByRole('button', { name: 'Reject' }).click();
    expect(await page.evaluate(() => (window as unknown as { signing: Promise<unknown> }).signing)).toEqual({
      ok: false,
      message: 'User rejected the request.',
      code: 4001,
    });
  });

  it('a reload of the frame page aborts the sign it showed, hand-shakes again, and keeps the login', async () => {
    await page.evaluate(
      ([addr]) => {
        const w = window as unknown as { client: PageClient; signing: Promise<unknown> };
        w.signing = w.client.rpc({ method: 'personal_sign', params: ['Interrupted', addr] }).then(
          () => ({ ok: true }),
          (e: { message: string }) => ({ ok: false, message: e.message }),
        );
      },
      [address] as const,
    );
    const screen = page.frameLocator('iframe[data-keyway-frame]');
    await expect.poll(() => screen.getByText('Interrupted').isVisible()).toBe(true);
    const framePage = page.frames().find((f) => f.url().startsWith(frame.url));
    expect(framePage).toBeDefined();
    await framePage!.evaluate(() => location.reload());
    expect(await page.evaluate(() => (window as unknown as { signing: Promise<unknown> }).signing)).toEqual({
      ok: false,
      // The kit's error names its code (the kit's views write it from the catalogue).
      message: 'requestAborted',
    });
    await expect.poll(() => page.locator('iframe[data-keyway-frame]').getAttribute('data-state')).toBeNull();
    // The new page answers over the new port, with the session it kept in its own storage.
    const user = await page.evaluate(() =>
      (window as unknown as { client: PageClient }).client.getUser({ chainId: 31337 }),
    );
    expect(user).toMatchObject({ email, address });
    expect(await page.evaluate(() => (window as unknown as { client: PageClient }).client.state)).toBe(
      'ready',
    );
    expect(await page.locator('iframe[data-keyway-frame]').count()).toBe(1);
  });

  it('social login through the local provider page', async () => {
    const { uri } = await page.evaluate(() =>
      (window as unknown as { client: PageClient }).client.getSocialRedirectUri({ provider: 'github' }),
    );
    const resultUri = page.evaluate(
      (frameOrigin) =>
        new Promise<string>((resolve) => {
          window.addEventListener('message', (e) => {
            const data = e.data as { type?: string; resultUri?: string } | null;
            if (e.origin === frameOrigin && data?.type === '@keyway-frame/SOCIAL_RESULT' && data.resultUri) {
              resolve(data.resultUri);
            }
          });
        }),
      frame.url,
    );
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      page.evaluate((u) => void window.open(u), uri),
    ]);
    await popup.getByLabel('GitHub username').fill('octocat');
    await popup.getByRole('button', { name: 'Continue' }).click();
    const user = await page.evaluate(
      async (u) => (window as unknown as { client: PageClient }).client.connectSocial({ uri: u }),
      await resultUri,
    );
    expect(user).toMatchObject({ userName: 'octocat', chainId: CHAIN_ID });
    expect(user.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(user.address).not.toBe(address);
  });

  it('sign out: the frame reports not connected', async () => {
    await page.evaluate(() => (window as unknown as { client: PageClient }).client.signOut());
    expect(
      await page.evaluate(() => (window as unknown as { client: PageClient }).client.isConnected()),
    ).toEqual({
      isConnected: false,
    });
  });
});
