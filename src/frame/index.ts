/**
 * The embedded wallet, kit side: the frame protocol (events and schemas), the frame client, the login
 * cache, and the auth connector (wagmi) with its headless auth API. The frame page itself lives in
 * services/frame and validates what it receives with `createFrameMessageGuard`.
 */
export {
  type AbortOptions,
  type ApprovalEvent,
  createFrameClient,
  DEFAULT_FRAME_TIMEOUTS,
  type FrameClient,
  type FrameClientEvents,
  type FrameClientOptions,
  type FrameClientState,
  type FrameTimeouts,
} from './client/client.ts';
export {
  type AuthConnectorApi,
  type AuthConnectorApiOptions,
  type AuthLogger,
  createAuthConnectorApi,
} from './connector/auth-api.ts';
export {
  AUTH_CONNECTOR_NAME,
  type AuthConnectorParameters,
  type AuthConnectorProperties,
  type AuthProvider,
  AuthProviderRpcError,
  authConnector,
} from './connector/connector.ts';
export { FrameRequestError, FrameTimeoutError, FrameValidationError } from './errors.ts';
export {
  createLoginCache,
  createMemoryStorage,
  type KeyValueStorage,
  LOGIN_CACHE_CLEARED_KEYS,
  LOGIN_CACHE_KEYS,
  type LoginCache,
  type LoginCacheStorageOptions,
  SESSION_KEYS,
  SOCIAL_PROVIDERS,
  type SocialProvider,
} from './login-cache.ts';
export { isSignedMessage, isTransactionHash } from './protocol/classify.ts';
export {
  type AppRequest,
  AppRequestSchema,
  appEventType,
  buildError,
  buildRequest,
  buildSuccess,
  errorEventType,
  FRAME_EVENT_NAMES,
  FRAME_EVENT_SCHEMAS,
  type FrameErrorPayload,
  type FrameEventName,
  type FrameUser,
  HANDSHAKE_TYPE,
  type Handshake,
  PROTOCOL_VERSION,
  READY_TYPE,
  type Ready,
  type RequestPayload,
  type SuccessPayload,
  successEventType,
} from './protocol/events.ts';
export {
  type AccountType,
  type DappMetadata,
  DEFAULT_ACCOUNT_TYPE,
  EmailSchema,
  type FrameChainId,
  OTP_LENGTH,
  OtpSchema,
  type ThemeMode,
  ThemeModeSchema,
} from './protocol/fields.ts';
export {
  createFrameMessageGuard,
  type FrameMessageGuard,
  type FrameMessageGuardOptions,
  type IncomingWindowMessage,
} from './protocol/guard.ts';
export type { RpcRequestPayload } from './protocol/rpc.ts';
export {
  isAllowedRpcMethod,
  isSafeRpcMethod,
  isUnsafeRpcMethod,
  type RpcMethod,
  rpcErrorDetail,
  SAFE_RPC_METHODS,
  type SafeRpcMethod,
  UNSAFE_RPC_METHODS,
  type UnsafeRpcMethod,
} from './rpc-methods.ts';
