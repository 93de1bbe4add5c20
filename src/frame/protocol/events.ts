/**
 * Frame events (spec §7): one zod schema per event in each direction.
 *
 * Naming scheme (decision): the app posts `@keyway-app/<EVENT>`; the frame answers
 * `@keyway-frame/<EVENT>_SUCCESS` or `@keyway-frame/<EVENT>_ERROR`. Every message is an envelope
 * `{type, id, payload}` where `id` is a `crypto.randomUUID()` chosen by the app and echoed by the frame.
 * Envelopes are strict: unknown keys fail the schema.
 *
 * Smart account init (payload not shown in the spec; decision): the app sends `{chainId, version?}` where
 * `version` names the smart-account implementation the host wants (free text up to 32 characters); the
 * frame answers `{address, isDeployed}`.
 */
import { z } from '../../core/zod-mini';
import {
  AccountTypeSchema,
  AddressSchema,
  ChainIdSchema,
  DappMetadataSchema,
  EmailSchema,
  EvmChainIdSchema,
  MAX_ERROR_MESSAGE_LENGTH,
  OtpSchema,
  PreferredAccountTypeResultSchema,
  ProjectIdSchema,
  SdkVersionSchema,
  ThemeModeSchema,
  ThemeVariablesSchema,
  UserNameSchema,
  WebUrlSchema,
} from './fields.ts';
import { RpcRequestPayloadSchema, RpcResultSchema } from './rpc.ts';

export const APP_EVENT_PREFIX = '@keyway-app/' as const;
export const FRAME_EVENT_PREFIX = '@keyway-frame/' as const;

/** The app's first message, posted to the iframe's window with the frame's exact origin. */
export const HANDSHAKE_TYPE = `${APP_EVENT_PREFIX}HANDSHAKE` as const;
/** The frame's answer to the handshake, carrying the MessagePort all later traffic uses. */
export const READY_TYPE = `${FRAME_EVENT_PREFIX}READY` as const;
export const PROTOCOL_VERSION = 1;
/**
 * The kit's default time limit for a request (an RPC request included). The frame gives an approval
 * screen the same time from the request's arrival, then rejects it on its own.
 */
export const DEFAULT_REQUEST_TIME_LIMIT_MS = 30_000;

const IdSchema = z.uuid();
const NoPayload = z.optional(z.undefined());

/** Frame error payload: `{message?}` (spec §8), plus an optional EIP-1193 error code (e.g. 4001). */
export const FrameErrorPayloadSchema = z.strictObject({
  message: z.optional(z.string().check(z.maxLength(MAX_ERROR_MESSAGE_LENGTH))),
  code: z.optional(z.int()),
});
export type FrameErrorPayload = z.infer<typeof FrameErrorPayloadSchema>;

const UserSchema = z.strictObject({
  email: z.optional(EmailSchema),
  address: AddressSchema,
  chainId: ChainIdSchema,
  userName: z.optional(UserNameSchema),
  smartAccountDeployed: z.optional(z.boolean()),
  preferredAccountType: z.optional(PreferredAccountTypeResultSchema),
  accounts: z.optional(
    z.array(z.strictObject({ address: AddressSchema, type: AccountTypeSchema })).check(z.maxLength(8)),
  ),
});
export type FrameUser = z.infer<typeof UserSchema>;

/** Request payload (app → frame) and success payload (frame → app) per event. */
const definitions = {
  CONNECT_EMAIL: {
    request: z.strictObject({ email: EmailSchema }),
    success: z.strictObject({ action: z.enum(['VERIFY_DEVICE', 'VERIFY_OTP']) }),
  },
  CONNECT_DEVICE: { request: NoPayload, success: NoPayload },
  CONNECT_OTP: { request: z.strictObject({ otp: OtpSchema }), success: NoPayload },
  IS_CONNECTED: { request: NoPayload, success: z.strictObject({ isConnected: z.boolean() }) },
  GET_CHAIN_ID: { request: NoPayload, success: z.strictObject({ chainId: ChainIdSchema }) },
  GET_SOCIAL_REDIRECT_URI: {
    request: z.strictObject({
      provider: z.enum(['google', 'github', 'apple', 'facebook', 'x', 'discord']),
    }),
    success: z.strictObject({ uri: WebUrlSchema }),
  },
  UPDATE_EMAIL: {
    request: z.strictObject({ email: EmailSchema }),
    success: z.strictObject({ action: z.enum(['VERIFY_PRIMARY_OTP', 'VERIFY_SECONDARY_OTP']) }),
  },
  UPDATE_EMAIL_PRIMARY_OTP: { request: z.strictObject({ otp: OtpSchema }), success: NoPayload },
  UPDATE_EMAIL_SECONDARY_OTP: {
    request: z.strictObject({ otp: OtpSchema }),
    success: z.strictObject({ newEmail: EmailSchema }),
  },
  SYNC_THEME: {
    request: z.strictObject({ themeMode: ThemeModeSchema, themeVariables: z.optional(ThemeVariablesSchema) }),
    success: NoPayload,
  },
  SYNC_DAPP_DATA: {
    request: z.strictObject({
      metadata: DappMetadataSchema,
      sdkVersion: SdkVersionSchema,
      projectId: ProjectIdSchema,
    }),
    success: NoPayload,
  },
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: {
    request: NoPayload,
    success: z.strictObject({
      smartAccountEnabledNetworks: z.array(EvmChainIdSchema).check(z.maxLength(256)),
    }),
  },
  SET_PREFERRED_ACCOUNT: {
    request: z.strictObject({ type: AccountTypeSchema }),
    success: z.strictObject({ type: AccountTypeSchema, address: AddressSchema }),
  },
  GET_USER: {
    request: z.strictObject({ chainId: ChainIdSchema, preferredAccountType: z.optional(AccountTypeSchema) }),
    success: UserSchema,
  },
  CONNECT_SOCIAL: { request: z.strictObject({ uri: WebUrlSchema }), success: UserSchema },
  GET_FARCASTER_URI: { request: NoPayload, success: z.strictObject({ url: WebUrlSchema }) },
  CONNECT_FARCASTER: {
    request: NoPayload,
    success: z.strictObject({ userName: z.optional(UserNameSchema) }),
  },
  SWITCH_NETWORK: {
    request: z.strictObject({ chainId: ChainIdSchema }),
    success: z.strictObject({ chainId: ChainIdSchema }),
  },
  SIGN_OUT: { request: NoPayload, success: NoPayload },
  RPC_REQUEST: { request: RpcRequestPayloadSchema, success: RpcResultSchema },
  INIT_SMART_ACCOUNT: {
    request: z.strictObject({
      chainId: EvmChainIdSchema,
      version: z.optional(z.string().check(z.minLength(1), z.maxLength(32))),
    }),
    success: z.strictObject({ address: AddressSchema, isDeployed: z.boolean() }),
  },
  /**
   * The app gave up on a request it posted (its time limit ran out, or it was aborted because the modal
   * closed). `requestId` is that request's envelope id. The frame drops the request's approval screen (the
   * request is answered as rejected and never signed) and answers success whether or not it still knew it.
   */
  CANCEL_REQUEST: { request: z.strictObject({ requestId: IdSchema }), success: NoPayload },
} as const;

type Definitions = typeof definitions;
export type FrameEventName = keyof Definitions;
export const FRAME_EVENT_NAMES = Object.keys(definitions) as FrameEventName[];

export type RequestPayload<E extends FrameEventName> = z.input<Definitions[E]['request']>;
export type SuccessPayload<E extends FrameEventName> = z.output<Definitions[E]['success']>;

export const appEventType = <E extends FrameEventName>(event: E) => `${APP_EVENT_PREFIX}${event}` as const;
export const successEventType = <E extends FrameEventName>(event: E) =>
  `${FRAME_EVENT_PREFIX}${event}_SUCCESS` as const;
export const errorEventType = <E extends FrameEventName>(event: E) =>
  `${FRAME_EVENT_PREFIX}${event}_ERROR` as const;

function envelope<T extends string, P extends z.ZodMiniType>(type: T, payload: P) {
  return z.strictObject({ type: z.literal(type), id: IdSchema, payload });
}

type Envelope<T extends string, P extends z.ZodMiniType> = z.ZodMiniObject<
  { type: z.ZodMiniLiteral<T>; id: z.ZodMiniUUID; payload: P },
  z.core.$strict
>;

export type EventSchemas<E extends FrameEventName> = {
  request: Envelope<`${typeof APP_EVENT_PREFIX}${E}`, Definitions[E]['request']>;
  success: Envelope<`${typeof FRAME_EVENT_PREFIX}${E}_SUCCESS`, Definitions[E]['success']>;
  error: Envelope<`${typeof FRAME_EVENT_PREFIX}${E}_ERROR`, typeof FrameErrorPayloadSchema>;
};

function eventSchemas<E extends FrameEventName>(event: E): EventSchemas<E> {
  const def: { request: z.ZodMiniType; success: z.ZodMiniType } = definitions[event];
  // The generic payload types are lost inside `envelope`; the declared return type restores them.
  return {
    /** app → frame */
    request: envelope(appEventType(event), def.request),
    /** frame → app, success */
    success: envelope(successEventType(event), def.success),
    /** frame → app, error */
    error: envelope(errorEventType(event), FrameErrorPayloadSchema),
  } as unknown as EventSchemas<E>;
}

/** `FRAME_EVENT_SCHEMAS.CONNECT_EMAIL.request` etc.: the three schemas of each event. */
export const FRAME_EVENT_SCHEMAS = Object.fromEntries(
  FRAME_EVENT_NAMES.map((event) => [event, eventSchemas(event)]),
) as { [E in FrameEventName]: EventSchemas<E> };

export type AppRequest<E extends FrameEventName = FrameEventName> = {
  [K in E]: z.output<EventSchemas<K>['request']>;
}[E];

/** The handshake the app posts to the iframe's window (never over `*`). */
export const HandshakeSchema = z.strictObject({
  type: z.literal(HANDSHAKE_TYPE),
  id: IdSchema,
  payload: z.strictObject({ protocolVersion: z.literal(PROTOCOL_VERSION) }),
});
export type Handshake = z.infer<typeof HandshakeSchema>;

/** The frame's ready message: echoes the handshake id; the MessagePort travels in `event.ports[0]`. */
export const ReadySchema = z.strictObject({
  type: z.literal(READY_TYPE),
  id: IdSchema,
  payload: z.strictObject({ protocolVersion: z.literal(PROTOCOL_VERSION) }),
});
export type Ready = z.infer<typeof ReadySchema>;

/** Any app → frame request (what the frame accepts on its port). */
export const AppRequestSchema = z.discriminatedUnion(
  'type',
  FRAME_EVENT_NAMES.map((e) => FRAME_EVENT_SCHEMAS[e].request) as unknown as [
    EventSchemas<FrameEventName>['request'],
    ...EventSchemas<FrameEventName>['request'][],
  ],
);

const REPLY_TYPES = new Map<string, { event: FrameEventName; ok: boolean }>(
  FRAME_EVENT_NAMES.flatMap((event) => [
    [successEventType(event), { event, ok: true }] as const,
    [errorEventType(event), { event, ok: false }] as const,
  ]),
);

/** For a frame → app type string: which event it answers and whether it is a success. */
export function replyKind(type: unknown): { event: FrameEventName; ok: boolean } | undefined {
  return typeof type === 'string' ? REPLY_TYPES.get(type) : undefined;
}

/** Builds an app → frame request envelope (not validated; the client validates before posting). */
export function buildRequest<E extends FrameEventName>(event: E, id: string, payload: RequestPayload<E>) {
  return payload === undefined
    ? { type: appEventType(event), id }
    : { type: appEventType(event), id, payload };
}

/** Helpers for the frame page: the replies to a request. */
export function buildSuccess<E extends FrameEventName>(
  event: E,
  id: string,
  payload: z.input<Definitions[E]['success']>,
) {
  return payload === undefined
    ? { type: successEventType(event), id }
    : { type: successEventType(event), id, payload };
}

export function buildError<E extends FrameEventName>(event: E, id: string, payload: FrameErrorPayload = {}) {
  return { type: errorEventType(event), id, payload };
}
