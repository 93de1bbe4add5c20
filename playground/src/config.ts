/**
 * Where the playground finds the local stack. Three sources, first match wins:
 * 1. the `<meta name="keyway-playground-config">` tag that the playground server (playground/server.ts)
 *    writes into the page: the stack's real URLs (any ports), without a request and without inline script;
 * 2. `import.meta.env.VITE_KW_*` (a `vite` dev server or a build made with those variables);
 * 3. the `npm start` defaults (API :4100, frame :4200, chains :8545/:8546, Solana :8899, relay :4400).
 */
import { config, z } from 'zod';

// The pages run under a strict Content-Security-Policy (no 'unsafe-eval'): zod's JIT probe is turned off
// before this module's schemas exist, as the kit does for its own (the setting is global and idempotent).
config({ jitless: true });

const localUrl = z
  .string()
  .url()
  .refine((u) => /^https?:\/\//.test(u), 'expected an http(s) URL')
  .transform((u) => u.replace(/\/+$/, ''));

const relayUrl = z
  .string()
  .refine((u) => /^wss?:\/\/[^\s]+$/.test(u), 'expected a ws(s) URL')
  .transform((u) => u.replace(/\/+$/, ''));

export const playgroundConfigSchema = z.object({
  apiUrl: localUrl,
  explorerUrl: localUrl,
  frameUrl: localUrl,
  evmRpc31337: localUrl,
  evmRpc31338: localUrl,
  solanaRpcUrl: localUrl,
  /** The WalletConnect relay the kit pairs through (and the phone-wallet page). */
  relayUrl,
});

export type PlaygroundConfig = z.output<typeof playgroundConfigSchema>;

export const CONFIG_META_NAME = 'keyway-playground-config';

export const NPM_START_DEFAULTS: PlaygroundConfig = {
  apiUrl: 'http://127.0.0.1:4100',
  explorerUrl: 'http://127.0.0.1:4100',
  frameUrl: 'http://127.0.0.1:4200',
  evmRpc31337: 'http://127.0.0.1:8545',
  evmRpc31338: 'http://127.0.0.1:8546',
  solanaRpcUrl: 'http://127.0.0.1:8899',
  relayUrl: 'ws://127.0.0.1:4400',
};

function fromEnv(): Partial<Record<keyof PlaygroundConfig, string>> {
  const env = import.meta.env;
  const pick = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
  const out: Partial<Record<keyof PlaygroundConfig, string>> = {};
  const set = (key: keyof PlaygroundConfig, v: unknown) => {
    const s = pick(v);
    if (s) out[key] = s;
  };
  set('apiUrl', env.VITE_KW_API_URL);
  set('explorerUrl', env.VITE_KW_EXPLORER_URL ?? env.VITE_KW_API_URL);
  set('frameUrl', env.VITE_KW_FRAME_URL);
  set('evmRpc31337', env.VITE_KW_RPC_31337);
  set('evmRpc31338', env.VITE_KW_RPC_31338);
  set('solanaRpcUrl', env.VITE_KW_SOLANA_RPC);
  set('relayUrl', env.VITE_KW_RELAY_URL);
  return out;
}

function fromMeta(doc: Document): unknown {
  const content = doc.querySelector(`meta[name="${CONFIG_META_NAME}"]`)?.getAttribute('content');
  if (!content) return {};
  try {
    return JSON.parse(content) as unknown;
  } catch {
    throw new Error(`The ${CONFIG_META_NAME} meta tag does not hold JSON`);
  }
}

/** The configuration of this page load (validated: a bad URL fails loudly, naming the field). */
export function readPlaygroundConfig(doc: Document = document): PlaygroundConfig {
  const meta = z.record(z.string(), z.unknown()).parse(fromMeta(doc));
  const result = playgroundConfigSchema.safeParse({ ...NPM_START_DEFAULTS, ...fromEnv(), ...meta });
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new Error(`Playground config: ${issue?.path.join('.') ?? '?'}: ${issue?.message ?? 'invalid'}`);
  }
  return result.data;
}
