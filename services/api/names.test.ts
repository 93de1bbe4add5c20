/**
 * Name service contract tests over real HTTP: signed registration (EIP-712 typed data, viem
 * signTypedData), the attacks the signature and the spent nonces stop (replay, another coin type, a
 * message that names another coin type or address, a personal_sign body), lookups, errors, and names and
 * spent nonces persisting across a server restart with the same data directory (PGlite). On a free port.
 */
import { rmSync } from 'node:fs';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
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
import {
  type BodyOptions,
  COIN_31337,
  get,
  HIGH_BIT,
  PROJECT_ID,
  post,
  type RegisterBody,
  signedBody,
  tempDataDir,
  unreachableChains,
} from './test-helpers.ts';

const P = `projectId=${PROJECT_ID}`;
const alice = privateKeyToAccount(DEV_PRIVATE_KEYS[1] as `0x${string}`);
const bob = privateKeyToAccount(DEV_PRIVATE_KEYS[2] as `0x${string}`);
const carol = privateKeyToAccount(DEV_PRIVATE_KEYS[3] as `0x${string}`);
/** Not a dev account: nothing here needs a funded one. */
const mallory = privateKeyToAccount(generatePrivateKey());
/** Coin type of chain 1 (ENSIP-11). */
const COIN_1 = (HIGH_BIT | 1) >>> 0;

let dataDir: string;
let server: ApiServer;
let base: string;

const postBody = (body: unknown) => post(base, `/v1/profile/account?${P}`, body);

async function register(account: typeof alice, name: string, opts: BodyOptions & { tamper?: boolean } = {}) {
  const body = await signedBody(account, name, opts);
  return postBody(opts.tamper ? { ...body, message: body.message.replace(name, `${name}x`) } : body);
}

const profileOf = async (name: string) => {
  const res = await get(base, `/v1/profile/account/${name}?${P}&apiVersion=2`);
  expect(res.status, res.text).toBe(200);
  return profileSchema.parse(res.json);
};

/** The first reason of an error answer with `status`. */
const refused = (res: { status: number; json: unknown; text: string }, status: number) => {
  expect(res.status, res.text).toBe(status);
  return errorSchema.parse(res.json).reasons[0]!;
};

/** A body captured from the wire in the replay test; posted again after the restart. */
let captured: RegisterBody | null = null;

beforeAll(async () => {
  dataDir = tempDataDir('names');
  server = await startApiServer({ port: 0, chains: unreachableChains(), dataDir });
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

  it('registers a name signed as EIP-712 typed data and returns the profile', async () => {
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

  it('refuses a captured body posted again (the nonce is spent); the registration it replays stays undone', async () => {
    const first = await signedBody(carol, 'carol-replay', { attributes: { bio: 'first' } });
    expect((await postBody(first)).status).toBe(200);
    const again = refused(await postBody(first), 409);
    expect(again).toEqual({
      field: 'message.nonce',
      description: 'This signed registration was already used (its nonce is spent); sign a new one',
    });
    // The owner changes the bio; the old body, posted again, would put the old one back.
    expect((await register(carol, 'carol-replay', { attributes: { bio: 'second' } })).status).toBe(200);
    expect(refused(await postBody(first), 409).field).toBe('message.nonce');
    expect((await profileOf('carol-replay')).attributes).toEqual([{ bio: 'second' }]);
    captured = first;
  });

  it('refuses the same signature under another coin_type, also with the message edited to match', async () => {
    const body = await signedBody(carol, 'carol-coins');
    // As is, under the coin type of chain 1 and under coin type 60.
    for (const coinType of [COIN_1, 60]) {
      const reason = refused(await postBody({ ...body, coin_type: coinType }), 400);
      expect(reason.field).toBe('message.coinType');
      expect(reason.description).toBe(
        `The signed coinType (${COIN_31337}) is not the body's coin_type (${coinType})`,
      );
    }
    // The message edited to name chain 1: the signature does not cover it.
    const edited = { ...JSON.parse(body.message), coinType: COIN_1, chainId: 1 };
    const forged = refused(
      await postBody({ ...body, coin_type: COIN_1, message: JSON.stringify(edited) }),
      401,
    );
    expect(forged.field).toBe('signature');
    // Nothing was registered under any of them; the body itself still registers under its own coin type.
    expect((await get(base, `/v1/profile/account/carol-coins?${P}`)).status).toBe(404);
    expect((await postBody(body)).status).toBe(200);
    expect(Object.keys((await profileOf('carol-coins')).addresses)).toEqual([String(COIN_31337)]);
  });

  it("refuses a message whose coinType, chainId or address is not the body's", async () => {
    const otherCoin = await signedBody(carol, 'carol-fields', { signed: { coinType: COIN_1, chainId: 1 } });
    expect(refused(await postBody(otherCoin), 400)).toEqual({
      field: 'message.coinType',
      description: `The signed coinType (${COIN_1}) is not the body's coin_type (${COIN_31337})`,
    });
    const otherChain = await signedBody(carol, 'carol-fields', { signed: { chainId: 1 } });
    expect(refused(await postBody(otherChain), 400).field).toBe('message.chainId');
    // Mallory signs a message that names carol, and posts it as her own or as carol's.
    const naming = await signedBody(mallory, 'carol-fields', { signed: { address: carol.address } });
    expect(refused(await postBody(naming), 400)).toEqual({
      field: 'message.address',
      description: `The signed address (${carol.address}) is not the body's address (${mallory.address})`,
    });
    expect(refused(await postBody({ ...naming, address: carol.address }), 401).field).toBe('signature');
    // A field the signature does not cover.
    const extra = await signedBody(carol, 'carol-fields');
    const padded = { ...extra, message: JSON.stringify({ ...JSON.parse(extra.message), admin: true }) };
    expect(refused(await postBody(padded), 400).field).toBe('message');
    expect((await get(base, `/v1/profile/account/carol-fields?${P}`)).status).toBe(404);
  });

  it('refuses a personal_sign body', async () => {
    const message = JSON.stringify({
      name: 'carol-legacy',
      attributes: {},
      timestamp: Math.floor(Date.now() / 1000),
    });
    const legacy = {
      coin_type: COIN_31337,
      address: carol.address,
      message,
      signature: await carol.signMessage({ message }),
    };
    const reason = refused(await postBody(legacy), 400);
    expect(reason.field).toBe('message');
    expect(reason.description).toMatch(/personal_sign registrations are not accepted.*eth_signTypedData_v4/);
    // The new message signed with personal_sign instead of as typed data.
    const body = await signedBody(carol, 'carol-legacy');
    const personal = { ...body, signature: await carol.signMessage({ message: body.message }) };
    expect(refused(await postBody(personal), 401).field).toBe('signature');
    expect((await get(base, `/v1/profile/account/carol-legacy?${P}`)).status).toBe(404);
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
    // A new free port, so that no pooled keep-alive connection of the old server is reused by fetch.
    server = await startApiServer({ port: 0, chains: unreachableChains(), dataDir });
    base = server.url;
    const res = await get(base, `/v1/profile/account/alice-dev.kw.id?${P}&apiVersion=2`);
    expect(res.status).toBe(200);
    expect(profileSchema.parse(res.json).addresses[String(COIN_31337)]?.address).toBe(alice.address);
    const taken = await register(bob, 'alice-dev');
    expect(taken.status).toBe(409);
    // The spent nonces are kept as well.
    expect(captured).not.toBeNull();
    expect(refused(await postBody(captured), 409).field).toBe('message.nonce');
  });
});
