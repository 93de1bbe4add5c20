/** CAIP-2 / CAIP-10 helpers and the shared zod pieces for request validation. */
import { type Address, getAddress, isAddress } from 'viem';
import { z } from 'zod';
import { badRequest } from './errors.ts';

export const NATIVE_EVM_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee' as const;
export const NATIVE_SOLANA_ADDRESS = 'So11111111111111111111111111111111111111111';

export const projectIdSchema = z
  .string({ error: 'projectId is required' })
  .min(1, 'projectId is required')
  .max(128, 'projectId is too long')
  .regex(/^[A-Za-z0-9_-]+$/, 'projectId must contain only letters, digits, "-" and "_"');

export const evmAddressSchema = z
  .string()
  .refine((v) => isAddress(v, { strict: false }), 'Invalid EVM address')
  .transform((v) => getAddress(v));

export const caip2Schema = z
  .string()
  .regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/, 'Invalid CAIP-2 chain id (expected e.g. eip155:31337)');

export interface EvmCaip10 {
  namespace: 'eip155';
  chainId: number;
  address: Address;
  native: boolean;
}

/** Parses `eip155:<id>:0x…` (or throws 400 on `field`). */
export function parseEvmCaip10(value: string, field: string): EvmCaip10 {
  const parts = value.split(':');
  if (parts.length !== 3 || parts[0] !== 'eip155' || !/^\d{1,10}$/.test(parts[1] ?? '')) {
    throw badRequest(field, `${field} must be a CAIP-10 account id like eip155:31337:0x…`);
  }
  const address = parts[2] ?? '';
  if (!isAddress(address, { strict: false })) throw badRequest(field, `${field} has an invalid address`);
  return {
    namespace: 'eip155',
    chainId: Number(parts[1]),
    address: getAddress(address),
    native: address.toLowerCase() === NATIVE_EVM_ADDRESS,
  };
}

/** Accepts a plain 0x address or a CAIP-10 EVM account; returns the checksummed address (and chain if given). */
export function parseAccount(value: string, field: string): { address: Address; chainId?: number } {
  if (value.includes(':')) {
    const parsed = parseEvmCaip10(value, field);
    return { address: parsed.address, chainId: parsed.chainId };
  }
  if (!isAddress(value, { strict: false })) throw badRequest(field, `${field} is not a valid address`);
  return { address: getAddress(value) };
}

export const caip10 = (chainId: number, address: string): string => `eip155:${chainId}:${address}`;
export const caip2 = (chainId: number): string => `eip155:${chainId}`;
