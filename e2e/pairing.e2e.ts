/**
 * Pairing by QR code in the styled playground, against the stack's WalletConnect relay and a phone wallet on
 * the real `@reown/walletkit` (playground/phone/wallet.ts, run here in the test's process with a test account
 * of its own, 11): Connect → a phone wallet → QR code and Copy link → the wallet pairs from the copied link and
 * approves → the kit shows the wallet's address; "Sign message" and a Send of exactly 0.01 ETH go through the
 * relay to the wallet and land on anvil. A rejected proposal shows "Connection declined" with Try again, which
 * pairs. A headless page pairs with `usePairing` alone. Nothing the page loads comes from outside this machine.
 */

import { Keypair } from '@solana/web3.js';
import type { Page } from 'playwright-core';
import { type Hex, hexToBigInt, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  createPhoneWallet,
  type PhoneWallet,
  phoneWalletAddress,
  phoneWalletSolanaAddress,
} from '../playground/phone/wallet.ts';
import { startRelayServer } from '../services/relay/server.ts';
import { solanaLocal } from '../src/core/networks.ts';
import { browserForFile } from './support/browser';
import { jsonRpc, solanaLamports } from './support/rpc';
import { sendSol, switchToSolana } from './support/solana';

const stack = inject('keywayStack');
const WAIT = { timeout: 20_000 };
const ACCOUNT = 11;
const ADDRESS = phoneWalletAddress(ACCOUNT);
const SHORT = `${ADDRESS.slice(0, 6)}…${ADDRESS.slice(-4)}`;
const RECEIVER = privateKeyToAddress(generatePrivateKey());

const { open, browser } = browserForFile();
let wallet: PhoneWallet;

beforeAll(async () => {
  wallet = await createPhoneWallet({
    relayUrl: stack.relayUrl,
    projectId: 'keyway-e2e-phone',
    chains: [
      { chainId: 31337, rpcUrl: stack.evmRpc[31337] },
      { chainId: 31338, rpcUrl: stack.evmRpc[31338] },
    ],
    solana: [{ chainId: solanaLocal.id, rpcUrl: stack.solanaRpcUrl }],
    account: ACCOUNT,
    storagePrefix: 'e2e-phone',
  });
  await wallet.fund();
}, 60_000);

afterAll(async () => {
  await wallet?.close();
});

const ethOf = async (address: string) =>
  hexToBigInt(await jsonRpc<Hex>(stack.evmRpc[31337], 'eth_getBalance', [address, 'latest']));

/**
 * The page's console errors, less the logs of WalletConnect's sign client for a message that reaches it a second
 * time. The relay delivers a message at least once: one pushed on a socket that closed before its acknowledgement
 * is pushed again when the client subscribes again (services/relay/server.ts). A second settle message logs
 * "Pending session not found for topic"; a second answer to a request whose first answer already settled it logs
 * "No matching key. history: <id>" (the request's record is gone from its history), with "onRelayMessage() ->
 * failed to process an inbound message" before it. Full runs on a loaded machine logged each once, most likely
 * after such a reconnect (not observed directly); the first delivery had done its work each time. Every other
 * console error still fails these tests.
 */
const SETTLED_TWICE = /Pending session not found for topic [0-9a-f]{64}/;
const ANSWERED_TWICE = /No matching key\. history: \d+/;
const INBOUND_FAILED = /onRelayMessage\(\) -> failed to process an inbound message/;
const withoutRedelivery = (errors: readonly string[]) => {
  // The generic "failed to process" log is dropped only beside the log that says why.
  const answeredTwice = errors.some((e) => ANSWERED_TWICE.test(e));
  return errors.filter(
    (e) => !(SETTLED_TWICE.test(e) || ANSWERED_TWICE.test(e) || (answeredTwice && INBOUND_FAILED.test(e))),
  );
};

/** Opens the playground with the clipboard allowed, and records every request that leaves the machine. */
async function openPlayground(search = '') {
  const outside: string[] = [];
  const opened = await open(`${stack.playgroundUrl}${search}`, {
    beforeGoto: async (page) => {
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
        origin: new URL(stack.playgroundUrl).origin,
      });
      page.on('request', (r) => {
        const host = new URL(r.url()).hostname;
        if (!['127.0.0.1', 'localhost'].includes(host) && !r.url().startsWith('data:')) outside.push(r.url());
      });
    },
  });
  return { ...opened, outside };
}

/** Connect → All wallets → Rainbow, a wallet reached by pairing. */
async function pickRainbow(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Connect wallet' }).click();
  const connect = page.getByRole('dialog', { name: 'Connect wallet' });
  await connect.waitFor(WAIT);
  await connect.getByRole('button', { name: /All wallets/ }).click();
  const all = page.getByRole('dialog', { name: 'All wallets' });
  await all.getByPlaceholder('Search wallets').fill('rainbow');
  await all.getByRole('button', { name: /Rainbow/ }).click();
}

/** Picks Rainbow: the QR view; returns the link it copies. */
async function startPairing(page: Page): Promise<string> {
  await pickRainbow(page);
  return copiedLink(page);
}

async function copiedLink(page: Page): Promise<string> {
  await page.getByRole('img', { name: /QR code/ }).waitFor(WAIT);
  const copy = page.getByRole('button', { name: 'Copy link' });
  await expect.poll(() => copy.isEnabled(), WAIT).toBe(true);
  await copy.click();
  const uri = await page.evaluate(() => navigator.clipboard.readText());
  expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/);
  return uri;
}

async function approveProposalFrom(uri: string) {
  await wallet.pair(uri);
  await expect.poll(() => wallet.getState().proposals.length, WAIT).toBe(1);
  const proposal = wallet.getState().proposals[0]!;
  expect(proposal.dappName).toBe('Keyway playground');
  expect(proposal.dappUrl).toBe(new URL(stack.playgroundUrl).origin);
  return proposal;
}

/** The wallet pairs from `uri` and approves the proposal; the page's header then shows its account. */
async function pairAndApprove(page: Page, uri: string) {
  const proposal = await approveProposalFrom(uri);
  await wallet.approveProposal(proposal.id);
  await page.getByRole('button', { name: new RegExp(SHORT) }).waitFor(WAIT);
}

async function approveNext(method: string) {
  await expect.poll(() => wallet.getState().requests.map((r) => r.method), WAIT).toEqual([method]);
  await wallet.approveRequest(wallet.getState().requests[0]!.id);
}

describe('pairing a phone wallet by QR code', () => {
  it('pairs from the copied link; the kit shows the address; a signature and exactly 0.01 ETH go through the wallet', async () => {
    const { page, consoleErrors, outside, close } = await openPlayground();
    await pairAndApprove(page, await startPairing(page));
    const account = page.getByRole('button', { name: new RegExp(SHORT) });

    // personal_sign over the relay.
    await page.getByRole('button', { name: 'Sign message' }).click();
    await approveNext('personal_sign');
    await page.getByText(/^0x[0-9a-f]{130}$/).waitFor(WAIT);

    // Send 0.01 ETH through the kit's Send views; the wallet sends it to the chain.
    await account.click();
    const modal = page.getByRole('dialog');
    await modal.getByRole('button', { name: 'Send', exact: true }).click();
    await modal.getByRole('button', { name: /Select token|change token/ }).click();
    await modal.getByRole('button', { name: /^Ether/ }).click();
    await modal.getByRole('textbox', { name: 'Amount' }).fill('0.01');
    await modal.getByRole('textbox', { name: 'To' }).fill(RECEIVER);
    const preview = modal.getByRole('button', { name: 'Preview send' });
    await expect.poll(() => preview.isEnabled(), WAIT).toBe(true);
    await preview.click();
    await page.getByRole('dialog', { name: 'Review send' }).waitFor(WAIT);
    await modal.getByRole('button', { name: 'Send', exact: true }).click();
    await approveNext('eth_sendTransaction');
    await page.getByText('Sent 0.01 ETH').first().waitFor(WAIT);
    await expect.poll(() => ethOf(RECEIVER), WAIT).toBe(parseEther('0.01'));

    expect(outside).toEqual([]);
    expect(withoutRedelivery(consoleErrors)).toEqual([]);
    // The wallet ends the session: the kit shows Connect again.
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached', ...WAIT });
    await wallet.disconnect(wallet.getState().sessions[0]!.topic);
    await page.getByRole('button', { name: 'Connect wallet' }).waitFor(WAIT);
    await close();
  });

  it('after a reload the pairing is still connected: no QR code, and "Connect wallet" never shows', async () => {
    const { page, consoleErrors, close } = await openPlayground();
    await pairAndApprove(page, await startPairing(page));
    // From the reload's first script on, note whether a "Connect wallet" button ever appears.
    await page.addInitScript(() => {
      const w = window as unknown as { sawConnect: boolean };
      w.sawConnect = false;
      const check = () => {
        for (const b of document.querySelectorAll('button')) {
          if (b.textContent?.trim() === 'Connect wallet') w.sawConnect = true;
        }
      };
      new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.reload();
    await page.getByRole('button', { name: new RegExp(SHORT) }).waitFor(WAIT);
    expect(await page.evaluate(() => (window as unknown as { sawConnect: boolean }).sawConnect)).toBe(false);
    expect(await page.getByRole('img', { name: /QR code/ }).count()).toBe(0);
    expect(wallet.getState().proposals).toEqual([]);
    // Still a live session: a signature goes through after the reload.
    await page.getByRole('button', { name: 'Sign message' }).click();
    await approveNext('personal_sign');
    await page.getByText(/^0x[0-9a-f]{130}$/).waitFor(WAIT);
    expect(withoutRedelivery(consoleErrors)).toEqual([]);
    await wallet.disconnect(wallet.getState().sessions[0]!.topic);
    await page.getByRole('button', { name: 'Connect wallet' }).waitFor(WAIT);
    await close();
  });

  it('a rejected connection shows "Connection declined" with Try again, which pairs', async () => {
    const { page, consoleErrors, close } = await openPlayground();
    const uri = await startPairing(page);
    const first = await approveProposalFrom(uri);
    await wallet.rejectProposal(first.id);
    await page.getByRole('heading', { name: 'Connection declined' }).waitFor(WAIT);
    await page.getByRole('button', { name: 'Try again' }).click();
    const again = await copiedLink(page);
    expect(again).not.toBe(uri);
    await pairAndApprove(page, again);
    expect(withoutRedelivery(consoleErrors)).toEqual([]);
    await wallet.disconnect(wallet.getState().sessions[0]!.topic);
    await close();
  });

  it('a link that expires is replaced by a new QR code by itself, and the new link pairs', {
    timeout: 120_000,
  }, async () => {
    // The kit's testing option shortens the link's 4-minute life to 30 s: the new one comes 10 s before its end.
    const { page, consoleErrors, close } = await openPlayground('?uriLifetimeMs=30000');
    const first = await startPairing(page);
    await page.getByText(/QR code refreshed/).waitFor({ timeout: 60_000 });
    const second = await copiedLink(page);
    expect(second).not.toBe(first);
    await pairAndApprove(page, second);
    expect(withoutRedelivery(consoleErrors)).toEqual([]);
    await wallet.disconnect(wallet.getState().sessions[0]!.topic);
    await page.getByRole('button', { name: 'Connect wallet' }).waitFor(WAIT);
    await close();
  });

  it('on a 360 px phone, picking a wallet opens its app with the pairing link, which pairs; Copy link copies the same URI', async () => {
    const context = await browser().newContext({
      viewport: { width: 360, height: 740 },
      isMobile: true,
      hasTouch: true,
      locale: 'en-US',
    });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: new URL(stack.playgroundUrl).origin,
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // The links the page opens are recorded, and stopped: there is no wallet app to hand them to.
    await page.addInitScript(() => {
      const w = window as unknown as { openedLinks: string[] };
      w.openedLinks = [];
      document.addEventListener(
        'click',
        (event) => {
          const a = event.target instanceof Element ? event.target.closest('a[data-kw-deep-link]') : null;
          if (!a) return;
          event.preventDefault();
          w.openedLinks.push(a.getAttribute('href') ?? '');
        },
        true,
      );
    });
    await page.goto(stack.playgroundUrl, { waitUntil: 'load' });
    await pickRainbow(page);
    const opened = () => page.evaluate(() => (window as unknown as { openedLinks: string[] }).openedLinks);
    await expect.poll(opened, WAIT).toHaveLength(1);
    const [link] = await opened();
    expect(link).toMatch(/^rainbow:\/\/wc\?uri=wc%3A[0-9a-f]{64}%402%3F/);
    const uri = decodeURIComponent(new URL(link!).searchParams.get('uri') ?? '');
    // The same link on the "Open Rainbow" button, and "Copy link" copies the URI it carries.
    await expect.poll(() => page.getByRole('link', { name: 'Open Rainbow' }).getAttribute('href')).toBe(link);
    expect(await copiedLink(page)).toBe(uri);
    await pairAndApprove(page, uri);
    expect(await opened()).toHaveLength(1);
    expect(errors).toEqual([]);
    await wallet.disconnect(wallet.getState().sessions[0]!.topic);
    await page.getByRole('button', { name: 'Connect wallet' }).waitFor(WAIT);
    await context.close();
  });

  it('the relay stops in the middle of a session: a toast says so and a signature waits; the relay back, it goes through', async () => {
    // A relay of this test's own (the stack's one serves the other tests), on the same machine, then restarted on its port.
    const origin = new URL(stack.playgroundUrl).origin;
    let relay = await startRelayServer({ port: 0, allowedOrigins: [origin] });
    const phone = await createPhoneWallet({
      relayUrl: relay.url,
      projectId: 'keyway-e2e-outage',
      chains: [{ chainId: 31337, rpcUrl: stack.evmRpc[31337] }],
      account: 13,
      storagePrefix: 'e2e-outage',
    });
    try {
      const { page, consoleErrors, close } = await openPlayground(
        `?relayUrl=${encodeURIComponent(relay.url)}`,
      );
      const uri = await startPairing(page);
      await phone.pair(uri);
      await expect.poll(() => phone.getState().proposals.length, WAIT).toBe(1);
      await phone.approveProposal(phone.getState().proposals[0]!.id);
      const address = phoneWalletAddress(13);
      await page
        .getByRole('button', { name: new RegExp(`${address.slice(0, 6)}…${address.slice(-4)}`) })
        .waitFor(WAIT);

      const port = relay.port;
      await relay.stop();
      await page
        .getByText('Lost the connection to your wallet. Requests wait until it is back.')
        .waitFor(WAIT);
      await page.getByRole('button', { name: 'Sign message' }).click();
      await page.getByText('Waiting for the wallet…').waitFor(WAIT);
      expect(phone.getState().requests).toEqual([]);

      relay = await startRelayServer({ port, allowedOrigins: [origin] });
      await page.getByText('Connected to your wallet again').waitFor({ timeout: 40_000 });
      await expect
        .poll(() => phone.getState().requests.map((r) => r.method), { timeout: 40_000 })
        .toEqual(['personal_sign']);
      await phone.approveRequest(phone.getState().requests[0]!.id);
      await page.getByText(/^0x[0-9a-f]{130}$/).waitFor(WAIT);
      // The browser reports each failed attempt to reach the stopped relay, and the sign client may log a settle
      // message delivered twice across the reconnect (withoutRedelivery); nothing else went wrong.
      expect(
        withoutRedelivery(consoleErrors).filter((e) => !(e.includes('WebSocket') && e.includes(`:${port}`))),
      ).toEqual([]);
      await close();
    } finally {
      await phone.close();
      await relay.stop();
    }
  }, 120_000);

  it('two tabs: the playground phone page pairs from the pasted link and approves a signature', async () => {
    const { page, context, consoleErrors, close } = await openPlayground();
    const uri = await startPairing(page);
    const phone = await context.newPage();
    const phoneErrors: string[] = [];
    phone.on('pageerror', (e) => phoneErrors.push(e.message));
    await phone.goto(`${stack.phoneUrl}?account=12`);
    await phone.getByRole('heading', { name: 'Keyway Phone Wallet' }).waitFor(WAIT);
    const phoneAddress = phoneWalletAddress(12);
    await phone.getByText(phoneAddress).waitFor(WAIT);
    await phone.getByRole('textbox', { name: /Paste the link/ }).fill(uri);
    await phone.getByRole('button', { name: 'Pair' }).click();
    const request = phone.getByRole('region', { name: 'Connection request from Keyway playground' });
    await request.waitFor(WAIT);
    await request.getByRole('button', { name: 'Approve' }).click();
    await page
      .getByRole('button', { name: new RegExp(`${phoneAddress.slice(0, 6)}…${phoneAddress.slice(-4)}`) })
      .waitFor(WAIT);

    await page.getByRole('button', { name: 'Sign message' }).click();
    const sign = phone.getByRole('region', { name: 'Request personal_sign from Keyway playground' });
    await sign.waitFor(WAIT);
    await sign.getByRole('button', { name: 'Approve' }).click();
    await page.getByText(/^0x[0-9a-f]{130}$/).waitFor(WAIT);

    await phone.getByRole('button', { name: 'Disconnect' }).click();
    await page.getByRole('button', { name: 'Connect wallet' }).waitFor(WAIT);
    expect(phoneErrors).toEqual([]);
    expect(withoutRedelivery(consoleErrors)).toEqual([]);
    await close();
  });

  it('on the Solana network: a phone wallet is listed, pairs, and a send of exactly 0.05 SOL signed by it lands', async () => {
    const { page, consoleErrors, outside, close } = await openPlayground();
    await switchToSolana(page);
    // No Solana wallet is connected: the modal goes on to Connect, which lists the phone wallets too.
    const connect = page.getByRole('dialog', { name: 'Connect wallet' });
    await connect.waitFor(WAIT);
    const phoneWallets = connect.getByRole('list', { name: 'Wallets' }).getByRole('button').filter({
      hasNotText: 'Installed',
    });
    await expect.poll(() => phoneWallets.count(), WAIT).toBeGreaterThan(0);
    await phoneWallets.first().click();
    const proposal = await approveProposalFrom(await copiedLink(page));
    // The proposal asks for the Solana network as well as the EVM chains.
    expect(proposal.chains).toContain(solanaLocal.id);
    expect(proposal.supportedChains).toContain(solanaLocal.id);
    await wallet.approveProposal(proposal.id);
    const solanaAddress = phoneWalletSolanaAddress(ACCOUNT);
    const short = `${solanaAddress.slice(0, 4)}…${solanaAddress.slice(-4)}`;
    await page.getByRole('button', { name: new RegExp(short) }).click();
    await page.getByRole('dialog', { name: 'Account' }).waitFor(WAIT);

    const receiver = Keypair.generate().publicKey.toBase58();
    await sendSol(page, '0.05', receiver);
    await approveNext('solana_signAndSendTransaction');
    expect(wallet.getState().log.at(-1)).toBe('Approved solana_signAndSendTransaction');
    await expect.poll(() => solanaLamports(stack.solanaRpcUrl, receiver), WAIT).toBe(50_000_000n);
    await page.getByRole('dialog', { name: 'Account' }).waitFor(WAIT);
    expect(withoutRedelivery(consoleErrors)).toEqual([]);
    expect(outside).toEqual([]);
    await wallet.disconnect(wallet.getState().sessions[0]!.topic);
    await close();
  });

  it('a headless page pairs with usePairing alone, and no dialog of the kit ever opens', async () => {
    const { page, consoleErrors, close } = await open(stack.headlessUrl);
    await page.getByRole('button', { name: 'Start pairing' }).click();
    const link = page.getByRole('textbox', { name: 'Pairing link' });
    await expect.poll(() => link.inputValue(), WAIT).toMatch(/^wc:[0-9a-f]{64}@2\?/);
    const proposal = await approveProposalFrom(await link.inputValue());
    await wallet.approveProposal(proposal.id);
    await expect.poll(() => page.getByTestId('address').textContent(), WAIT).toBe(ADDRESS);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(withoutRedelivery(consoleErrors)).toEqual([]);
    await wallet.disconnect(wallet.getState().sessions[0]!.topic);
    await close();
  });
});
