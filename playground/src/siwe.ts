/**
 * Sign in with Ethereum in the playground, on with `?siwe=1`: the kit's `siwe` option wired to the playground
 * server's endpoints (playground/siwe-server.ts). The session lives in an HTTP-only cookie of the page's own
 * origin, so the page's requests carry it and its script never reads it. Shared by the page and the server:
 * the routes and the shapes of the answers.
 */
import type { SiweConfig } from 'keyway';
import { z } from 'zod';

export const SIWE_ROUTES = {
  nonce: '/api/siwe/nonce',
  verify: '/api/siwe/verify',
  session: '/api/siwe/session',
  signOut: '/api/siwe/sign-out',
  /** Test mode only: every live session (the e2e test reads the server's state). */
  testSessions: '/__test/siwe/sessions',
} as const;

export const SIWE_FLAG = 'siwe';

export const siweSessionSchema = z.strictObject({
  address: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
  chainId: z.number().int().positive(),
});
export const sessionAnswerSchema = z.strictObject({ session: siweSessionSchema.nullable() });
export const nonceAnswerSchema = z.strictObject({ nonce: z.string().regex(/^[a-zA-Z0-9]{8,128}$/) });

/** What the page asks the wallet to sign in to (the message's statement), and for how long (seconds). */
export const SIWE_STATEMENT = 'Sign in to the Keyway playground.';
export const SIWE_EXPIRY_S = 24 * 60 * 60;

/** Whether the page's URL turns sign-in on (`?siwe=1`). */
export function siweEnabled(search: string): boolean {
  return new URLSearchParams(search).get(SIWE_FLAG) === '1';
}

/** The kit's `siwe` option against this page's server. */
export function playgroundSiwe(fetchImpl: typeof fetch = (...args) => fetch(...args)): SiweConfig {
  const json = async <T>(res: Response, schema: z.ZodType<T>): Promise<T> => {
    if (!res.ok) throw new Error(`The sign-in server answered ${res.status}`);
    return schema.parse(await res.json());
  };
  const post = (path: string, body: unknown) =>
    fetchImpl(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      cache: 'no-store',
    });
  return {
    getNonce: async () =>
      (await json(await fetchImpl(SIWE_ROUTES.nonce, { cache: 'no-store' }), nonceAnswerSchema)).nonce,
    getMessageParams: async () => ({ statement: SIWE_STATEMENT, expiry: SIWE_EXPIRY_S }),
    verifyMessage: async ({ message, signature }) => {
      const res = await post(SIWE_ROUTES.verify, { message, signature });
      // Refused (a bad signature, a used nonce, another domain): the kit says the verification failed.
      if (res.status === 400 || res.status === 401) return false;
      await json(res, sessionAnswerSchema);
      return true;
    },
    getSession: async () =>
      (await json(await fetchImpl(SIWE_ROUTES.session, { cache: 'no-store' }), sessionAnswerSchema)).session,
    signOut: async () => {
      const res = await post(SIWE_ROUTES.signOut, {});
      if (!res.ok) throw new Error(`The sign-in server answered ${res.status}`);
      return true;
    },
  };
}
