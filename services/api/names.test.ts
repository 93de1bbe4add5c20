/**
 * Name service contract tests over real HTTP: signed registration (viem personal_sign), lookups, errors, and
 * names persisting across a server restart with the same data directory (PGlite). Port 30130.
 */
import { rmSync } from 'node:fs';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_PRIVATE_KEYS } from '../chain/types.ts';
import {
  errorSchema,
  identitySchema,
  profileSchema,
  reverseSchema,
  suggestionsSchema,
} from './contract-schemas.ts';
import { type ApiServer, startApiServer } from './server.ts';
import { get, PROJECT_ID, post, tempDataDir, unreachableChains } from './test-helpers.ts';

const PORT = 30130;
const P = `projectId=${PROJECT_ID}`;
const alice = privateKeyToAccount(DEV_PRIVATE_KEYS[1] as `0x${string}`);
const bob = privateKeyToAccount(DEV_PRIVATE_KEYS[2] as `0x${string}`);
/** Coin type of chain 31337: the chain id with the high bit set. */
const COIN_31337 = (0x80000000 | 31337) >>> 0;

let dataDir: string;
let server: ApiServer;
let base: string;

async function register(
  account: typeof alice,
  name: string,
  opts: { coinType?: number; timestamp?: number; tamper?: boolean; attributes?: Record<string, string> } = {},
) {
  const message = JSON.stringify({
    name,
    attributes: opts.attributes ?? {},
    timestamp: opts.timestamp ?? Math.floor(Date.now() / 1000),
  });
  const signature = await account.signMessage({ message });
  return post(base, `/v1/profile/account?${P}`, {
    coin_type: opts.coinType ?? COIN_31337,
    address: account.address,
    message: opts.tamper ? message.replace(name, `${name}x`) : message,
    signature,
  });
}

beforeAll(async () => {
  dataDir = tempDataDir('names');
  server = await startApiServer({ port: PORT, chains: unreachableChains(), dataDir });
  base = server.url;
});

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('name service', () => {
  it('answers 404 with the error shape for an available name', async () => {
    const res = await get(base, `/v1/profile/account/freename?${P}&apiVersion=2`);
    expect(res.status).toBe(404);
    expect(errorSchema.parse(res.json).reasons[0]?.field).toBe('name');
  });

  it('registers a name signed with personal_sign and returns the profile', async () => {
    const res = await register(alice, 'alice-dev.kw.id', { attributes: { bio: 'hello' } });
    expect(res.status).toBe(200);
    const profile = profileSchema.parse(res.json);
    expect(profile.name).toBe('alice-dev.kw.id');
    expect(profile.addresses[String(COIN_31337)]?.address).toBe(alice.address);
    expect(profile.attributes).toEqual([{ bio: 'hello' }]);
  });

  it('finds the name by name, by reverse lookup and as identity', async () => {
    const byName = await get(base, `/v1/profile/account/alice-dev.kw.id?${P}&apiVersion=2`);
    expect(profileSchema.parse(byName.json).name).toBe('alice-dev.kw.id');
    const withoutSuffix = await get(base, `/v1/profile/account/alice-dev?${P}&apiVersion=2`);
    expect(profileSchema.parse(withoutSuffix.json).name).toBe('alice-dev.kw.id');

    const reverse = await get(
      base,
      `/v1/profile/reverse/${alice.address}?${P}&sender=${alice.address}&apiVersion=2`,
    );
    expect(reverse.status).toBe(200);
    expect(reverseSchema.parse(reverse.json).map((p) => p.name)).toEqual(['alice-dev.kw.id']);

    const identity = await get(base, `/v1/identity/${alice.address}?${P}&sender=${alice.address}`);
    expect(identitySchema.parse(identity.json)).toEqual({ name: 'alice-dev.kw.id', avatar: null });

    const nobody = await get(base, `/v1/profile/reverse/${bob.address}?${P}&apiVersion=2`);
    expect(reverseSchema.parse(nobody.json)).toEqual([]);
  });

  it('suggests names and marks the registered one', async () => {
    const res = await get(base, `/v1/profile/suggestions/alice-dev?${P}`);
    const { suggestions } = suggestionsSchema.parse(res.json);
    expect(suggestions[0]).toEqual({ name: 'alice-dev.kw.id', registered: true });
    expect(suggestions.filter((s) => !s.registered).length).toBeGreaterThan(0);
  });

  it('accepts the mainnet-style coin type 60', async () => {
    const res = await register(bob, 'bob-main', { coinType: 60 });
    expect(res.status).toBe(200);
    expect(profileSchema.parse(res.json).addresses['60']?.address).toBe(bob.address);
  });

  it('refuses a name taken by another address', async () => {
    const res = await register(bob, 'alice-dev.kw.id');
    expect(res.status).toBe(409);
    const err = errorSchema.parse(res.json);
    expect(err.reasons[0]?.description).toMatch(/already taken/);
  });

  it('refuses a signature that does not match the message', async () => {
    const res = await register(bob, 'bobby-name', { tamper: true });
    expect(res.status).toBe(401);
    expect(errorSchema.parse(res.json).reasons[0]?.field).toBe('signature');
    const after = await get(base, `/v1/profile/account/bobby-namex?${P}`);
    expect(after.status).toBe(404);
  });

  it('refuses bad coin types, invalid names, stale messages and malformed bodies with the error shape', async () => {
    const cases = [
      await register(bob, 'bobcoin', { coinType: 31337 }),
      await register(bob, 'bo'),
      await register(bob, 'bob_under'),
      await register(bob, 'bob-stale', { timestamp: Math.floor(Date.now() / 1000) - 24 * 3600 }),
      await post(base, `/v1/profile/account?${P}`, { coin_type: COIN_31337, address: 'nope', message: '{}' }),
      await post(base, `/v1/profile/account?${P}`, {
        coin_type: COIN_31337,
        address: bob.address,
        message: 'not json',
        signature: `0x${'11'.repeat(65)}`,
      }),
    ];
    for (const res of cases) {
      expect(res.status).toBe(400);
      errorSchema.parse(res.json);
    }
  });

  it('requires projectId', async () => {
    const res = await get(base, '/v1/profile/account/alice-dev');
    expect(res.status).toBe(400);
    expect(errorSchema.parse(res.json).reasons[0]?.field).toBe('projectId');
  });

  it('keeps registered names across a restart with the same data directory', async () => {
    await server.stop();
    // A new port, so that no pooled keep-alive connection of the old server is reused by fetch.
    server = await startApiServer({ port: PORT + 1, chains: unreachableChains(), dataDir });
    base = server.url;
    const res = await get(base, `/v1/profile/account/alice-dev.kw.id?${P}&apiVersion=2`);
    expect(res.status).toBe(200);
    expect(profileSchema.parse(res.json).addresses[String(COIN_31337)]?.address).toBe(alice.address);
    const taken = await register(bob, 'alice-dev');
    expect(taken.status).toBe(409);
  });
});
