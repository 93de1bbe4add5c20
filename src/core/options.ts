/**
 * Host options of `createKeyway` (spec §1 plus networks, endpoints, theme and integrations), validated with
 * zod. Unknown options are rejected; every failure names the option and what was expected.
 */
import type { Config as WagmiConfig } from 'wagmi';
import { isLocaleTag } from '../i18n/locales';
import type { MessageOverrides } from '../i18n/types';
import { themeOptionsSchema } from '../theme/options';
import {
  DEFAULT_ONRAMP_PROVIDER_ORIGINS,
  DEFAULT_SDK_TYPE,
  DEFAULT_SWAP_ROUTERS,
  PAIRING_LIFETIME_MS,
  SDK_VERSION,
} from './constants';
import { isInitialState, type KeywayInitialState } from './cookies';
import { KeywayOptionsError } from './errors';
import { type KeywayNetwork, networkSchema } from './networks';
import { isSafeHttpsLink, isSafeImageUrl, isSafeWalletLink } from './url';
import { z } from './zod-mini';

/**
 * Default Blockchain API endpoint (the hosted WalletConnect-compatible service whose shapes API.md
 * describes). The local stack's reference server is `http://127.0.0.1:4100`.
 */
export const DEFAULT_API_URL = 'https://rpc.walletconnect.org';
/** Default wallet explorer endpoint (same shapes as the local stack's explorer). */
export const DEFAULT_EXPLORER_URL = 'https://api.web3modal.org';

const CAIP2_RE = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/;

const bool = (what: string) => z.boolean({ error: `expected ${what} (true or false)` });
const stringArray = z.array(
  z.string({ error: 'expected a string' }).check(z.minLength(1, 'expected a non-empty string')),
  {
    error: 'expected an array of strings',
  },
);

/** `https:` URL, or `http:` on localhost/127.0.0.1 for local development. */
const pageUrl = z
  .string({ error: 'expected an https: URL' })
  .check(
    z.refine((v) => isSafeHttpsLink(v), { message: 'expected an https: URL (http: only for localhost)' }),
  );

const walletLink = z.string({ error: 'expected a URL string' }).check(
  z.refine((v) => isSafeWalletLink(v), {
    message:
      "expected an https: URL or the wallet's own custom scheme (javascript:, data:, vbscript:, file: are refused)",
  }),
);

const routerAddress = z
  .string()
  .check(z.regex(/^0x[0-9a-fA-F]{40}$/, 'expected 0x-prefixed 20-byte addresses'));

/** A trusted swap router: its address, and whether it takes EIP-2612 permits (default false). */
export interface SwapRouterEntry {
  address: `0x${string}`;
  name?: string;
  permit: boolean;
}

/** A `swapRouters` entry: an address, or `{address, name?, permit?}`. */
const swapRouterSchema = z.union(
  [
    routerAddress,
    z.strictObject({
      address: routerAddress,
      name: z.optional(z.string({ error: 'expected a string' }).check(z.minLength(1), z.maxLength(64))),
      permit: z._default(bool('a boolean'), false),
    }),
  ],
  { error: 'expected a router address or {address, name?, permit?}' },
);

const toRouterEntry = (r: z.output<typeof swapRouterSchema>): SwapRouterEntry =>
  typeof r === 'string'
    ? { address: r as `0x${string}`, permit: false }
    : { ...r, address: r.address as `0x${string}` };

const imageUrl = z
  .string({ error: 'expected an image URL' })
  .check(z.refine((v) => isSafeImageUrl(v), { message: 'expected an https: or data:image/ URL' }));

const isFn = (v: unknown): v is (...args: never[]) => unknown => typeof v === 'function';
const fn = <T extends (...args: never[]) => unknown>(what: string) =>
  z.custom<T>(isFn, { error: `expected ${what} to be a function` });

export const customWalletSchema = z.strictObject(
  {
    id: z
      .string({ error: 'expected a string id' })
      .check(z.minLength(1, 'expected a non-empty id'), z.maxLength(128)),
    name: z
      .string({ error: 'expected a string name' })
      .check(z.minLength(1, 'expected a non-empty name'), z.maxLength(64)),
    homepage: z.optional(pageUrl),
    image_url: z.optional(imageUrl),
    mobile_link: z.optional(walletLink),
    desktop_link: z.optional(walletLink),
    webapp_link: z.optional(pageUrl),
    app_store: z.optional(pageUrl),
    play_store: z.optional(pageUrl),
  },
  { error: 'expected a wallet object { id, name, ... }' },
);
export type CustomWallet = z.infer<typeof customWalletSchema>;

export const metadataSchema = z.strictObject(
  {
    name: z.string({ error: 'expected a string' }).check(z.minLength(1, 'expected a non-empty name')),
    description: z.string({ error: 'expected a string' }),
    url: pageUrl,
    icons: z.array(imageUrl, { error: 'expected an array of icon URLs' }),
  },
  { error: 'expected { name, description, url, icons }' },
);
export type KeywayMetadata = z.infer<typeof metadataSchema>;

export interface SiweMessageParams {
  domain?: string;
  uri?: string;
  statement?: string;
  chains?: number[];
  expiry?: number;
  resources?: string[];
  [key: string]: unknown;
}
export interface SiweSession {
  address: string;
  chainId: number;
}
export interface SiweVerifyArgs {
  message: string;
  signature: string;
}
export interface SiweConfig {
  getNonce: (address?: string) => Promise<string>;
  getMessageParams?: () => Promise<SiweMessageParams>;
  verifyMessage: (args: SiweVerifyArgs) => Promise<boolean>;
  getSession: () => Promise<SiweSession | null>;
  signOut: () => Promise<boolean>;
}

export const siweConfigSchema = z.strictObject(
  {
    getNonce: fn<SiweConfig['getNonce']>('getNonce'),
    getMessageParams: z.optional(fn<NonNullable<SiweConfig['getMessageParams']>>('getMessageParams')),
    verifyMessage: fn<SiweConfig['verifyMessage']>('verifyMessage'),
    getSession: fn<SiweConfig['getSession']>('getSession'),
    signOut: fn<SiweConfig['signOut']>('signOut'),
  },
  { error: 'expected { getNonce, verifyMessage, getSession, signOut } functions' },
);

/** Minimal Web Storage shape (window.localStorage, or an in-memory map in tests). */
export interface KeywayStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}
const storageSchema = z.custom<KeywayStorage>(
  (v) =>
    typeof v === 'object' &&
    v !== null &&
    isFn((v as KeywayStorage).getItem) &&
    isFn((v as KeywayStorage).setItem) &&
    isFn((v as KeywayStorage).removeItem),
  { error: 'expected a Storage-like object with getItem, setItem and removeItem' },
);

const wagmiConfigSchema = z.custom<WagmiConfig>(
  (v) => typeof v === 'object' && v !== null && Array.isArray((v as { chains?: unknown }).chains),
  { error: 'expected a wagmi Config (createConfig(...))' },
);

const initialStateSchema = z.custom<KeywayInitialState>(isInitialState, {
  error: "expected the state cookieToInitialState (from 'keyway/ssr') returned",
});

const networksSchema = z.array(networkSchema, { error: 'expected an array of networks' }).check(
  z.minLength(1, 'expected at least one network (the first is the default)'),
  z.superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((n, i) => {
      if (seen.has(n.id)) {
        ctx.addIssue({ code: 'custom', path: [i, 'id'], message: `duplicate network id "${n.id}"` });
      }
      seen.add(n.id);
    });
  }),
);

const tokensSchema = z.record(
  z.string().check(z.regex(CAIP2_RE, 'expected CAIP-2 network ids as keys (e.g. "eip155:1")')),
  z.strictObject(
    {
      address: z.string({ error: 'expected a token address string' }).check(z.minLength(1), z.maxLength(128)),
      image: z.optional(imageUrl),
    },
    { error: 'expected { address, image? }' },
  ),
  { error: 'expected a record of CAIP-2 network id to { address, image? }' },
);

/** Nested objects of texts, at most 4 levels deep (the catalogue's depth); every leaf a string. */
function isMessageTree(value: unknown, depth = 0): boolean {
  if (depth > 4 || typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  if (Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null)
    return false;
  return Object.values(value).every(
    (v) => (typeof v === 'string' && v.length <= 2000) || isMessageTree(v, depth + 1),
  );
}

const localeSchema = z
  .string({ error: 'expected a BCP 47 locale tag such as "de" or "pt-BR"' })
  .check(z.refine(isLocaleTag, { message: 'expected a BCP 47 locale tag such as "de" or "pt-BR"' }));

const messagesSchema = z.custom<MessageOverrides>((v) => isMessageTree(v), {
  error: 'expected the texts to override: nested objects of strings shaped like the English catalogue',
});

export const keywayOptionsSchema = z.pipe(
  z.strictObject(
    {
      // --- spec §1 ---
      projectId: z
        .string({ error: 'expected a non-empty string' })
        .check(z.trim(), z.minLength(1, 'expected a non-empty string')),
      sdkType: z._default(
        z.string({ error: 'expected a string' }).check(z.minLength(1), z.maxLength(64)),
        DEFAULT_SDK_TYPE,
      ),
      sdkVersion: z._default(
        z.string({ error: 'expected a string' }).check(z.minLength(1), z.maxLength(64)),
        SDK_VERSION,
      ),
      enableAnalytics: z._default(bool('a boolean'), false),
      enableOnramp: z._default(bool('a boolean'), true),
      enableSwaps: z._default(bool('a boolean'), true),
      allWallets: z._default(
        z.enum(['SHOW', 'HIDE', 'ONLY_MOBILE'], { error: 'expected "SHOW", "HIDE" or "ONLY_MOBILE"' }),
        'SHOW',
      ),
      /**
       * Origins of the on-ramp provider pages the kit may open (`https://…`, or `http://` on a loopback host
       * for a local stack). A provider URL from the API outside these is refused before the window goes
       * there. Default: DEFAULT_ONRAMP_PROVIDER_ORIGINS (Coinbase Onramp).
       */
      onrampProviderOrigins: z._default(
        z
          .array(
            z.string().check(
              z.refine((v) => isSafeHttpsLink(v) && new URL(v).origin === v, {
                message: 'expected origins such as "https://pay.coinbase.com" (no path)',
              }),
            ),
          )
          .check(z.maxLength(32)),
        [...DEFAULT_ONRAMP_PROVIDER_ORIGINS],
      ),
      /** The Buy form's providers section (each provider with its fee and limits): 'HIDE' leaves it out. */
      onrampProviders: z._default(z.enum(['SHOW', 'HIDE'], { error: 'expected "SHOW" or "HIDE"' }), 'SHOW'),
      disableAppend: z._default(bool('a boolean'), false),
      enableEIP6963: z._default(bool('a boolean'), true),
      includeWalletIds: z._default(stringArray, []),
      excludeWalletIds: z._default(stringArray, []),
      featuredWalletIds: z._default(stringArray, []),
      tokens: z._default(tokensSchema, {}),
      /**
       * Swap routers trusted per CAIP-2 network: an approval's spender and a swap's target must be one of
       * them, or the swap is refused before anything is signed. A network listed here replaces the default's
       * entry (DEFAULT_SWAP_ROUTERS: the 1inch Aggregation Router v6 on its networks). An entry is an address,
       * or `{address, name?, permit?}`: `permit: true` says the router (and the swap service building for
       * it) takes an EIP-2612 permit signature instead of an approval transaction.
       */
      swapRouters: z.pipe(
        z._default(
          z.record(
            z.string().check(z.regex(CAIP2_RE, 'expected CAIP-2 network ids as keys (e.g. "eip155:1")')),
            z.array(swapRouterSchema).check(z.maxLength(16)),
            { error: 'expected a record of CAIP-2 network id to router addresses' },
          ),
          {},
        ),
        z.transform(
          (r): Record<string, readonly SwapRouterEntry[]> =>
            Object.fromEntries(
              Object.entries({ ...DEFAULT_SWAP_ROUTERS, ...r }).map(([network, routers]) => [
                network,
                routers.map(toRouterEntry),
              ]),
            ),
        ),
      ),
      termsConditionsUrl: z.optional(pageUrl),
      privacyPolicyUrl: z.optional(pageUrl),
      customWallets: z._default(z.array(customWalletSchema, { error: 'expected an array of wallets' }), []),
      isSiweEnabled: z._default(bool('a boolean'), false),
      metadata: z.optional(metadataSchema),
      hasMultipleAddresses: z._default(bool('a boolean'), false),
      // --- networks and endpoints ---
      networks: networksSchema,
      /** A network from `networks` (object or CAIP-2 id); defaults to the first one. */
      defaultNetwork: z.optional(
        z.union([z.string(), networkSchema], { error: 'expected a network or a CAIP-2 id from "networks"' }),
      ),
      apiUrl: z._default(pageUrl, DEFAULT_API_URL),
      explorerUrl: z._default(pageUrl, DEFAULT_EXPLORER_URL),
      /** The embedded-wallet frame page. Without it, email/social login is not offered. */
      secureFrameUrl: z.optional(pageUrl),
      // --- integrations ---
      /** The kit's language, a BCP 47 tag (`de`, `pt-BR`, `ar`); English by default. See docs/i18n.md. */
      locale: z.optional(localeSchema),
      /** Overrides of any text, shaped like the English catalogue (`src/i18n/en.ts`), in every locale. */
      messages: z.optional(messagesSchema),
      theme: z.optional(themeOptionsSchema),
      wagmiConfig: z.optional(wagmiConfigSchema),
      siwe: z.optional(siweConfigSchema),
      walletConnect: z.optional(
        z.looseObject(
          {
            /** A self-hosted WalletConnect relay (`ws://` or `wss://`); WalletConnect's own relay by default. */
            relayUrl: z.optional(
              z
                .string({ error: 'expected a relay URL string' })
                .check(z.regex(/^wss?:\/\/[^\s]+$/, 'expected a ws:// or wss:// relay URL')),
            ),
            /** WalletConnect Verify; default: on with WalletConnect's relay, off with a self-hosted one. */
            verify: z.optional(z.boolean({ error: 'expected true or false' })),
            /**
             * For tests only: how long a pairing URI lives before a new one replaces it, in ms (15 000 to the
             * spec's 240 000, the default). The end-to-end tests see a URI expire this way instead of waiting
             * four minutes.
             */
            uriLifetimeMs: z.optional(
              z
                .int({ error: 'expected a whole number of milliseconds' })
                .check(
                  z.gte(15_000, 'expected at least 15000 ms'),
                  z.lte(PAIRING_LIFETIME_MS, `expected at most ${PAIRING_LIFETIME_MS} ms`),
                ),
            ),
          },
          { error: 'expected { relayUrl?, verify?, uriLifetimeMs? }' },
        ),
      ),
      storage: z.optional(storageSchema),
      // --- server rendering (docs/nextjs.md) ---
      /**
       * The page is rendered on a server: wagmi's connection is kept in a cookie (`keyway.wagmi.store`) that the
       * server reads back (`cookieToInitialState` from `keyway/ssr`), and the stored connection is read back
       * when the page mounts, not when the instance is created. The kit's other keys stay in `storage`.
       */
      ssr: z.optional(z.boolean({ error: 'expected true or false' })),
      /** The connection the server read from the request's cookie (`cookieToInitialState`); with `ssr: true`. */
      initialState: z.optional(initialStateSchema),
    },
    { error: 'expected an options object' },
  ),
  z.transform((o, ctx) => {
    let defaultNetwork: KeywayNetwork = o.networks[0]!;
    if (o.defaultNetwork !== undefined) {
      const id = typeof o.defaultNetwork === 'string' ? o.defaultNetwork : o.defaultNetwork.id;
      const found = o.networks.find((n) => n.id === id);
      if (!found) {
        ctx.issues.push({
          code: 'custom',
          path: ['defaultNetwork'],
          message: `expected one of the ids in "networks" (got "${id}")`,
          input: o,
        });
        return z.NEVER;
      }
      defaultNetwork = found;
    }
    if (o.isSiweEnabled && !o.siwe) {
      ctx.issues.push({
        code: 'custom',
        path: ['siwe'],
        message: 'expected { getNonce, verifyMessage, getSession, signOut } when isSiweEnabled is true',
        input: o,
      });
      return z.NEVER;
    }
    if (o.initialState && !o.ssr) {
      ctx.issues.push({
        code: 'custom',
        path: ['initialState'],
        message: 'expected ssr: true with initialState (the connection is kept in a cookie then)',
        input: o,
      });
      return z.NEVER;
    }
    return {
      ...o,
      networks: o.networks as KeywayNetwork[],
      defaultNetwork,
      apiUrl: o.apiUrl.replace(/\/+$/, ''),
      explorerUrl: o.explorerUrl.replace(/\/+$/, ''),
    };
  }),
);

export type KeywayOptions = z.input<typeof keywayOptionsSchema>;
export type ResolvedKeywayOptions = z.output<typeof keywayOptionsSchema>;

function formatPath(path: ReadonlyArray<PropertyKey>): string {
  let out = '';
  for (const p of path) {
    if (typeof p === 'number') out += `[${p}]`;
    else out += out ? `.${String(p)}` : String(p);
  }
  return out;
}

/** Validates host options; throws `KeywayOptionsError` naming the first bad option and what was expected. */
export function parseKeywayOptions(input: unknown): ResolvedKeywayOptions {
  const result = keywayOptionsSchema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const base = formatPath(issue.path);
  if (issue.code === 'unrecognized_keys') {
    const key = issue.keys[0] ?? '';
    const option = base ? `${base}.${key}` : key;
    throw new KeywayOptionsError(option, `Unknown Keyway option "${option}"`);
  }
  if (!base) {
    throw new KeywayOptionsError('', `Invalid Keyway options: ${issue.message}`);
  }
  const expected = issue.message.startsWith('expected')
    ? issue.message
    : `expected a valid value (${issue.message})`;
  throw new KeywayOptionsError(base, `Invalid Keyway option "${base}": ${expected}`);
}
