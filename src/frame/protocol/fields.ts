/**
 * Field schemas shared by the frame events (spec §5: email valid, otp digits, theme mode light|dark,
 * RPC methods enumerated). Every string has a length cap so that an oversized payload fails the schema.
 */
import { isHttpsOrLocalUrl } from '../../core/url';
import { z } from '../../core/zod-mini';
import { AccountTypeSchema, BASE58, DEFAULT_ACCOUNT_TYPE } from './ids';

export const MAX_EMAIL_LENGTH = 254;
export const MAX_URL_LENGTH = 4096;
export const MAX_ERROR_MESSAGE_LENGTH = 1000;
export const MAX_USERNAME_LENGTH = 64;
/** Upper bound of the JSON text of RPC params or of an RPC result (bytes of UTF-16 code units). */
export const MAX_RPC_JSON_LENGTH = 512 * 1024;

export const OTP_LENGTH = 6;

export const EmailSchema = z.email().check(z.maxLength(MAX_EMAIL_LENGTH));
export const OtpSchema = z.string().check(z.regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), 'A code is 6 digits'));

export const ThemeModeSchema = z.enum(['light', 'dark']);
export type ThemeMode = z.infer<typeof ThemeModeSchema>;

export {
  type AccountType,
  AccountTypeSchema,
  ChainIdSchema,
  DEFAULT_ACCOUNT_TYPE,
  EvmChainIdSchema,
  type FrameChainId,
  SolanaChainIdSchema,
} from './ids';
/** A preferred account type read from the frame: anything invalid becomes 'eoa'. */
export const PreferredAccountTypeResultSchema = z.catch(AccountTypeSchema, DEFAULT_ACCOUNT_TYPE);

export const EvmAddressSchema = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/));
export const SolanaAddressSchema = z.string().check(z.minLength(32), z.maxLength(44), z.regex(BASE58));
export const AddressSchema = z.union([EvmAddressSchema, SolanaAddressSchema]);

export const HexSchema = z.string().check(z.regex(/^0x[0-9a-fA-F]*$/));

/** Bytes as base58 text (Solana signatures, messages). */
export const Base58Schema = z.string().check(z.regex(BASE58));
/** Bytes as standard base64 text (Solana wire transactions). */
export const Base64Schema = z.string().check(z.regex(/^[A-Za-z0-9+/]*={0,2}$/, 'Expected base64'));
/** The largest Solana transaction on the wire (bytes): one IPv6 packet's payload. */
export const SOLANA_MAX_TRANSACTION_BYTES = 1232;
/** A Solana transaction signature: 64 bytes, 64 to 88 base58 characters. */
export const SolanaSignatureSchema = z.string().check(z.minLength(64), z.maxLength(88), z.regex(BASE58));

/** https: anywhere; http: only for a local development host. Nothing else (no javascript:, data:, …). */
export const isWebUrl = isHttpsOrLocalUrl;

export const WebUrlSchema = z
  .string()
  .check(
    z.maxLength(MAX_URL_LENGTH),
    z.refine(isWebUrl, 'Expected an https: URL (or http: on a local host)'),
  );

export const UserNameSchema = z.string().check(z.minLength(1), z.maxLength(MAX_USERNAME_LENGTH));

/** Theme variables: CSS-variable-like names, values without characters that could end a declaration. */
export const ThemeVariablesSchema = z
  .record(
    z.string().check(z.regex(/^-{0,2}[a-zA-Z][a-zA-Z0-9-]{0,63}$/)),
    // zod 4 numbers are finite: Infinity and NaN fail `z.number()`.
    z.union([z.string().check(z.maxLength(256), z.regex(/^[^;{}<>\\]*$/)), z.number()]),
  )
  .check(z.refine((vars) => Object.keys(vars).length <= 64, 'Too many theme variables'));

export const DappMetadataSchema = z.strictObject({
  name: z.string().check(z.minLength(1), z.maxLength(100)),
  description: z.string().check(z.maxLength(500)),
  url: WebUrlSchema,
  icons: z.array(WebUrlSchema).check(z.maxLength(10)),
});
export type DappMetadata = z.infer<typeof DappMetadataSchema>;

export const SdkVersionSchema = z.string().check(z.regex(/^[A-Za-z0-9._+-]{1,64}$/));
export const ProjectIdSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,128}$/));

/** True when `value` is JSON data whose text is at most `maxLength` long (no functions, no cycles). */
export function isBoundedJson(value: unknown, maxLength = MAX_RPC_JSON_LENGTH): boolean {
  try {
    const text = JSON.stringify(value);
    return text === undefined ? value === undefined : text.length <= maxLength;
  } catch {
    return false;
  }
}

export const BoundedJsonSchema = z
  .unknown()
  .check(z.refine((v) => isBoundedJson(v), 'Not bounded JSON data'));
