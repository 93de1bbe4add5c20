/**
 * Host options of `createKeyway` (spec §1 plus networks, endpoints, theme and integrations), validated with
 * zod. Unknown options are rejected; every failure names the option and what was expected.
 */
import type { Config as WagmiConfig } from 'wagmi';
import { isLocaleTag } from '../i18n/locales';
import type { MessageOverrides } from '../i18n/types';
import { themeOptionsSchema } from '../theme/createTheme';
import { DEFAULT_SDK_TYPE, DEFAULT_SWAP_ROUTERS, SDK_VERSION } from './constants';
import { KeywayOptionsError } from './errors';
import { type KeywayNetwork, networkSchema } from './networks';
import { isSafeHttpsLink, isSafeImageUrl, isSafeWalletLink } from './url';
import { z } from './zod';

/**
 * Default Blockchain API endpoint (the hosted WalletConnect-compatible service whose shapes API.md
 * describes). The local stack's reference server is `http://127.0.0.1:4100`.
 */
export const DEFAULT_API_URL = 'https://rpc.walletconnect.org';
/** Default wallet explorer endpoint (same shapes as the local stack's explorer). */
export const DEFAULT_EXPLORER_URL = 'https://api.web3modal.org';

const CAIP2_RE = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/;

const bool = (what: string) => z.boolean({ error: `expected ${what} (true or false)` });
const stringArray = z.array(z.string({ error: 'expected a string' }).min(1, 'expected a non-empty string'), {
  error: 'expected an array of strings',
});

/** `https:` URL, or `http:` on localhost/127.0.0.1 for local development. */
const pageUrl = z
  .string({ error: 'expected an https: URL' })
  .refine((v) => isSafeHttpsLink(v), { message: 'expected an https: URL (http: only for localhost)' });

const walletLink = z.string({ error: 'expected a URL string' }).refine((v) => isSafeWalletLink(v), {
  message:
    "expected an https: URL or the wallet's own custom scheme (javascript:, data:, vbscript:, file: are refused)",
});

const routerAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'expected 0x-prefixed 20-byte addresses');

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
      name: z.string({ error: 'expected a string' }).min(1).max(64).optional(),
      permit: bool('a boolean').default(false),
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
  .refine((v) => isSafeImageUrl(v), { message: 'expected an https: or data:image/ URL' });

const isFn = (v: unknown): v is (...args: never[]) => unknown => typeof v === 'function';
const fn = <T extends (...args: never[]) => unknown>(what: string) =>
  z.custom<T>(isFn, { error: `expected ${what} to be a function` });

export const customWalletSchema = z
  .object(
    {
      id: z.string({ error: 'expected a string id' }).min(1, 'expected a non-empty id').max(128),
      name: z.string({ error: 'expected a string name' }).min(1, 'expected a non-empty name').max(64),
      homepage: pageUrl.optional(),
      image_url: imageUrl.optional(),
      mobile_link: walletLink.optional(),
      desktop_link: walletLink.optional(),
      webapp_link: pageUrl.optional(),
      app_store: pageUrl.optional(),
      play_store: pageUrl.optional(),
    },
    { error: 'expected a wallet object { id, name, ... }' },
  )
  .strict();
export type CustomWallet = z.infer<typeof customWalletSchema>;

export const metadataSchema = z
  .object(
    {
      name: z.string({ error: 'expected a string' }).min(1, 'expected a non-empty name'),
      description: z.string({ error: 'expected a string' }),
      url: pageUrl,
      icons: z.array(imageUrl, { error: 'expected an array of icon URLs' }),
    },
    { error: 'expected { name, description, url, icons }' },
  )
  .strict();
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

export const siweConfigSchema = z
  .object(
    {
      getNonce: fn<SiweConfig['getNonce']>('getNonce'),
      getMessageParams: fn<NonNullable<SiweConfig['getMessageParams']>>('getMessageParams').optional(),
      verifyMessage: fn<SiweConfig['verifyMessage']>('verifyMessage'),
      getSession: fn<SiweConfig['getSession']>('getSession'),
      signOut: fn<SiweConfig['signOut']>('signOut'),
    },
    { error: 'expected { getNonce, verifyMessage, getSession, signOut } functions' },
  )
  .strict();

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

const networksSchema = z
  .array(networkSchema, { error: 'expected an array of networks' })
  .min(1, 'expected at least one network (the first is the default)')
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((n, i) => {
      if (seen.has(n.id)) {
        ctx.addIssue({ code: 'custom', path: [i, 'id'], message: `duplicate network id "${n.id}"` });
      }
      seen.add(n.id);
    });
  });

const tokensSchema = z.record(
  z.string().regex(CAIP2_RE, 'expected CAIP-2 network ids as keys (e.g. "eip155:1")'),
  z
    .object(
      {
        address: z.string({ error: 'expected a token address string' }).min(1).max(128),
        image: imageUrl.optional(),
      },
      { error: 'expected { address, image? }' },
    )
    .strict(),
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
  .refine(isLocaleTag, { message: 'expected a BCP 47 locale tag such as "de" or "pt-BR"' });

const messagesSchema = z.custom<MessageOverrides>((v) => isMessageTree(v), {
  error: 'expected the texts to override: nested objects of strings shaped like the English catalogue',
});

export const keywayOptionsSchema = z
  .object(
    {
      // --- spec §1 ---
      projectId: z
        .string({ error: 'expected a non-empty string' })
        .trim()
        .min(1, 'expected a non-empty string'),
      sdkType: z.string({ error: 'expected a string' }).min(1).max(64).default(DEFAULT_SDK_TYPE),
      sdkVersion: z.string({ error: 'expected a string' }).min(1).max(64).default(SDK_VERSION),
      enableAnalytics: bool('a boolean').default(false),
      enableOnramp: bool('a boolean').default(true),
      enableSwaps: bool('a boolean').default(true),
      allWallets: z
        .enum(['SHOW', 'HIDE', 'ONLY_MOBILE'], { error: 'expected "SHOW", "HIDE" or "ONLY_MOBILE"' })
        .default('SHOW'),
      /** The Buy form's providers section (each provider with its fee and limits): 'HIDE' leaves it out. */
      onrampProviders: z.enum(['SHOW', 'HIDE'], { error: 'expected "SHOW" or "HIDE"' }).default('SHOW'),
      disableAppend: bool('a boolean').default(false),
      enableEIP6963: bool('a boolean').default(true),
      includeWalletIds: stringArray.default([]),
      excludeWalletIds: stringArray.default([]),
      featuredWalletIds: stringArray.default([]),
      tokens: tokensSchema.default({}),
      /**
       * Swap routers trusted per CAIP-2 network: an approval's spender and a swap's target must be one of
       * them, or the swap is refused before anything is signed. A network listed here replaces the default's
       * entry (DEFAULT_SWAP_ROUTERS: the 1inch Aggregation Router v6 on its networks). An entry is an address,
       * or `{address, name?, permit?}`: `permit: true` says the router (and the swap service building for
       * it) takes an EIP-2612 permit signature instead of an approval transaction.
       */
      swapRouters: z
        .record(
          z.string().regex(CAIP2_RE, 'expected CAIP-2 network ids as keys (e.g. "eip155:1")'),
          z.array(swapRouterSchema).max(16),
          { error: 'expected a record of CAIP-2 network id to router addresses' },
        )
        .default({})
        .transform(
          (r): Record<string, readonly SwapRouterEntry[]> =>
            Object.fromEntries(
              Object.entries({ ...DEFAULT_SWAP_ROUTERS, ...r }).map(([network, routers]) => [
                network,
                routers.map(toRouterEntry),
              ]),
            ),
        ),
      termsConditionsUrl: pageUrl.optional(),
      privacyPolicyUrl: pageUrl.optional(),
      customWallets: z.array(customWalletSchema, { error: 'expected an array of wallets' }).default([]),
      isSiweEnabled: bool('a boolean').default(false),
      metadata: metadataSchema.optional(),
      hasMultipleAddresses: bool('a boolean').default(false),
      // --- networks and endpoints ---
      networks: networksSchema,
      /** A network from `networks` (object or CAIP-2 id); defaults to the first one. */
      defaultNetwork: z
        .union([z.string(), networkSchema], { error: 'expected a network or a CAIP-2 id from "networks"' })
        .optional(),
      apiUrl: pageUrl.default(DEFAULT_API_URL),
      explorerUrl: pageUrl.default(DEFAULT_EXPLORER_URL),
      /** The embedded-wallet frame page. Without it, email/social login is not offered. */
      secureFrameUrl: pageUrl.optional(),
      // --- integrations ---
      /** The kit's language, a BCP 47 tag (`de`, `pt-BR`, `ar`); English by default. See docs/i18n.md. */
      locale: localeSchema.optional(),
      /** Overrides of any text, shaped like the English catalogue (`src/i18n/en.ts`), in every locale. */
      messages: messagesSchema.optional(),
      theme: themeOptionsSchema.optional(),
      wagmiConfig: wagmiConfigSchema.optional(),
      siwe: siweConfigSchema.optional(),
      walletConnect: z
        .looseObject(
          { relayUrl: z.string({ error: 'expected a relay URL string' }).optional() },
          { error: 'expected { relayUrl? }' },
        )
        .optional(),
      storage: storageSchema.optional(),
    },
    { error: 'expected an options object' },
  )
  .strict()
  .transform((o, ctx) => {
    let defaultNetwork: KeywayNetwork = o.networks[0]!;
    if (o.defaultNetwork !== undefined) {
      const id = typeof o.defaultNetwork === 'string' ? o.defaultNetwork : o.defaultNetwork.id;
      const found = o.networks.find((n) => n.id === id);
      if (!found) {
        ctx.addIssue({
          code: 'custom',
          path: ['defaultNetwork'],
          message: `expected one of the ids in "networks" (got "${id}")`,
        });
        return z.NEVER;
      }
      defaultNetwork = found;
    }
    if (o.isSiweEnabled && !o.siwe) {
      ctx.addIssue({
        code: 'custom',
        path: ['siwe'],
        message: 'expected { getNonce, verifyMessage, getSession, signOut } when isSiweEnabled is true',
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
  });

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
