/**
 * Name service: identity, profile lookup, reverse lookup, suggestions and signed registration (persistent).
 *
 * Registration (`POST /v1/profile/account`, body `{coin_type, address, message, signature}`): `message` is
 * the JSON text of `{name, attributes, timestamp, coinType, address, nonce, chainId}` and `signature` an
 * EIP-712 signature (eth_signTypedData_v4) of the typed data rebuilt from it (src/hooks/names/typedData.ts:
 * domain "Keyway Names" v1 with `chainId`, primary type `RegisterName`). The route requires the signed
 * `coinType` and `address` to be the body's, `chainId` to be the chain the coin type names, the timestamp
 * to be within 15 minutes of now, and the nonce to be new for that address: used nonces are kept
 * (`name_nonces`, until their timestamp leaves the window), so a captured body cannot be posted again. A
 * `personal_sign` body (the message `{name, attributes, timestamp}` alone) is refused with a 400.
 */
import { type Address, getAddress, isAddress, isAddressEqual, isHex, verifyTypedData } from 'viem';
import { z } from 'zod';
import { NAME_REGISTRATION_CHAIN_ID_LIMIT, NAME_SUFFIX } from '../../src/core/constants.ts';
import { type RegistrationMessage, registrationTypedData } from '../../src/hooks/names/typedData.ts';
import type { App } from './app-types.ts';
import { evmAddressSchema } from './caip.ts';
import type { Store } from './db.ts';
import { ApiError, badRequest, parseOrThrow } from './errors.ts';

const HIGH_BIT = 0x80000000;
/** Mainnet-style coin type of ETH (SLIP-44). */
const ETH_COIN_TYPE = 60;
/** A signed registration message older (or further in the future) than this is refused. */
const MESSAGE_MAX_AGE_S = 15 * 60;

const LABEL_RE = /^[a-z0-9-]{4,63}$/;

/** `alice` and `alice.kw.id` both name `alice.kw.id`; anything else is a 400 on `field`. */
export function normalizeName(input: string, field = 'name'): string {
  const lower = input.trim().toLowerCase();
  const label = lower.endsWith(NAME_SUFFIX) ? lower.slice(0, -NAME_SUFFIX.length) : lower;
  if (!LABEL_RE.test(label)) {
    throw badRequest(
      field,
      `Invalid name: use at least 4 characters, letters, digits and hyphens only (optionally ending in ${NAME_SUFFIX})`,
    );
  }
  return `${label}${NAME_SUFFIX}`;
}

interface NameRow {
  name: string;
  registered: number | string;
  updated: number | string;
  attributes: Record<string, string>;
}
interface AddressRow {
  name: string;
  coin_type: string;
  address: string;
  created: number | string;
}

export interface Profile {
  name: string;
  registered: number;
  updated: number;
  addresses: Record<string, { address: string; created: number }>;
  attributes: { avatar?: string; bio?: string }[];
}

function toProfile(row: NameRow, addresses: AddressRow[]): Profile {
  const attrs: { avatar?: string; bio?: string } = {};
  if (typeof row.attributes.avatar === 'string') attrs.avatar = row.attributes.avatar;
  if (typeof row.attributes.bio === 'string') attrs.bio = row.attributes.bio;
  return {
    name: row.name,
    registered: Number(row.registered),
    updated: Number(row.updated),
    addresses: Object.fromEntries(
      addresses.map((a) => [a.coin_type, { address: a.address, created: Number(a.created) }]),
    ),
    attributes: Object.keys(attrs).length > 0 ? [attrs] : [],
  };
}

async function loadProfiles(store: Store, names: string[]): Promise<Profile[]> {
  if (names.length === 0) return [];
  const db = await store.db;
  const rows = (
    await db.query<NameRow>('select * from names where name = any($1) order by updated desc', [names])
  ).rows;
  const addrs = (await db.query<AddressRow>('select * from name_addresses where name = any($1)', [names]))
    .rows;
  return rows.map((r) =>
    toProfile(
      r,
      addrs.filter((a) => a.name === r.name),
    ),
  );
}

export async function profilesOfAddress(store: Store, address: Address): Promise<Profile[]> {
  const db = await store.db;
  const names = (
    await db.query<{ name: string }>(
      'select distinct name from name_addresses where lower(address) = lower($1)',
      [address],
    )
  ).rows.map((r) => r.name);
  return loadProfiles(store, names);
}

const addressParam = (value: string, field = 'address'): Address => {
  if (!isAddress(value, { strict: false })) throw badRequest(field, `${field} is not a valid address`);
  return getAddress(value);
};

const registerBody = z.object({
  coin_type: z.union([z.number().int(), z.string().regex(/^\d{1,10}$/, 'coin_type must be an integer')]),
  address: evmAddressSchema,
  message: z.string().min(2).max(4096),
  signature: z
    .string()
    .refine((s) => isHex(s) && s.length >= 132, 'signature must be a 0x-prefixed hex signature'),
});

/** Every field is signed (typedData.ts); a field the signature does not cover is refused. */
const registerMessage = z
  .object({
    name: z.string().min(1).max(80),
    attributes: z.record(z.string(), z.string().max(2048)),
    timestamp: z.number().int().positive(),
    coinType: z
      .number()
      .int()
      .nonnegative()
      .lt(HIGH_BIT * 2),
    address: z.string().refine((v) => isAddress(v, { strict: false }), 'address must be an EVM address'),
    nonce: z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'nonce must be 32 bytes, 0x-prefixed hex'),
    chainId: z.number().int().positive().lt(NAME_REGISTRATION_CHAIN_ID_LIMIT, 'Invalid chainId'),
  })
  .strict();

const REGISTER_MESSAGE_SHAPE = '{name, attributes, timestamp, coinType, address, nonce, chainId}';

/** The signed message of a body, or a 400 that says what is wrong with it. */
function parseRegisterMessage(text: string): RegistrationMessage {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw badRequest('message', `message must be the JSON text of ${REGISTER_MESSAGE_SHAPE}`);
  }
  const legacy =
    !!json && typeof json === 'object' && !('nonce' in json) && !('coinType' in json) && 'name' in json;
  if (legacy) {
    throw badRequest(
      'message',
      `personal_sign registrations are not accepted: sign the EIP-712 typed data (eth_signTypedData_v4) of ${REGISTER_MESSAGE_SHAPE}`,
    );
  }
  const parsed = registerMessage.safeParse(json);
  if (!parsed.success) {
    const [first, ...rest] = parsed.error.issues.map((issue) => ({
      field: ['message', ...issue.path.map(String)].join('.'),
      description: issue.message,
    }));
    throw new ApiError(400, first?.field ?? 'message', first?.description ?? 'Invalid message', rest);
  }
  return {
    ...parsed.data,
    address: getAddress(parsed.data.address),
    nonce: parsed.data.nonce as `0x${string}`,
  };
}

/** The chain a coin type names: 60 is Ethereum mainnet, else the chain id under the high bit (ENSIP-11). */
const chainOfCoinType = (coinType: number): number => (coinType === ETH_COIN_TYPE ? 1 : coinType - HIGH_BIT);

export function registerNameRoutes(app: App, store: Store): void {
  app.get('/v1/identity/:address', async (c) => {
    const address = addressParam(c.req.param('address'));
    const [profile] = await profilesOfAddress(store, address);
    return c.json({ name: profile?.name ?? null, avatar: profile?.attributes[0]?.avatar ?? null });
  });

  app.get('/v1/profile/account/:name', async (c) => {
    const name = normalizeName(c.req.param('name'));
    const [profile] = await loadProfiles(store, [name]);
    if (!profile) throw new ApiError(404, 'name', `Name ${name} is available (not registered)`);
    return c.json(profile);
  });

  app.get('/v1/profile/reverse/:address', async (c) => {
    const address = addressParam(c.req.param('address'));
    return c.json(await profilesOfAddress(store, address));
  });

  app.get('/v1/profile/suggestions/:name', async (c) => {
    const raw = c.req.param('name').trim().toLowerCase();
    const base = (raw.endsWith(NAME_SUFFIX) ? raw.slice(0, -NAME_SUFFIX.length) : raw)
      .replace(/[^a-z0-9-]/g, '')
      .slice(0, 50);
    if (base.length === 0) throw badRequest('name', 'Name must contain letters, digits or hyphens');
    const padded = base.length >= 4 ? base : base.padEnd(4, '0');
    const labels = [
      padded,
      `${padded}-wallet`,
      `${padded}1`,
      `${padded}-web3`,
      `the-${padded}`,
      `${padded}2024`,
    ];
    const candidates = labels.map((l) => `${l}${NAME_SUFFIX}`);
    const db = await store.db;
    const taken = new Set(
      (
        await db.query<{ name: string }>('select name from names where name = any($1)', [candidates])
      ).rows.map((r) => r.name),
    );
    return c.json({ suggestions: candidates.map((name) => ({ name, registered: taken.has(name) })) });
  });

  app.post('/v1/profile/account', async (c) => {
    const body = parseOrThrow(registerBody, await c.req.json().catch(() => undefined));
    const coinType = Number(body.coin_type);
    if (coinType !== ETH_COIN_TYPE) {
      if (coinType < HIGH_BIT || coinType >= HIGH_BIT * 2) {
        throw badRequest('coin_type', 'coin_type must be 60 or a chain id with the high bit set');
      }
      if (coinType - HIGH_BIT >= NAME_REGISTRATION_CHAIN_ID_LIMIT)
        throw badRequest('coin_type', 'Invalid chainId');
    }
    const message = parseRegisterMessage(body.message);
    if (message.coinType !== coinType) {
      throw badRequest(
        'message.coinType',
        `The signed coinType (${message.coinType}) is not the body's coin_type (${coinType})`,
      );
    }
    if (!isAddressEqual(message.address, body.address)) {
      throw badRequest(
        'message.address',
        `The signed address (${message.address}) is not the body's address (${body.address})`,
      );
    }
    if (message.chainId !== chainOfCoinType(coinType)) {
      throw badRequest(
        'message.chainId',
        `The signed chainId (${message.chainId}) is not the chain of coin_type ${coinType} (${chainOfCoinType(coinType)})`,
      );
    }
    const name = normalizeName(message.name, 'message.name');
    const ts = message.timestamp > 1e12 ? Math.floor(message.timestamp / 1000) : message.timestamp;
    const now = Math.floor(Date.now() / 1000);
    if (Math.abs(now - ts) > MESSAGE_MAX_AGE_S) {
      throw badRequest('message.timestamp', 'The signed message has expired; sign a new one');
    }
    const valid = await verifyTypedData({
      ...registrationTypedData(message),
      address: body.address,
      signature: body.signature as `0x${string}`,
    }).catch(() => false);
    if (!valid) {
      throw new ApiError(
        401,
        'signature',
        'Invalid signature: not an EIP-712 RegisterName signature of this message by this address',
      );
    }

    const db = await store.db;
    const attributes = Object.fromEntries(
      Object.entries(message.attributes).filter(([k]) => k === 'avatar' || k === 'bio'),
    );
    await db.transaction(async (tx) => {
      // A nonce is kept until its timestamp leaves the window: a body older than that is refused above.
      await tx.query('delete from name_nonces where expires < $1', [now]);
      const fresh = await tx.query(
        `insert into name_nonces (address, nonce, expires) values ($1, $2, $3)
         on conflict (address, nonce) do nothing returning nonce`,
        [body.address.toLowerCase(), message.nonce.toLowerCase(), ts + MESSAGE_MAX_AGE_S],
      );
      if (fresh.rows.length === 0) {
        throw new ApiError(
          409,
          'message.nonce',
          'This signed registration was already used (its nonce is spent); sign a new one',
        );
      }
      // Claim the name's row first and lock it: a registration of the same name in another transaction (another
      // request, another instance on the same database) waits here until this one commits or rolls back, and
      // then sees its owner. Without the lock both would see no owner and the later one would overwrite it.
      await tx.query(
        `insert into names (name, registered, updated, attributes) values ($1, $2, $2, $3)
         on conflict (name) do nothing`,
        [name, now, JSON.stringify(attributes)],
      );
      await tx.query('select name from names where name = $1 for update', [name]);
      const owners = (
        await tx.query<{ address: string }>('select address from name_addresses where name = $1', [name])
      ).rows;
      if (owners.length > 0 && !owners.some((o) => o.address.toLowerCase() === body.address.toLowerCase())) {
        throw new ApiError(409, 'name', `The name ${name} is already taken`);
      }
      await tx.query(
        `insert into names (name, registered, updated, attributes) values ($1, $2, $2, $3)
         on conflict (name) do update set updated = $2, attributes = $3`,
        [name, now, JSON.stringify(attributes)],
      );
      await tx.query(
        `insert into name_addresses (name, coin_type, address, created) values ($1, $2, $3, $4)
         on conflict (name, coin_type) do update set address = $3`,
        [name, String(coinType), body.address, now],
      );
    });
    const [profile] = await loadProfiles(store, [name]);
    return c.json(profile);
  });
}
