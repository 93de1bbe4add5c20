/**
 * Server rendering with a remembered connection (`keyway/ssr`): the kit keeps wagmi's connection in a cookie
 * (`createKeyway({ ssr: true })`), the server reads that cookie from the request and hands the state to the
 * client component that creates the instance (`createKeyway({ ssr: true, initialState })`). The server then
 * renders the connected account's button, and the browser hydrates to the same markup.
 *
 * This module imports no React and touches no browser global at import: a Server Component (a Next.js layout)
 * may import it. Its built file carries no `'use client'`.
 */
import {
  KEYWAY_CONNECTION_COOKIE,
  type KeywayInitialConnection,
  type KeywayInitialState,
  readCookie,
} from '../core/cookies';
import { z } from '../core/zod-mini';

export {
  KEYWAY_CONNECTION_COOKIE,
  type KeywayInitialConnection,
  type KeywayInitialState,
} from '../core/cookies';

const address = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/));
const shortText = z.string().check(z.maxLength(200));
const connectionSchema = z.object({
  accounts: z.tuple([address], address),
  chainId: z.int().check(z.positive()),
  connector: z.object({ id: shortText, name: shortText, type: shortText, uid: shortText }),
});
/** wagmi's persisted store as written to its storage (serialize: a Map as `{ __type: 'Map', value }`). */
const persistedSchema = z.object({
  state: z.object({
    chainId: z.int().check(z.positive()),
    current: z.nullable(shortText),
    connections: z.object({
      __type: z.literal('Map'),
      value: z.array(z.tuple([shortText, connectionSchema])).check(z.maxLength(16)),
    }),
  }),
});

/**
 * The remembered connection in a request's `Cookie` header, or undefined when there is none or it does not
 * read as one (a tampered or foreign cookie is ignored, never trusted). Cookies are untrusted input: the
 * state only decides what the first render shows; the wallet itself is asked again when the page loads, and a
 * connection it no longer grants ends there.
 */
export function cookieToInitialState(
  cookieHeader: string | null | undefined,
): KeywayInitialState | undefined {
  if (!cookieHeader) return undefined;
  const raw = readCookie(cookieHeader, KEYWAY_CONNECTION_COOKIE);
  if (!raw) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return undefined;
  }
  const parsed = persistedSchema.safeParse(json);
  if (!parsed.success) return undefined;
  const { chainId, current, connections } = parsed.data.state;
  const map = new Map<string, KeywayInitialConnection>(
    connections.value as [string, KeywayInitialConnection][],
  );
  return { chainId, current: current !== null && map.has(current) ? current : null, connections: map };
}
