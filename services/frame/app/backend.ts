/** The frame page's client for its own origin's auth backend (same origin, responses checked with zod). */
import { z } from 'zod';

export const PublicUserSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  userName: z.string().nullable(),
  provider: z.string().nullable(),
});
export type BackendUser = z.infer<typeof PublicUserSchema>;

export const SessionSchema = z.object({ token: z.string(), user: PublicUserSchema });
export type BackendSession = z.infer<typeof SessionSchema>;

export class BackendError extends Error {
  override readonly name = 'BackendError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const ErrorBodySchema = z.object({ message: z.string() });

async function call<T extends z.ZodType>(
  path: string,
  schema: T,
  init: { body?: unknown; token?: string | undefined; method?: 'GET' | 'POST' } = {},
): Promise<z.infer<T>> {
  const headers: Record<string, string> = {};
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const res = await fetch(path, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    credentials: 'omit',
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const json: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const parsed = ErrorBodySchema.safeParse(json);
    throw new BackendError(
      res.status,
      parsed.success ? parsed.data.message : `Request failed (${res.status})`,
    );
  }
  return schema.parse(json);
}

export const backend = {
  startEmail: (email: string, deviceId: string) =>
    call(
      '/auth/email/start',
      z.union([
        z.object({ action: z.literal('VERIFY_OTP') }),
        z.object({ action: z.literal('VERIFY_DEVICE'), requestId: z.string() }),
      ]),
      { body: { email, deviceId } },
    ),
  verifyEmail: (email: string, otp: string, deviceId: string) =>
    call('/auth/email/verify', SessionSchema, { body: { email, otp, deviceId } }),
  deviceStatus: (requestId: string) =>
    call('/auth/device/status', z.object({ approved: z.boolean() }), { body: { requestId } }),
  /** Registers a social login (provider, state, PKCE challenge); the provider URL then carries the id only. */
  socialBegin: (provider: string, state: string, challenge: string) =>
    call('/auth/social/begin', z.object({ request: z.string().min(16).max(200) }), {
      body: { provider, state, challenge },
    }),
  socialToken: (provider: string, code: string, codeVerifier: string) =>
    call('/auth/social/token', SessionSchema, { body: { provider, code, codeVerifier } }),
  farcasterStart: (nonceHash: string) =>
    call('/auth/farcaster/start', z.object({ channelToken: z.string(), url: z.string() }), {
      body: { nonceHash },
    }),
  farcasterStatus: (channelToken: string, nonce: string) =>
    call(
      '/auth/farcaster/status',
      z.union([
        z.object({ state: z.literal('pending') }),
        SessionSchema.extend({ state: z.literal('approved') }),
      ]),
      { body: { channelToken, nonce } },
    ),
  session: (token: string) => call('/auth/session', z.object({ user: PublicUserSchema }), { token }),
  signOut: (token: string) => call('/auth/signout', z.object({ ok: z.boolean() }), { token, method: 'POST' }),
  updateEmail: (token: string, email: string) =>
    call('/auth/email/update', z.object({ action: z.enum(['VERIFY_PRIMARY_OTP', 'VERIFY_SECONDARY_OTP']) }), {
      token,
      body: { email },
    }),
  updateEmailPrimary: (token: string, otp: string) =>
    call('/auth/email/update/primary', z.object({ action: z.literal('VERIFY_SECONDARY_OTP') }), {
      token,
      body: { otp },
    }),
  updateEmailSecondary: (token: string, otp: string) =>
    call('/auth/email/update/secondary', z.object({ newEmail: z.string() }), { token, body: { otp } }),
};

/** One JSON-RPC call to a local chain through this origin's proxy. */
export async function chainRpc(chainId: number, method: string, params: unknown): Promise<unknown> {
  const res = await fetch(`/rpc/${chainId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    credentials: 'omit',
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: params ?? [] }),
  });
  const json = z
    .object({
      result: z.unknown().optional(),
      error: z.object({ message: z.string(), code: z.number().optional() }).optional(),
    })
    .safeParse(await res.json().catch(() => null));
  if (!json.success) throw new Error(`RPC ${method} failed (${res.status})`);
  if (json.data.error) throw new Error(json.data.error.message);
  return json.data.result ?? null;
}

/** One JSON-RPC call to a local Solana network through this origin's proxy; throws with the RPC's message. */
export async function solanaRpc(reference: string, method: string, params: unknown[]): Promise<unknown> {
  const res = await fetch(`/rpc/solana/${encodeURIComponent(reference)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    credentials: 'omit',
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const json = z
    .object({
      result: z.unknown().optional(),
      error: z.object({ message: z.string(), code: z.number().optional() }).optional(),
    })
    .safeParse(await res.json().catch(() => null));
  if (json.success && json.data.error) throw new Error(json.data.error.message);
  if (!json.success || !res.ok) throw new Error(`Solana RPC ${method} failed (${res.status})`);
  return json.data.result ?? null;
}

/**
 * A secret of the frame's own and its S256 hash (RFC 7636): the PKCE verifier of a social login, and the
 * nonce of a Farcaster channel. Only the hash leaves the frame before the redemption; the host page, which
 * sees the provider's code or the channel token, never sees the secret.
 */
export async function newSecretPair(): Promise<{ secret: string; hash: string }> {
  const secret = base64url(crypto.getRandomValues(new Uint8Array(32)));
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(secret));
  return { secret, hash: base64url(new Uint8Array(digest)) };
}

function base64url(bytes: Uint8Array): string {
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}
