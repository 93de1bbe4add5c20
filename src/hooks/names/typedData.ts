/**
 * The EIP-712 typed data of a name registration, shared by the kit (which has it signed with
 * `eth_signTypedData_v4`) and the reference API (which rebuilds it from the posted message and verifies the
 * signature). Nothing here runs code from another module: the API server imports this file as it is.
 *
 * The signature covers the name, the attributes, the time, the coin type, the address and a one-time nonce,
 * under a domain that names the service and the chain: a signed registration cannot be replayed (the API
 * keeps used nonces), moved to another coin type or another address, or taken for a signature of another
 * application or chain.
 *
 * The posted `message` is the JSON text of {@link RegistrationMessage}; the typed data is a function of it
 * ({@link registrationTypedData}), so the API needs nothing else to check the signature.
 */
import type { TypedDataDefinition } from 'viem';

/** The EIP-712 domain's name and version (the chain id is the registration's). */
export const NAME_TYPED_DATA_DOMAIN = { name: 'Keyway Names', version: '1' } as const;

export const REGISTER_NAME_PRIMARY_TYPE = 'RegisterName';

export const REGISTER_NAME_TYPES = {
  RegisterName: [
    { name: 'name', type: 'string' },
    { name: 'attributes', type: 'string' },
    { name: 'timestamp', type: 'uint256' },
    { name: 'coinType', type: 'uint256' },
    { name: 'address', type: 'address' },
    { name: 'nonce', type: 'bytes32' },
  ],
} as const;

/** The posted message (JSON): the spec's `{name, attributes, timestamp}` and what binds the signature. */
export interface RegistrationMessage {
  /** The full name (`alice.kw.id`). */
  name: string;
  attributes: Record<string, string>;
  /** Seconds since the epoch. */
  timestamp: number;
  /** ENSIP-11 coin type; equal to the body's `coin_type`. */
  coinType: number;
  /** The registering address; equal to the body's `address`. */
  address: `0x${string}`;
  /** 32 random bytes, hex: used once. */
  nonce: `0x${string}`;
  /** The EIP-712 domain's chain id (the network the coin type names). */
  chainId: number;
}

export type RegistrationTypedData = TypedDataDefinition<
  typeof REGISTER_NAME_TYPES,
  typeof REGISTER_NAME_PRIMARY_TYPE
>;

/**
 * The attributes as signed: a JSON object text with the keys sorted (by UTF-16 code units) and no spaces,
 * written key by key, so that any client writes the same text (a JavaScript object would put keys that look
 * like integers first).
 */
export function attributesText(attributes: Record<string, string>): string {
  const entries = Object.keys(attributes)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${JSON.stringify(attributes[key])}`);
  return `{${entries.join(',')}}`;
}

/** The typed data whose signature registers `m` (the same on the kit's side and the API's). */
export function registrationTypedData(m: RegistrationMessage): RegistrationTypedData {
  return {
    domain: { ...NAME_TYPED_DATA_DOMAIN, chainId: m.chainId },
    types: REGISTER_NAME_TYPES,
    primaryType: REGISTER_NAME_PRIMARY_TYPE,
    message: {
      name: m.name,
      attributes: attributesText(m.attributes),
      timestamp: BigInt(m.timestamp),
      coinType: BigInt(m.coinType),
      address: m.address,
      nonce: m.nonce,
    },
  };
}
