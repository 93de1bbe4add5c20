/**
 * The frame's approval screen in Chromium: real requests posted over the port, and the rows the frame
 * shows read back as text. All on free ports.
 *
 * - ERC-20 approvals in words: the known router by name and the exact amount in the token's units, an
 *   unlimited approval and an unknown spender as warnings; what was shown is what is signed.
 * - A swap call to the known router: what is given and the least received.
 * - Gas limit and fee rows, used as shown.
 * - An EIP-2612 permit in words; typed data for another chain refused before any screen.
 * - personal_sign text with direction-changing characters shown as hex; the dapp name without them.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  type Hex,
  http,
  maxUint256,
  parseAbi,
  stringToHex,
  verifyTypedData,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMIT_TYPES } from '../../src/chains/evm/permit.ts';
import { testTokenAbi } from '../chain/abis.ts';
import { type AnvilHandle, startAnvil } from '../chain/anvil.ts';
import { testTokenBytecode } from '../chain/bytecode.ts';
import { DEPLOYER_PRIVATE_KEY } from '../chain/deploy.ts';
import { freePorts } from '../free-ports.ts';
import { emailLogin, handshake, hostPage, launchChromium, request, startHost } from './embed-harness.ts';
import { type FrameServer, startFrameServer } from './server.ts';

const CHAIN_ID = 31337;
/** Named by the frame's server configuration, as the stack names its own router. */
const ROUTER = getAddress('0x5fc8d32690cc91d4c39d9d3abcbd16989f875707');
const STRANGER = getAddress('0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc');

let dataDir: string;
let frame: FrameServer;
let anvil: AnvilHandle;
let browser: Browser;
let host: Server;
let context: BrowserContext;
let page: Page;
/** The frame's and the host page's ports: the frame must know the host's origin before it starts. */
let ports: { frame: number; host: number };
let user: Hex;
let usd: Hex;
let eur: Hex;

const chain = () => createPublicClient({ transport: http(anvil.rpcUrl) });

async function deployToken(name: string, symbol: string, decimals: number): Promise<Hex> {
  const deployer = createWalletClient({
    account: privateKeyToAccount(DEPLOYER_PRIVATE_KEY),
    transport: http(anvil.rpcUrl),
  });
  const hash = await deployer.deployContract({
    chain: null,
    abi: testTokenAbi,
    bytecode: testTokenBytecode,
    args: [name, symbol, decimals],
  });
  return getAddress((await chain().waitForTransactionReceipt({ hash })).contractAddress as Hex);
}

/** The approval screen's rows as [label, value, shown as a warning], read from the frame's DOM. */
function shownRows(): Promise<[string, string, boolean][]> {
  return page
    .frameLocator('#kw')
    .locator('dl.rows')
    .evaluate((dl) => {
      const cells = [...dl.children];
      const rows: [string, string, boolean][] = [];
      for (let i = 0; i + 1 < cells.length; i += 2) {
        const dd = cells[i + 1] as HTMLElement;
        rows.push([cells[i]?.textContent ?? '', dd.textContent ?? '', dd.classList.contains('warning')]);
      }
      return rows;
    })
    .catch(() => []);
}

/** Waits for a screen whose rows include `row`, then returns all of them. */
async function screenWith(row: [string, string, boolean]): Promise<[string, string, boolean][]> {
  await expect.poll(shownRows, { timeout: 10_000 }).toContainEqual(row);
  return shownRows();
}

const click = (name: 'Approve' | 'Reject' | 'Sign') =>
  page.frameLocator('#kw').getByRole('button', { name }).click();

const sendTx = (tx: Record<string, string>) =>
  request(page, 'RPC_REQUEST', { method: 'eth_sendTransaction', params: [{ from: user, ...tx }] });

const allowance = (token: Hex, spender: Hex) =>
  chain().readContract({ address: token, abi: erc20Abi, functionName: 'allowance', args: [user, spender] });

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'kw-frame-approvals-'));
  anvil = await startAnvil({ port: 0, chainId: CHAIN_ID });
  ports = await freePorts({ frame: 1, host: 1 });
  frame = await startFrameServer({
    port: ports.frame,
    dataDir,
    allowedOrigins: [`http://127.0.0.1:${ports.host}`],
    chains: [{ chainId: CHAIN_ID, rpcUrl: anvil.rpcUrl }],
    routers: [{ chainId: CHAIN_ID, address: ROUTER, name: 'Keyway Local Router' }],
  });
  host = await startHost(ports.host, hostPage(frame.url, CHAIN_ID));
  browser = await launchChromium();
  usd = await deployToken('Test Dollar', 'TDL', 6);
  eur = await deployToken('Test Euro', 'TEU', 18);

  context = await browser.newContext();
  page = await context.newPage();
  await page.goto(`http://127.0.0.1:${ports.host}/`);
  expect(await handshake(page, frame.url)).toBe(true);
  await emailLogin(page, frame.url, 'approvals@example.com');
  user = getAddress((await request(page, 'GET_USER', { chainId: CHAIN_ID })).payload?.address as Hex);
  await chain().request({
    method: 'anvil_setBalance' as never,
    params: [user, '0xde0b6b3a7640000'] as never,
  });
}, 120_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await new Promise((r) => host?.close(r));
  await frame?.stop();
  await anvil?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('token approvals', () => {
  it('an exact approval to the known router reads "Allow Keyway Local Router to spend exactly 2.5 TDL" and is signed as shown', async () => {
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [ROUTER, 2_500_000n] });
    const pending = sendTx({ to: usd, data });
    const rows = await screenWith(['Approval', 'Allow Keyway Local Router to spend exactly 2.5 TDL', false]);
    expect(rows).toEqual([
      ['From', user, false],
      ['Token contract', usd, false],
      ['Value', '0 ETH', false],
      ['Network', `Chain ${CHAIN_ID}`, false],
      ['Function selector', '0x095ea7b3', false],
      ['Approval', 'Allow Keyway Local Router to spend exactly 2.5 TDL', false],
      ['Spender', ROUTER, false],
    ]);
    await click('Approve');
    const reply = await pending;
    expect(reply.type).toBe('@keyway-frame/RPC_REQUEST_SUCCESS');
    await chain().waitForTransactionReceipt({ hash: reply.payload?.result as Hex });
    expect(await allowance(usd, ROUTER)).toBe(2_500_000n);
  });

  it('an unlimited approval to an unknown spender reads Unlimited, with both warnings', async () => {
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [STRANGER, maxUint256] });
    const pending = sendTx({ to: usd, data });
    const rows = await screenWith(['Approval', `Allow ${STRANGER} to spend Unlimited TDL`, false]);
    expect(rows.filter(([, , warning]) => warning)).toEqual([
      [
        'Warning',
        `Unlimited approval: ${STRANGER} can spend all of your TDL, now and later, until you revoke it.`,
        true,
      ],
      [
        'Warning',
        `Unknown spender: ${STRANGER} is not a known router on this network. Approve only if you trust it.`,
        true,
      ],
    ]);
    await click('Reject');
    expect(await pending).toMatchObject({ payload: { code: 4001 } });
    expect(await allowance(usd, STRANGER)).toBe(0n);
  });

  it('a swap call to the known router: what is given and the least received, from the call data', async () => {
    const data = encodeFunctionData({
      abi: parseAbi([
        'function swapExactTokensForTokens(address tokenIn, address tokenOut, uint256 amountIn, uint256 minAmountOut, address to)',
      ]),
      functionName: 'swapExactTokensForTokens',
      args: [usd, eur, 25_000_000n, 22_750_000_000_000_000_000n, user],
    });
    const pending = sendTx({ to: ROUTER, data });
    const rows = await screenWith(['You give', '25 TDL', false]);
    expect(rows.slice(5)).toEqual([
      ['Swap', 'Swap on Keyway Local Router', false],
      ['You give', '25 TDL', false],
      ['You receive at least', '22.75 TEU', false],
      ['Recipient', `You (${user})`, false],
    ]);
    expect(rows[1]).toEqual(['Router', ROUTER, false]);
    await click('Reject');
    expect(await pending).toMatchObject({ payload: { code: 4001 } });
  });

  it('wallet_sendCalls: each call described in its block, every warning repeated at the top', async () => {
    const calls = [
      {
        to: usd,
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [ROUTER, maxUint256] }),
      },
      {
        to: ROUTER,
        value: '0x2386f26fc10000', // 0.01 ETH
        data: encodeFunctionData({
          abi: parseAbi([
            'function swapExactETHForTokens(address tokenOut, uint256 minAmountOut, address to) payable',
          ]),
          functionName: 'swapExactETHForTokens',
          args: [usd, 29_000_000n, STRANGER],
        }),
      },
    ];
    const pending = request(page, 'RPC_REQUEST', {
      method: 'wallet_sendCalls',
      params: [{ version: '2.0.0', from: user, chainId: `0x${CHAIN_ID.toString(16)}`, calls }],
    });
    const rows = await screenWith([
      'Warning (call 2)',
      `The swapped tokens go to ${STRANGER}, not to your account.`,
      true,
    ]);
    expect(rows).toEqual([
      ['From', user, false],
      [
        'Warning (call 1)',
        'Unlimited approval: Keyway Local Router can spend all of your TDL, now and later, until you revoke it.',
        true,
      ],
      ['Warning (call 2)', `The swapped tokens go to ${STRANGER}, not to your account.`, true],
    ]);
    const blocks = await page.frameLocator('#kw').locator('section.block pre').allTextContents();
    expect(blocks[1]).toContain('You give: 0.01 ETH\nYou receive at least: 29 TDL');
    await click('Reject');
    expect(await pending).toMatchObject({ payload: { code: 4001 } });
  });

  it('gas limit and max fee are shown, and the transaction carries them', async () => {
    const pending = sendTx({
      to: STRANGER,
      value: '0x38d7ea4c68000', // 0.001 ETH
      gas: '0x5208',
      maxFeePerGas: '0x77359400',
      maxPriorityFeePerGas: '0x3b9aca00',
    });
    const rows = await screenWith(['Gas limit', '21000', false]);
    expect(rows.slice(4)).toEqual([
      ['Gas limit', '21000', false],
      ['Max fee', '2 gwei per gas', false],
      ['Max priority fee', '1 gwei per gas', false],
      ['Max network fee', '0.000042 ETH', false],
    ]);
    await click('Approve');
    const hash = (await pending).payload?.result as Hex;
    await chain().waitForTransactionReceipt({ hash });
    const tx = await chain().getTransaction({ hash });
    expect(tx.gas).toBe(21_000n);
    expect(tx.maxFeePerGas).toBe(2_000_000_000n);
    expect(tx.maxPriorityFeePerGas).toBe(1_000_000_000n);
  });

  it('a nonce set by the request is shown, and the transaction carries it', async () => {
    const nonce = await chain().getTransactionCount({ address: user });
    const pending = sendTx({ to: STRANGER, value: '0x1', nonce: `0x${nonce.toString(16)}` });
    const rows = await screenWith(['Nonce', String(nonce), false]);
    expect(rows.map((r) => r[0])).toContain('Nonce');
    await click('Approve');
    const hash = (await pending).payload?.result as Hex;
    await chain().waitForTransactionReceipt({ hash });
    expect((await chain().getTransaction({ hash })).nonce).toBe(nonce);
  });
});

describe('typed data and messages', () => {
  const permit = (chainId: number, value: bigint) => ({
    domain: { name: 'Test Dollar', version: '1', chainId, verifyingContract: usd },
    types: {
      EIP712Domain: [
        { name: 'name', type: 'string' },
        { name: 'version', type: 'string' },
        { name: 'chainId', type: 'uint256' },
        { name: 'verifyingContract', type: 'address' },
      ],
      ...PERMIT_TYPES,
    },
    primaryType: 'Permit' as const,
    message: { owner: user, spender: ROUTER, value: value.toString(), nonce: '0', deadline: '1800000000' },
  });

  it('an EIP-2612 permit reads as an exact approval until its deadline, and signs', async () => {
    const typed = permit(CHAIN_ID, 7_000_000n);
    const pending = request(page, 'RPC_REQUEST', {
      method: 'eth_signTypedData_v4',
      params: [user, JSON.stringify(typed)],
    });
    const rows = await screenWith([
      'Permit',
      'Allow Keyway Local Router to spend exactly 7 TDL until 2027-01-15 08:00:00 UTC',
      false,
    ]);
    expect(rows).toEqual([
      ['Account', user, false],
      ['Type', 'Permit', false],
      ['Network', `Chain ${CHAIN_ID}`, false],
      ['Permit', 'Allow Keyway Local Router to spend exactly 7 TDL until 2027-01-15 08:00:00 UTC', false],
      ['Token', usd, false],
      ['Spender', ROUTER, false],
    ]);
    await click('Sign');
    const signature = (await pending).payload?.result as Hex;
    const { EIP712Domain: _domain, ...types } = typed.types;
    expect(
      await verifyTypedData({
        address: user,
        domain: typed.domain,
        types,
        primaryType: 'Permit',
        message: { ...typed.message, value: 7_000_000n, nonce: 0n, deadline: 1_800_000_000n },
        signature,
      }),
    ).toBe(true);
  });

  it('an unlimited permit shows the warning, also with the amount written "0X"+F×64 (it signs as maxUint256)', async () => {
    for (const value of [maxUint256.toString(), `0X${'F'.repeat(64)}`]) {
      const typed = permit(CHAIN_ID, 0n);
      const pending = request(page, 'RPC_REQUEST', {
        method: 'eth_signTypedData_v4',
        params: [user, JSON.stringify({ ...typed, message: { ...typed.message, value } })],
      });
      await screenWith([
        'Warning',
        'Unlimited approval: Keyway Local Router can spend all of your TDL until 2027-01-15 08:00:00 UTC.',
        true,
      ]);
      await click('Reject');
      expect(await pending).toMatchObject({ payload: { code: 4001 } });
    }
  });

  it('a permit whose amount does not parse is refused before any screen', async () => {
    const typed = permit(CHAIN_ID, 0n);
    const reply = await request(page, 'RPC_REQUEST', {
      method: 'eth_signTypedData_v4',
      params: [user, JSON.stringify({ ...typed, message: { ...typed.message, value: ['1'] } })],
    });
    expect(reply).toMatchObject({
      type: '@keyway-frame/RPC_REQUEST_ERROR',
      payload: { message: 'Invalid typed data' },
    });
    expect(await page.frameLocator('#kw').locator('dl.rows').count()).toBe(0);
  });

  it('keys the signature does not cover are listed as not signed and left out of the typed data shown', async () => {
    const typed = permit(CHAIN_ID, 7_000_000n);
    const pending = request(page, 'RPC_REQUEST', {
      method: 'eth_signTypedData_v4',
      params: [user, JSON.stringify({ ...typed, message: { ...typed.message, reward: '1000 TDL airdrop' } })],
    });
    await screenWith([
      'Warning',
      'Not signed (ignored by the signature, left out below): message.reward',
      true,
    ]);
    const blocks = await page.frameLocator('#kw').locator('section.block pre').allTextContents();
    expect(blocks.join('\n')).not.toContain('airdrop');
    await click('Reject');
    expect(await pending).toMatchObject({ payload: { code: 4001 } });
  });

  it('typed data for another chain is refused with an error, and no screen is shown', async () => {
    const reply = await request(page, 'RPC_REQUEST', {
      method: 'eth_signTypedData_v4',
      params: [user, JSON.stringify(permit(1, 7_000_000n))],
    });
    expect(reply).toMatchObject({
      type: '@keyway-frame/RPC_REQUEST_ERROR',
      payload: { message: 'Typed data chain id does not match the current network' },
    });
    expect(await page.frameLocator('#kw').locator('dl.rows').count()).toBe(0);
  });

  it('personal_sign text with a right-to-left override is shown as hex with a warning', async () => {
    const message = 'Send to \u202Etxt.exe';
    const pending = request(page, 'RPC_REQUEST', { method: 'personal_sign', params: [message, user] });
    await screenWith([
      'Warning',
      'The message contains invisible or direction-changing characters; it is shown as hex. Sign only if you expected that.',
      true,
    ]);
    const screen = page.frameLocator('#kw');
    expect(await screen.locator('section.block h2').textContent()).toBe('Message (hex)');
    expect(await screen.locator('section.block pre').textContent()).toBe(stringToHex(message));
    await click('Reject');
    expect(await pending).toMatchObject({ payload: { code: 4001 } });
  });

  it('the dapp name is shown without invisible or direction-changing characters', async () => {
    const dapp = {
      metadata: {
        name: 'Good\u200B Dapp\u202E',
        description: 'x',
        url: `http://127.0.0.1:${ports.host}`,
        icons: [],
      },
      sdkVersion: '5.1.11',
      projectId: 'test',
    };
    expect((await request(page, 'SYNC_DAPP_DATA', dapp)).type).toBe('@keyway-frame/SYNC_DAPP_DATA_SUCCESS');
    const pending = request(page, 'RPC_REQUEST', { method: 'personal_sign', params: ['plain text', user] });
    const requester = page.frameLocator('#kw').locator('p.requester');
    await expect.poll(() => requester.textContent().catch(() => '')).toBe('Requested by Good Dapp');
    // The origin the frame verified, on its own line.
    expect(await page.frameLocator('#kw').locator('p.origin').textContent()).toBe(
      `Verified website: http://127.0.0.1:${ports.host}`,
    );
    await click('Reject');
    expect(await pending).toMatchObject({ payload: { code: 4001 } });
  });
});
