/**
 * The relay's client authentication. A WalletConnect client opens the relay's websocket with a JWT in the
 * `auth` query parameter: header `{alg: "EdDSA", typ: "JWT"}`, payload `{iss, sub, aud, iat, exp}`, where
 * `iss` is the client's Ed25519 public key as a `did:key` (multibase base58btc of the multicodec header
 * 0xed 0x01 followed by the 32-byte key) and the signature is Ed25519 over `base64url(header).base64url(payload)`.
 * The issuer is the client's id: subscription ids are derived from it (server.ts).
 *
 * The relay checks the signature and the lifetime: a token signed by another key, expired, or malformed is
 * refused before the websocket opens.
 */
import { createPublicKey, verify } from 'node:crypto';
import { z } from 'zod';
import { base58Decode, base58Encode } from '../solana/base58.ts';

const DID_KEY_PREFIX = 'did:key:z';
const ED25519_MULTICODEC = [0xed, 0x01] as const;

const headerSchema = z.object({ alg: z.literal('EdDSA'), typ: z.literal('JWT') });
const payloadSchema = z.object({
  iss: z.string().startsWith(DID_KEY_PREFIX),
  sub: z.string().min(1).max(200),
  aud: z.string().min(1).max(2000),
  iat: z.number().int(),
  exp: z.number().int(),
});
export type RelayJwtPayload = z.infer<typeof payloadSchema>;

export class RelayAuthError extends Error {}

function decodeJson(part: string): unknown {
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    throw new RelayAuthError('The auth token is not a JWT');
  }
}

/** The 32-byte Ed25519 key of a `did:key` issuer; throws RelayAuthError when it is not one. */
export function publicKeyOfIssuer(iss: string): Uint8Array {
  if (!iss.startsWith(DID_KEY_PREFIX)) throw new RelayAuthError('The issuer is not a did:key');
  let bytes: Uint8Array;
  try {
    bytes = base58Decode(iss.slice(DID_KEY_PREFIX.length));
  } catch {
    throw new RelayAuthError('The issuer is not base58');
  }
  if (bytes.length !== 34 || bytes[0] !== ED25519_MULTICODEC[0] || bytes[1] !== ED25519_MULTICODEC[1]) {
    throw new RelayAuthError('The issuer is not an Ed25519 key');
  }
  return bytes.slice(2);
}

/** The `did:key` of a 32-byte Ed25519 public key (the inverse of publicKeyOfIssuer). */
export function issuerOfPublicKey(key: Uint8Array): string {
  return DID_KEY_PREFIX + base58Encode(Uint8Array.from([...ED25519_MULTICODEC, ...key]));
}

/**
 * Verifies a client's JWT at `nowSeconds` and returns its payload (the client id is `iss`). Throws
 * RelayAuthError with the reason when the token is malformed, badly signed, not yet valid or expired.
 */
export function verifyRelayJwt(token: string, nowSeconds: number): RelayJwtPayload {
  const parts = token.split('.');
  if (parts.length !== 3 || parts.some((p) => !/^[A-Za-z0-9_-]+$/.test(p))) {
    throw new RelayAuthError('The auth token is not a JWT');
  }
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  if (!headerSchema.safeParse(decodeJson(headerPart)).success) {
    throw new RelayAuthError('The auth token must be an EdDSA JWT');
  }
  const parsed = payloadSchema.safeParse(decodeJson(payloadPart));
  if (!parsed.success) throw new RelayAuthError('The auth token lacks iss, sub, aud, iat or exp');
  const payload = parsed.data;
  const key = createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(publicKeyOfIssuer(payload.iss)).toString('base64url') },
    format: 'jwk',
  });
  const signature = Buffer.from(signaturePart, 'base64url');
  const signed = Buffer.from(`${headerPart}.${payloadPart}`, 'utf8');
  if (signature.length !== 64 || !verify(null, signed, key, signature)) {
    throw new RelayAuthError('The auth token is not signed by its issuer');
  }
  // A minute of leeway for clocks that differ a little.
  if (payload.iat > nowSeconds + 60) throw new RelayAuthError('The auth token is not valid yet');
  if (payload.exp <= nowSeconds) throw new RelayAuthError('The auth token has expired');
  return payload;
}
