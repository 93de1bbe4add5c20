/**
 * On-ramp: options, quote, the URL generator, and the local on-ramp provider page. The page is static HTML plus a
 * same-origin script (CSP `default-src 'self'`); its "Pay" button makes this server mint test USDC to the wallet.
 */
import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { type Address, getAddress, isAddress } from 'viem';
import { z } from 'zod';
import { erc20Abi } from './abis.ts';
import type { App } from './app-types.ts';
import { type ApiContext, type EvmChainContext, withMinter } from './context.ts';
import type { Store } from './db.ts';
import { ApiError, badRequest, parseOrThrow } from './errors.ts';

const PAYMENT_LIMITS = [
  { id: 'card', min: '10.00', max: '7500.00' },
  { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
];
/** Fiat → USD rates of the local provider. */
const FIAT_TO_USD_CENTS: Record<string, bigint> = { USD: 100n, EUR: 108n };
/** Provider fee: 1 % of the payment (rounded up to the cent); network fee: a flat 0.10. */
const FEE_PERCENT = 1n;
const NETWORK_FEE_CENTS = 10n;
const SESSION_TTL_MS = 60 * 60 * 1000;

export const networkName = (chain: EvmChainContext): string =>
  chain.info.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

function findNetwork(ctx: ApiContext, network: string): EvmChainContext | undefined {
  const n = network.trim().toLowerCase();
  for (const chain of ctx.evm.values()) {
    const id = String(chain.info.chainId);
    if (n === networkName(chain) || n === id || n === `eip155:${id}`) return chain;
  }
  return undefined;
}

const cents = (v: bigint): string => `${v / 100n}.${(v % 100n).toString().padStart(2, '0')}`;

function parseFiat(amount: string | number, field: string): bigint {
  const s = String(amount).trim();
  const m = /^(\d{1,9})(?:\.(\d{1,2})\d*)?$/.exec(s);
  if (!m) throw badRequest(field, `${field} must be a positive decimal amount`);
  return BigInt(m[1] ?? '0') * 100n + BigInt((m[2] ?? '').padEnd(2, '0') || '0');
}

export interface OnrampQuote {
  paymentTotal: { amount: string; currency: string };
  paymentSubtotal: { amount: string; currency: string };
  purchaseAmount: { amount: string; currency: string };
  coinbaseFee: { amount: string; currency: string };
  networkFee: { amount: string; currency: string };
  quoteId: string;
}

export function computeQuote(
  paymentCurrency: string,
  totalCents: bigint,
): { quote: OnrampQuote; usdcMicro: bigint } {
  const rate = FIAT_TO_USD_CENTS[paymentCurrency];
  if (rate === undefined) throw badRequest('paymentCurrency', 'paymentCurrency must be USD or EUR');
  // The quote names no payment method: it accepts what any method allows (the method's own limits are the
  // kit's to check; bank transfer goes to 25000.00).
  const min = PAYMENT_LIMITS.reduce(
    (m, l) => (parseFiat(l.min, 'amount') < parseFiat(m, 'amount') ? l.min : m),
    '10.00',
  );
  const max = PAYMENT_LIMITS.reduce(
    (m, l) => (parseFiat(l.max, 'amount') > parseFiat(m, 'amount') ? l.max : m),
    '0.00',
  );
  if (totalCents < parseFiat(min, 'amount') || totalCents > parseFiat(max, 'amount')) {
    throw badRequest('amount', `amount must be between ${min} and ${max} ${paymentCurrency}`);
  }
  const fee = (totalCents * FEE_PERCENT + 99n) / 100n;
  const subtotal = totalCents - fee - NETWORK_FEE_CENTS;
  // subtotal (fiat cents) × rate (USD cents per fiat unit) → USD in 1e-4 units → USDC (6 decimals)
  const usdcMicro = subtotal * rate * 100n;
  const usdcCents = (subtotal * rate) / 100n;
  return {
    usdcMicro,
    quote: {
      paymentTotal: { amount: cents(totalCents), currency: paymentCurrency },
      paymentSubtotal: { amount: cents(subtotal), currency: paymentCurrency },
      purchaseAmount: { amount: cents(usdcCents), currency: 'USDC' },
      coinbaseFee: { amount: cents(fee), currency: paymentCurrency },
      networkFee: { amount: cents(NETWORK_FEE_CENTS), currency: paymentCurrency },
      quoteId: randomUUID(),
    },
  };
}

const currencyRef = z.union([
  z.string().min(1).max(40),
  z.object({ id: z.string().min(1).max(40).optional(), symbol: z.string().min(1).max(40).optional() }),
]);
const refId = (v: z.infer<typeof currencyRef>): string =>
  (typeof v === 'string' ? v : (v.id ?? v.symbol ?? '')).toUpperCase();

const quoteBody = z.object({
  purchaseCurrency: currencyRef,
  paymentCurrency: currencyRef,
  amount: z.union([z.string(), z.number()]),
  network: z.string().min(1).max(60),
});

const urlBody = z.object({
  destinationWallets: z
    .array(
      z.object({
        address: z.string().refine((a) => isAddress(a, { strict: false }), 'Invalid wallet address'),
        blockchains: z.array(z.string().max(60)).max(20).optional(),
        assets: z.array(z.string().max(40)).max(20).optional(),
      }),
    )
    .min(1, 'destinationWallets must not be empty')
    .max(10),
  defaultNetwork: z.string().max(60).optional(),
  partnerUserId: z.string().max(200).optional(),
  defaultExperience: z.string().max(20).optional(),
  presetCryptoAmount: z.union([z.string(), z.number()]).optional(),
  presetFiatAmount: z.union([z.string(), z.number()]).optional(),
});

interface Session {
  address: Address;
  networks: EvmChainContext[];
  defaultNetwork: string;
  amount: string;
  expires: number;
}

const CHECKOUT_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Keyway local on-ramp</title>
<link rel="stylesheet" href="/onramp/checkout.css">
<script src="/onramp/checkout.js" defer></script>
</head>
<body>
<main>
<h1>Keyway local on-ramp</h1>
<p class="note">Test provider: no real money moves. Paying mints test USDC on the local chain.</p>
<form id="checkout" hidden>
<p>Destination wallet: <code id="address"></code></p>
<label for="network">Network</label>
<select id="network" name="network"></select>
<label for="amount">Amount (USD)</label>
<input id="amount" name="amount" inputmode="decimal" autocomplete="off">
<p id="quote" aria-live="polite"></p>
<button id="pay" type="submit">Pay</button>
</form>
<p id="status" role="status" aria-live="polite">Loading…</p>
</main>
</body>
</html>
`;

const CHECKOUT_CSS = `body{font-family:Inter,system-ui,sans-serif;background:#f5f6f8;color:#111;margin:0}
main{max-width:420px;margin:48px auto;background:#fff;border-radius:16px;padding:24px;box-shadow:0 4px 24px #0001}
label{display:block;margin-top:12px;font-weight:600}select,input{width:100%;padding:8px;margin-top:4px;box-sizing:border-box}
button{margin-top:16px;width:100%;padding:12px;border:0;border-radius:12px;background:#1c64f2;color:#fff;font-size:16px}
button:disabled{opacity:.6}.note{color:#555;font-size:14px}code{word-break:break-all}
`;

const CHECKOUT_JS = `'use strict';
(function () {
  var id = location.pathname.split('/').pop();
  var api = '/onramp/api/sessions/' + encodeURIComponent(id);
  var form = document.getElementById('checkout');
  var status = document.getElementById('status');
  var select = document.getElementById('network');
  var amount = document.getElementById('amount');
  var pay = document.getElementById('pay');
  var quote = document.getElementById('quote');
  function show(text) { status.textContent = text; }
  function refreshQuote() {
    fetch(api + '/quote?amount=' + encodeURIComponent(amount.value))
      .then(function (r) { return r.json(); })
      .then(function (q) {
        quote.textContent = q.purchaseAmount ? 'You receive ' + q.purchaseAmount.amount + ' USDC' : (q.reasons ? q.reasons[0].description : '');
      })
      .catch(function () { quote.textContent = ''; });
  }
  fetch(api).then(function (r) { return r.json(); }).then(function (s) {
    if (!s.address) { show(s.reasons ? s.reasons[0].description : 'Unknown checkout session'); return; }
    document.getElementById('address').textContent = s.address;
    s.networks.forEach(function (n) {
      var o = document.createElement('option');
      o.value = n.id; o.textContent = n.name; o.selected = n.id === s.defaultNetwork;
      select.appendChild(o);
    });
    amount.value = s.amount;
    form.hidden = false;
    show('');
    refreshQuote();
  }).catch(function () { show('Could not load the checkout session'); });
  amount.addEventListener('input', refreshQuote);
  form.addEventListener('submit', function (e) {
    e.preventDefault();
    pay.disabled = true;
    show('Processing payment…');
    fetch(api + '/pay', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ network: select.value, amount: amount.value })
    }).then(function (r) { return r.json(); }).then(function (res) {
      if (res.txHash) show('Payment complete: ' + res.purchaseAmount + ' USDC sent to your wallet (transaction ' + res.txHash + ').');
      else { show(res.reasons ? res.reasons[0].description : 'Payment failed'); pay.disabled = false; }
    }).catch(function () { show('Payment failed'); pay.disabled = false; });
  });
})();
`;

const PAGE_CSP = "default-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors *";

function staticAsset(c: Context, body: string, type: string): Response {
  return c.body(body, 200, {
    'content-type': type,
    'content-security-policy': PAGE_CSP,
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-store',
  });
}

export interface OnrampDeps {
  ctx: ApiContext;
  store: Store;
  baseUrl: () => string;
}

export function registerOnrampRoutes(app: App, { ctx, store, baseUrl }: OnrampDeps): void {
  const sessions = new Map<string, Session>();

  const networksJson = () =>
    [...ctx.evm.values()].map((chain) => ({
      name: networkName(chain),
      display_name: chain.info.name,
      chain_id: String(chain.info.chainId),
      contract_address: chain.info.contracts.usdc,
    }));

  app.get('/v1/onramp/options', (c) =>
    c.json({
      paymentCurrencies: Object.keys(FIAT_TO_USD_CENTS).map((id) => ({
        id,
        payment_method_limits: PAYMENT_LIMITS,
      })),
      purchaseCurrencies: [{ id: 'USDC', name: 'USD Coin', symbol: 'USDC', networks: networksJson() }],
    }),
  );

  app.post('/v1/onramp/quote', async (c) => {
    const body = parseOrThrow(quoteBody, await c.req.json().catch(() => undefined));
    if (refId(body.purchaseCurrency) !== 'USDC')
      throw badRequest('purchaseCurrency', 'Only USDC can be purchased');
    if (!findNetwork(ctx, body.network)) throw badRequest('network', `Unsupported network ${body.network}`);
    const { quote } = computeQuote(refId(body.paymentCurrency), parseFiat(body.amount, 'amount'));
    return c.json(quote);
  });

  app.post('/v1/generators/onrampurl', async (c) => {
    const body = parseOrThrow(urlBody, await c.req.json().catch(() => undefined));
    const wallet = body.destinationWallets[0];
    if (!wallet) throw badRequest('destinationWallets', 'destinationWallets must not be empty');
    const chains = (wallet.blockchains ?? [])
      .map((b) => findNetwork(ctx, b))
      .filter((x): x is EvmChainContext => !!x);
    const networks = chains.length > 0 ? [...new Set(chains)] : [...ctx.evm.values()];
    const def = body.defaultNetwork ? findNetwork(ctx, body.defaultNetwork) : undefined;
    const first = networks[0];
    if (!first) throw badRequest('destinationWallets', 'No supported network');
    const amount =
      body.presetFiatAmount !== undefined
        ? String(body.presetFiatAmount)
        : body.presetCryptoAmount !== undefined
          ? String(body.presetCryptoAmount)
          : '100';
    const id = randomUUID();
    const now = Date.now();
    for (const [k, s] of sessions) if (s.expires < now) sessions.delete(k);
    sessions.set(id, {
      address: getAddress(wallet.address),
      networks,
      defaultNetwork: networkName(def && networks.includes(def) ? def : first),
      amount,
      expires: now + SESSION_TTL_MS,
    });
    return c.json({ url: `${baseUrl()}/onramp/checkout/${id}` });
  });

  // Local provider page (no projectId: the unguessable session id is the capability).
  app.get('/onramp/checkout.js', (c) => staticAsset(c, CHECKOUT_JS, 'text/javascript; charset=utf-8'));
  app.get('/onramp/checkout.css', (c) => staticAsset(c, CHECKOUT_CSS, 'text/css; charset=utf-8'));
  app.get('/onramp/checkout/:id', (c) => staticAsset(c, CHECKOUT_HTML, 'text/html; charset=utf-8'));

  const session = (id: string): Session => {
    const s = sessions.get(id);
    if (!s || s.expires < Date.now())
      throw new ApiError(404, 'session', 'Unknown or expired checkout session');
    return s;
  };

  app.get('/onramp/api/sessions/:id', (c) => {
    const s = session(c.req.param('id'));
    return c.json({
      address: s.address,
      networks: s.networks.map((n) => ({ id: networkName(n), name: n.info.name })),
      defaultNetwork: s.defaultNetwork,
      amount: s.amount,
    });
  });

  app.get('/onramp/api/sessions/:id/quote', (c) => {
    session(c.req.param('id'));
    return c.json(computeQuote('USD', parseFiat(c.req.query('amount') ?? '', 'amount')).quote);
  });

  const payBody = z.object({ network: z.string().min(1).max(60), amount: z.union([z.string(), z.number()]) });
  app.post('/onramp/api/sessions/:id/pay', async (c) => {
    const id = c.req.param('id');
    const s = session(id);
    const body = parseOrThrow(payBody, await c.req.json().catch(() => undefined));
    const chain = findNetwork(ctx, body.network);
    if (!chain || !s.networks.includes(chain))
      throw badRequest('network', `Unsupported network ${body.network}`);
    const { quote, usdcMicro } = computeQuote('USD', parseFiat(body.amount, 'amount'));
    let txHash: `0x${string}`;
    try {
      txHash = await withMinterSend(chain, s.address, usdcMicro);
    } catch {
      throw new ApiError(502, 'network', 'The local chain refused the mint; try again');
    }
    const db = await store.db;
    await db.query(
      'insert into onramp_purchases (tx_hash, chain_id, address, amount, created) values ($1, $2, $3, $4, $5) on conflict do nothing',
      [txHash, chain.info.chainId, s.address, usdcMicro.toString(), Math.floor(Date.now() / 1000)],
    );
    sessions.delete(id);
    return c.json({
      txHash,
      chainId: `eip155:${chain.info.chainId}`,
      address: s.address,
      purchaseAmount: quote.purchaseAmount.amount,
    });
  });
}

async function withMinterSend(chain: EvmChainContext, to: Address, amount: bigint): Promise<`0x${string}`> {
  const run = async () => {
    const account = chain.minter.account;
    if (!account) throw new Error('minter has no account');
    const hash = await chain.minter.writeContract({
      address: chain.info.contracts.usdc,
      abi: erc20Abi,
      functionName: 'mint',
      args: [to, amount],
      account,
      chain: chain.chain,
    });
    const receipt = await chain.client.waitForTransactionReceipt({
      hash,
      pollingInterval: 100,
      timeout: 20_000,
    });
    if (receipt.status !== 'success') throw new Error('mint reverted');
    return hash;
  };
  return withMinter(chain, run);
}
