/**
 * The playground's sign-in-with-Ethereum backend (EIP-4361), served by the playground server
 * (playground/server.ts) on the page's own origin, as a dapp's own backend would be:
 * - `GET /api/siwe/nonce`: a fresh random nonce, valid once and for NONCE_LIFETIME_MS;
 * - `POST /api/siwe/verify` `{message, signature}`: parses the message with viem's `parseSiweMessage`, checks
 *   its domain and URI (this server's host), its nonce (issued here, not used, not expired: used up by this
 *   call whatever its result) and its times, then verifies the signature with viem's `verifySiweMessage`
 *   through a public client of the message's chain (ERC-1271 / ERC-6492 smart accounts verify too); on success
 *   a session in an HTTP-only, SameSite=Lax cookie;
 * - `GET /api/siwe/session`: `{session: {address, chainId} | null}`;
 * - `POST /api/siwe/sign-out`: ends the cookie's session;
 * - test mode only, `GET /__test/siwe/sessions`: every live session (the e2e tests read the server's state).
 * Bodies are validated with zod; every refusal is JSON `{error, message}` (`error` a stable code). A POST must
 * come from the page's own origin (a JSON body, so another origin would need a CORS preflight, which this
 * server never grants for them). Nonces and sessions live in memory: a restart signs everyone out.
 */
import { randomBytes } from 'node:crypto';
import { createPublicClient, type Hex, http, type PublicClient } from 'viem';
import { parseSiweMessage, verifySiweMessage } from 'viem/siwe';
import { z } from 'zod';
import { SIWE_ROUTES, type siweSessionSchema } from './src/siwe.ts';

export const SIWE_COOKIE = 'kw_siwe';
export const NONCE_LIFETIME_MS = 5 * 60_000;
export const SESSION_LIFETIME_MS = 24 * 60 * 60_000;
/** How far a message's issue time may be ahead of this server's clock. */
const CLOCK_SKEW_MS = 60_000;
/** Unused nonces kept at most (the oldest go first): a flood of nonce requests cannot fill the memory. */
const MAX_NONCES = 10_000;
/** A request body's limit (a smart account's ERC-6492 signature can run to a few kilobytes). */
export const MAX_BODY_BYTES = 64 * 1024;

const verifyBodySchema = z.strictObject({
  message: z.string().min(1).max(4096),
  signature: z
    .string()
    .max(32_768)
    .regex(/^0x(?:[0-9a-fA-F]{2})+$/, 'expected a 0x-prefixed hex signature'),
});
const signOutBodySchema = z.strictObject({});

type Session = z.infer<typeof siweSessionSchema> & { createdAt: number; expiresAt: number };

/** One request as the backend reads it (the playground server read the body, within MAX_BODY_BYTES). */
export interface SiweRequest {
  method: string;
  path: string;
  /** The request's `Host` (checked by the server's guard before it gets here). */
  host: string;
  origin: string | undefined;
  cookie: string | undefined;
  contentType: string | undefined;
  body: string;
}

export interface SiweAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface SiweServerOptions {
  /** The JSON-RPC URL of each chain a message may name (chain id → URL). */
  rpcUrls: Readonly<Record<number, string>>;
  /** Serves `/__test/siwe/sessions`. */
  testMode?: boolean;
  /** The clock (tests move it). */
  now?: () => number;
}

export interface SiweServer {
  /** Whether `path` is one of the backend's (the server hands those requests to `handle`). */
  owns(path: string): boolean;
  handle(request: SiweRequest): Promise<SiweAnswer>;
}

/** A random EIP-4361 nonce (alphanumeric). Not viem's `generateSiweNonce`: that one is built on Math.random. */
function newNonce(): string {
  return randomBytes(16).toString('hex');
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

function sessionCookie(id: string, maxAgeS: number): string {
  return `${SIWE_COOKIE}=${id}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeS}`;
}

const JSON_HEADERS = { 'content-type': 'application/json', 'cache-control': 'no-store' };

function answer(status: number, body: unknown, headers: Record<string, string> = {}): SiweAnswer {
  return { status, headers: { ...JSON_HEADERS, ...headers }, body: JSON.stringify(body) };
}

function refuse(status: number, error: string, message: string, headers?: Record<string, string>) {
  return answer(status, { error, message }, headers);
}

export function createSiweServer(opts: SiweServerOptions): SiweServer {
  const now = opts.now ?? Date.now;
  /** Unused nonces → when each stops being valid (a Map keeps them oldest first). */
  const nonces = new Map<string, number>();
  const sessions = new Map<string, Session>();
  const clients = new Map<number, PublicClient>();
  const clientFor = (chainId: number): PublicClient | null => {
    const url = opts.rpcUrls[chainId];
    if (!url) return null;
    let client = clients.get(chainId);
    if (!client) {
      client = createPublicClient({ transport: http(url) });
      clients.set(chainId, client);
    }
    return client;
  };
  const prune = () => {
    const t = now();
    for (const [nonce, expiresAt] of nonces) if (expiresAt <= t) nonces.delete(nonce);
    for (const [id, s] of sessions) if (s.expiresAt <= t) sessions.delete(id);
  };
  const sessionOf = (cookie: string | undefined): [string, Session] | null => {
    const id = cookieValue(cookie, SIWE_COOKIE);
    const session = id ? sessions.get(id) : undefined;
    if (!id || !session) return null;
    if (session.expiresAt <= now()) {
      sessions.delete(id);
      return null;
    }
    return [id, session];
  };
  const publicSession = (s: Session) => ({ address: s.address, chainId: s.chainId });

  /** A POST's JSON body, read against `schema`; or the refusal. */
  const readBody = <T>(req: SiweRequest, schema: z.ZodType<T>): { ok: true; data: T } | SiweAnswer => {
    if (!/^application\/json\b/i.test(req.contentType ?? ''))
      return refuse(415, 'unsupportedMediaType', 'Send the body as application/json');
    let raw: unknown;
    try {
      raw = JSON.parse(req.body);
    } catch {
      return refuse(400, 'invalidBody', 'The body is not JSON');
    }
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
      return refuse(400, 'invalidBody', `${where}${issue?.message ?? 'invalid body'}`);
    }
    return { ok: true, data: parsed.data };
  };

  async function verify(req: SiweRequest): Promise<SiweAnswer> {
    const body = readBody(req, verifyBodySchema);
    if (!('ok' in body)) return body;
    const { message, signature } = body.data;
    const fields = parseSiweMessage(message);
    const { address, chainId, domain, nonce, uri, version, issuedAt } = fields;
    if (!address || !chainId || !domain || !nonce || !uri || version !== '1' || !issuedAt)
      return refuse(400, 'invalidMessage', 'Not an EIP-4361 message (a required field is missing)');
    // Used up now, whatever follows: a nonce never serves twice.
    const nonceValidUntil = nonces.get(nonce);
    nonces.delete(nonce);
    const t = now();
    if (nonceValidUntil === undefined || nonceValidUntil <= t)
      return refuse(400, 'unknownNonce', 'The nonce was not issued here, was used already or expired');
    if (domain !== req.host)
      return refuse(400, 'wrongDomain', `The message is for ${domain}, not ${req.host}`);
    let uriHost: string | null = null;
    try {
      uriHost = new URL(uri).host;
    } catch {
      // an unreadable URI is refused below
    }
    if (uriHost !== req.host) return refuse(400, 'wrongUri', `The message's URI is not on ${req.host}`);
    const client = clientFor(chainId);
    if (!client) return refuse(400, 'unsupportedChain', `Chain ${chainId} is not served here`);
    if (Number.isNaN(issuedAt.getTime()) || issuedAt.getTime() > t + CLOCK_SKEW_MS)
      return refuse(400, 'invalidTime', 'The message is issued in the future');
    if (fields.expirationTime && !(fields.expirationTime.getTime() > t))
      return refuse(400, 'expired', 'The message has expired');
    if (fields.notBefore && !(fields.notBefore.getTime() <= t))
      return refuse(400, 'notYetValid', 'The message is not valid yet');
    let valid: boolean;
    try {
      valid = await verifySiweMessage(client, {
        message,
        signature: signature as Hex,
        domain: req.host,
        nonce,
        time: new Date(t),
      });
    } catch {
      return refuse(
        502,
        'verifierUnavailable',
        `Chain ${chainId} could not be asked to verify the signature`,
      );
    }
    if (!valid) return refuse(401, 'badSignature', 'The signature is not the account’s');
    // A new session replaces the one this browser had.
    const previous = sessionOf(req.cookie);
    if (previous) sessions.delete(previous[0]);
    const expiresAt = Math.min(t + SESSION_LIFETIME_MS, fields.expirationTime?.getTime() ?? Infinity);
    const id = randomBytes(32).toString('base64url');
    const session: Session = { address, chainId, createdAt: t, expiresAt };
    sessions.set(id, session);
    return answer(
      200,
      { session: publicSession(session) },
      { 'set-cookie': sessionCookie(id, Math.max(1, Math.floor((expiresAt - t) / 1000))) },
    );
  }

  const methodNotAllowed = (allow: string) => refuse(405, 'methodNotAllowed', `Use ${allow}`, { allow });

  return {
    owns: (path) => path.startsWith('/api/siwe/') || (!!opts.testMode && path === SIWE_ROUTES.testSessions),
    async handle(req) {
      prune();
      const post = req.method === 'POST';
      // A state change comes from the page itself, never from another origin of the machine.
      if (post && req.origin !== `http://${req.host}` && req.origin !== `https://${req.host}`)
        return refuse(403, 'foreignOrigin', 'Sign-in requests must come from this site');
      switch (req.path) {
        case SIWE_ROUTES.nonce: {
          if (req.method !== 'GET') return methodNotAllowed('GET');
          while (nonces.size >= MAX_NONCES) nonces.delete(nonces.keys().next().value as string);
          const nonce = newNonce();
          nonces.set(nonce, now() + NONCE_LIFETIME_MS);
          return answer(200, { nonce });
        }
        case SIWE_ROUTES.verify:
          return post ? verify(req) : methodNotAllowed('POST');
        case SIWE_ROUTES.session: {
          if (req.method !== 'GET') return methodNotAllowed('GET');
          const found = sessionOf(req.cookie);
          return answer(200, { session: found ? publicSession(found[1]) : null });
        }
        case SIWE_ROUTES.signOut: {
          if (!post) return methodNotAllowed('POST');
          const body = readBody(req, signOutBodySchema);
          if (!('ok' in body)) return body;
          const found = sessionOf(req.cookie);
          if (found) sessions.delete(found[0]);
          return answer(200, { session: null }, { 'set-cookie': sessionCookie('', 0) });
        }
        case SIWE_ROUTES.testSessions:
          if (!opts.testMode) break;
          if (req.method !== 'GET') return methodNotAllowed('GET');
          return answer(200, {
            sessions: [...sessions.values()].map((s) => ({ ...publicSession(s), createdAt: s.createdAt })),
          });
      }
      return refuse(404, 'notFound', `No sign-in route ${req.path}`);
    },
  };
}
