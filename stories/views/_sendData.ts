/**
 * Send stories: a JSON-RPC chain for the story networks that takes the test wallet's signed transactions
 * (nonce, gas, raw transaction, receipt), counts what was broadcast, and can hold the receipt (pending) or
 * fail the gas price. Balances are the fixtures' ETH 1.697269, USDC 1 250 and DAI dust; the API's gas price
 * is 20 gwei.
 */
import { delay, HttpResponse, http, type RequestHandler } from 'msw';
import { type Hex, keccak256, numberToHex, parseTransaction } from 'viem';
import { getBalancesStore } from '../../src/hooks/balances/instance';
import { getSendStore } from '../../src/hooks/send/instance';
import { type BlockchainApiHandlersOptions, profileFixture } from '../../src/testing/msw';
import {
  STORY_ADDRESS,
  STORY_ADDRESS_2,
  STORY_BALANCE_WEI,
  type StoryKit,
  storyHandlers,
} from '../_support/keyway';

export const RECEIVER = STORY_ADDRESS_2;
/** RECEIVER with one letter's case flipped: the EIP-55 checksum no longer matches. */
export const RECEIVER_BROKEN_CHECKSUM = `${RECEIVER.slice(0, 10)}${RECEIVER[10]!.toLowerCase()}${RECEIVER.slice(11)}`;
export const RECEIVER_NAME = 'bob.kw.id';
export const RECEIVER_AVATAR = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48"><rect width="48" height="48" fill="#e8590c"/><text x="24" y="31" font-family="sans-serif" font-size="20" fill="#fff" text-anchor="middle">B</text></svg>',
)}`;

/** The name service knows bob.kw.id (on the story chain's coin type) next to the fixtures' alice. */
export const bobProfile = {
  ...profileFixture,
  name: RECEIVER_NAME,
  addresses: { [String((0x80000000 | 31337) >>> 0)]: { address: RECEIVER, created: '1736942400' } },
  attributes: [{ avatar: RECEIVER_AVATAR, bio: 'Bob' }],
};

export interface SendChain {
  /** Raw transactions the wallet broadcast. */
  readonly sent: Hex[];
  /** Receipts are withheld while true (a transaction stays pending). */
  holdReceipts: boolean;
}

export const sendChain: SendChain = { sent: [], holdReceipts: false };

/** The story chains' JSON-RPC with sending (answers every method the wallet and wagmi use here). */
export function sendRpcHandlers(opts: { failGasPrice?: boolean } = {}): RequestHandler[] {
  return [
    http.post('https://rpc.keyway.test/:chainId', async ({ request, params }) => {
      const chainId = Number(params.chainId);
      const body = (await request.clone().json()) as
        | { id: number; method: string; params?: unknown[] }
        | { id: number; method: string; params?: unknown[] }[];
      const calls = Array.isArray(body) ? body : [body];
      if (sendChain.holdReceipts && calls.some((c) => c.method === 'eth_getTransactionReceipt')) {
        await delay('infinite');
      }
      const answer = ({ id, method, params: p = [] }: { id: number; method: string; params?: unknown[] }) => {
        const ok = (result: unknown) => ({ jsonrpc: '2.0', id, result });
        const head = 16 + sendChain.sent.length;
        switch (method) {
          case 'eth_chainId':
            return ok(numberToHex(chainId));
          case 'net_version':
            return ok(String(chainId));
          case 'eth_getBalance':
            return ok(numberToHex(STORY_BALANCE_WEI));
          case 'eth_blockNumber':
            return ok(numberToHex(head));
          case 'eth_gasPrice':
            return opts.failGasPrice
              ? { jsonrpc: '2.0', id, error: { code: -32000, message: 'gas price unavailable' } }
              : ok(numberToHex(20_000_000_000n));
          case 'eth_maxPriorityFeePerGas':
            return ok(numberToHex(1_000_000_000n));
          case 'eth_getTransactionCount':
            return ok(numberToHex(sendChain.sent.length));
          case 'eth_estimateGas':
            return ok(numberToHex(21_000n));
          case 'eth_getBlockByNumber':
            return ok({
              number: numberToHex(head),
              hash: `0x${'ab'.repeat(32)}`,
              baseFeePerGas: numberToHex(1_000_000_000n),
              timestamp: numberToHex(1_736_942_400),
              transactions: [],
            });
          case 'eth_sendRawTransaction': {
            const raw = p[0] as Hex;
            sendChain.sent.push(raw);
            return ok(keccak256(raw));
          }
          case 'eth_getTransactionReceipt': {
            const hash = p[0] as Hex;
            const index = sendChain.sent.findIndex((raw) => keccak256(raw) === hash);
            if (index < 0) return ok(null);
            const tx = parseTransaction(sendChain.sent[index]!);
            return ok({
              transactionHash: hash,
              transactionIndex: '0x0',
              blockHash: `0x${'cd'.repeat(32)}`,
              blockNumber: numberToHex(17 + index),
              from: STORY_ADDRESS.toLowerCase(),
              to: tx.to ?? null,
              cumulativeGasUsed: numberToHex(21_000n),
              gasUsed: numberToHex(21_000n),
              effectiveGasPrice: numberToHex(tx.gasPrice ?? 20_000_000_000n),
              contractAddress: null,
              logs: [],
              logsBloom: `0x${'00'.repeat(256)}`,
              status: '0x1',
              type: '0x0',
            });
          }
          default:
            return { jsonrpc: '2.0', id, error: { code: -32601, message: `${method} is not mocked` } };
        }
      };
      return HttpResponse.json(Array.isArray(body) ? body.map(answer) : answer(body));
    }),
  ];
}

/** Handlers of a send story: the sending chain first, then the kit's API handlers. */
export function sendHandlers(
  opts: { failGasPrice?: boolean; blockchain?: BlockchainApiHandlersOptions } = {},
): RequestHandler[] {
  return [
    ...sendRpcHandlers(opts),
    ...storyHandlers({
      blockchain: {
        // bob's address is under the story chain's own coin type (the fixtures' type only knows '60').
        profiles: [profileFixture, bobProfile as unknown as typeof profileFixture],
        ...(opts.failGasPrice ? { variants: { gasPrice: 'error' } } : {}),
        ...opts.blockchain,
      },
    }),
  ];
}

/** Clears the broadcast list (call in a story's setup). */
export function resetSendChain(): void {
  sendChain.sent.length = 0;
  sendChain.holdReceipts = false;
}

/** Story setup: balances loaded, then the given token chosen and the form filled as a user would. */
export async function fillSend(
  kit: StoryKit,
  form: { symbol?: string; amount?: string; receiver?: string } = {},
): Promise<void> {
  const balances = getBalancesStore(kit.keyway);
  await balances.getState().load();
  const send = getSendStore(kit.keyway).getState();
  const token = balances.getState().balances.find((b) => b.symbol === (form.symbol ?? 'ETH'));
  if (!token) throw new Error(`Story setup: no ${form.symbol ?? 'ETH'} balance`);
  send.setToken(token);
  await send.fetchGasPrice();
  if (form.amount !== undefined) send.setAmount(form.amount);
  if (form.receiver !== undefined) await send.setReceiver(form.receiver);
}
