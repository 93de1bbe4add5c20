/**
 * Reads through the Blockchain API's RPC (spec §7: `/v1/?chainId=…&projectId=…`) when the host gives no RPC
 * URL: the headless playground with `?noHostRpc=1` (its EVM networks without RPC URLs; projectId
 * 'keyway-playground') and an account of this file's own (`?devAccount=3`) shows the account's balance as each
 * local chain reports it. The page asked the stack's API for it, the API's RPC proxy served it (its test-mode
 * log, GET /__test/rpc-proxy), and no balance read went from the page straight to a chain.
 */
import { formatEther, type Hex, isAddressEqual } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import { describe, expect, inject, it } from 'vitest';
import { ANVIL_TEST_KEYS } from '../services/chain/types';
import { browserForFile } from './support/browser';
import { WAIT } from './support/embedded';
import { evmBalance } from './support/rpc';

const stack = inject('keywayStack');
const ACCOUNT_INDEX = 3;
const ACCOUNT = privateKeyToAddress(ANVIL_TEST_KEYS[ACCOUNT_INDEX] as Hex);
const PROJECT_ID = 'keyway-playground';

const { open } = browserForFile();

interface ServedRpcRequest {
  chainId: string;
  projectId: string;
  calls: { method: string; params: unknown }[];
}

/** Whether the API's RPC proxy forwarded an eth_getBalance of ACCOUNT on `chainId` for the playground's project. */
async function proxyServedBalanceRead(chainId: string): Promise<boolean> {
  const res = await fetch(`${stack.apiUrl}/__test/rpc-proxy`);
  const { served } = (await res.json()) as { served: ServedRpcRequest[] };
  return served.some(
    (r) =>
      r.chainId === chainId &&
      r.projectId === PROJECT_ID &&
      r.calls.some(
        (c) =>
          c.method === 'eth_getBalance' &&
          Array.isArray(c.params) &&
          typeof c.params[0] === 'string' &&
          isAddressEqual(c.params[0] as Hex, ACCOUNT),
      ),
  );
}

describe('reads through the Blockchain API RPC when the host gives no RPC URL', () => {
  it('shows the balance each chain reports, read through the API, never straight from the chain', async () => {
    /** The URL of every JSON-RPC balance read the page sent. */
    const balanceReads: URL[] = [];
    const { page, consoleErrors, close } = await open(
      `${stack.headlessUrl}?noHostRpc=1&devAccount=${ACCOUNT_INDEX}`,
      {
        beforeGoto: (p) => {
          p.on('request', (r) => {
            if (r.method() === 'POST' && (r.postData() ?? '').includes('"eth_getBalance"')) {
              balanceReads.push(new URL(r.url()));
            }
          });
        },
      },
    );
    await page.getByRole('button', { name: 'Connect Keyway Dev Wallet' }).click();
    await expect.poll(() => page.getByTestId('address').textContent(), WAIT).toBe(ACCOUNT);

    const balance = page.getByTestId('balance');
    for (const chainId of [31337, 31338] as const) {
      if (chainId === 31338) {
        await page.getByRole('button', { name: 'Keyway Local L2' }).click();
        await expect.poll(() => page.getByTestId('network').textContent(), WAIT).toBe('Keyway Local L2');
      }
      // The shown balance is the chain's, exactly (no other file uses this account).
      await expect
        .poll(
          async () =>
            (await balance.textContent()) ===
            `${formatEther(await evmBalance(stack.evmRpc[chainId], ACCOUNT))} ETH`,
          WAIT,
        )
        .toBe(true);
      const caip2 = `eip155:${chainId}`;
      // The browser asked the Blockchain API's RPC of that chain, with the project id in the query…
      const viaApi = balanceReads.filter(
        (u) => u.origin === new URL(stack.apiUrl).origin && u.pathname === '/v1/',
      );
      expect(
        viaApi.some(
          (u) => u.searchParams.get('chainId') === caip2 && u.searchParams.get('projectId') === PROJECT_ID,
        ),
      ).toBe(true);
      // …and the API's proxy served it.
      await expect.poll(() => proxyServedBalanceRead(caip2), WAIT).toBe(true);
    }
    // No balance read went to a chain's own RPC (the host gave none).
    const chainOrigins = Object.values(stack.evmRpc).map((u) => new URL(u).origin);
    expect(balanceReads.filter((u) => chainOrigins.includes(u.origin))).toEqual([]);
    expect(balanceReads.length).toBeGreaterThan(0);
    expect(consoleErrors).toEqual([]);
    await close();
  });
});
