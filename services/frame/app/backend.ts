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
  socialToken: (provider: string, code: string) =>
    call('/auth/social/token', SessionSchema, { body: { provider, code } }),
  farcasterStart: () =>
    call('/auth/farcaster/start', z.object({ channelToken: z.string(), url: z.string() }), {
      method: 'POST',
    }),
  farcasterStatus: (channelToken: string) =>
    call(
      '/auth/farcaster/status',
      z.union([
        z.object({ state: z.literal('pending') }),
        SessionSchema.extend({ state: z.literal('approved') }),
      ]),
      { body: { channelToken } },
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
