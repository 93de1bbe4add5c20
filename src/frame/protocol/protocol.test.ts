import { describe, expect, it } from 'vitest';
import { KeywayError } from '../../core/errors.ts';
import { rpcErrorDetail, SAFE_RPC_METHODS, UNSAFE_RPC_METHODS } from '../rpc-methods.ts';
import { isSignedMessage, isTransactionHash } from './classify.ts';
import {
  AppRequestSchema,
  buildError,
  buildRequest,
  buildSuccess,
  FRAME_EVENT_NAMES,
  FRAME_EVENT_SCHEMAS,
  type FrameEventName,
  replyKind,
} from './events.ts';

const ID = '0b6f3c84-6a53-4c1a-9d64-2f9b3a0c1e77';
const ADDRESS = '0x6666666666666666666666666666666666666666';

/** One valid request payload and one valid success payload per event of spec §7. */
const VALID: { [E in FrameEventName]: [unknown, unknown] } = {
  CONNECT_EMAIL: [{ email: 'ada@example.com' }, { action: 'VERIFY_OTP' }],
  CONNECT_DEVICE: [undefined, undefined],
  CONNECT_OTP: [{ otp: '012345' }, undefined],
  IS_CONNECTED: [undefined, { isConnected: false }],
  GET_CHAIN_ID: [undefined, { chainId: 1 }],
  GET_SOCIAL_REDIRECT_URI: [{ provider: 'github' }, { uri: 'https://github.test/login/oauth' }],
  UPDATE_EMAIL: [{ email: 'new@example.com' }, { action: 'VERIFY_PRIMARY_OTP' }],
  UPDATE_EMAIL_PRIMARY_OTP: [{ otp: '111111' }, undefined],
  UPDATE_EMAIL_SECONDARY_OTP: [{ otp: '222222' }, { newEmail: 'new@example.com' }],
  SYNC_THEME: [{ themeMode: 'light', themeVariables: { '--kw-accent': '#3b99fc', radius: 8 } }, undefined],
  SYNC_DAPP_DATA: [
    {
      metadata: {
        name: 'Demo',
        description: '',
        url: 'https://demo.test',
        icons: ['https://demo.test/i.png'],
      },
      sdkVersion: 'react-wagmi-5.1.11',
      projectId: 'abc123',
    },
    undefined,
  ],
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: [undefined, { smartAccountEnabledNetworks: [1, 137] }],
  SET_PREFERRED_ACCOUNT: [{ type: 'smartAccount' }, { type: 'smartAccount', address: ADDRESS }],
  GET_USER: [
    { chainId: 1, preferredAccountType: 'eoa' },
    { email: 'ada@example.com', address: ADDRESS, chainId: 1 },
  ],
  CONNECT_SOCIAL: [
    { uri: 'https://frame.test/cb?code=1' },
    { address: ADDRESS, chainId: 1, userName: 'ada' },
  ],
  GET_FARCASTER_URI: [undefined, { url: 'https://farcaster.test/connect?c=1' }],
  CONNECT_FARCASTER: [undefined, { userName: 'ada.eth' }],
  SWITCH_NETWORK: [
    { chainId: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' },
    { chainId: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' },
  ],
  SIGN_OUT: [undefined, undefined],
  RPC_REQUEST: [{ method: 'eth_getBalance', params: [ADDRESS, 'latest'] }, { result: '0x0' }],
  INIT_SMART_ACCOUNT: [
    { chainId: 8453, version: 'v1' },
    { address: ADDRESS, isDeployed: false },
  ],
  CANCEL_REQUEST: [{ requestId: '5f0c2b1e-8d3a-4f6e-9b7c-1a2d3e4f5a6b' }, undefined],
};

describe('frame events (spec §7)', () => {
  it('cover every event of the spec', () => {
    expect([...FRAME_EVENT_NAMES].sort()).toEqual(Object.keys(VALID).sort());
    // The 21 events of spec §7, and CANCEL_REQUEST (the app gave up on a request; security issue #16).
    expect(FRAME_EVENT_NAMES).toHaveLength(22);
  });

  it.each(FRAME_EVENT_NAMES)('%s: a valid request and both replies parse', (event) => {
    const [request, success] = VALID[event];
    const schemas = FRAME_EVENT_SCHEMAS[event];
    expect(schemas.request.safeParse(buildRequest(event, ID, request as never)).success).toBe(true);
    expect(schemas.success.safeParse(buildSuccess(event, ID, success as never)).success).toBe(true);
    expect(schemas.error.safeParse(buildError(event, ID, { message: 'nope' })).success).toBe(true);
    expect(schemas.error.safeParse(buildError(event, ID)).success).toBe(true);
  });

  it.each(FRAME_EVENT_NAMES)('%s: namespaced types', (event) => {
    expect(buildRequest(event, ID, VALID[event][0] as never).type).toBe(`@keyway-app/${event}`);
    expect(buildSuccess(event, ID, VALID[event][1] as never).type).toBe(`@keyway-frame/${event}_SUCCESS`);
    expect(buildError(event, ID).type).toBe(`@keyway-frame/${event}_ERROR`);
    expect(replyKind(`@keyway-frame/${event}_ERROR`)).toEqual({ event, ok: false });
  });

  it.each(FRAME_EVENT_NAMES)('%s: a wrong id, a wrong type or an extra key fails', (event) => {
    const schemas = FRAME_EVENT_SCHEMAS[event];
    const good = buildRequest(event, ID, VALID[event][0] as never);
    expect(schemas.request.safeParse({ ...good, id: 'not-a-uuid' }).success).toBe(false);
    expect(schemas.request.safeParse({ ...good, type: `@keyway-frame/${event}` }).success).toBe(false);
    expect(schemas.request.safeParse({ ...good, extra: 1 }).success).toBe(false);
    expect(
      schemas.error.safeParse({ ...buildError(event, ID), payload: { message: 'x'.repeat(1001) } }).success,
    ).toBe(false);
  });
});

describe('validation rules (spec §5)', () => {
  const email = FRAME_EVENT_SCHEMAS.CONNECT_EMAIL.request;
  const otp = FRAME_EVENT_SCHEMAS.CONNECT_OTP.request;
  const theme = FRAME_EVENT_SCHEMAS.SYNC_THEME.request;

  it.each(['ada@example.com', 'a.b+c@sub.example.org'])('accepts the email %s', (value) => {
    expect(email.safeParse(buildRequest('CONNECT_EMAIL', ID, { email: value })).success).toBe(true);
  });

  it.each([
    '',
    'ada',
    'ada@',
    '@example.com',
    'ada@example',
    `${'a'.repeat(250)}@example.com`,
    'a b@example.com',
  ])('refuses the email %j', (value) => {
    expect(email.safeParse(buildRequest('CONNECT_EMAIL', ID, { email: value })).success).toBe(false);
  });

  it.each(['000000', '123456'])('accepts the code %s', (value) => {
    expect(otp.safeParse(buildRequest('CONNECT_OTP', ID, { otp: value })).success).toBe(true);
  });

  it.each(['', '12345', '1234567', '12a456', ' 123456', '１２３４５６'])('refuses the code %j', (value) => {
    expect(otp.safeParse(buildRequest('CONNECT_OTP', ID, { otp: value })).success).toBe(false);
  });

  it('refuses a code that is not a string', () => {
    expect(otp.safeParse({ type: '@keyway-app/CONNECT_OTP', id: ID, payload: { otp: 123456 } }).success).toBe(
      false,
    );
  });

  it('accepts theme modes light and dark only', () => {
    expect(theme.safeParse(buildRequest('SYNC_THEME', ID, { themeMode: 'dark' })).success).toBe(true);
    expect(theme.safeParse(buildRequest('SYNC_THEME', ID, { themeMode: 'light' })).success).toBe(true);
    expect(
      theme.safeParse({ type: '@keyway-app/SYNC_THEME', id: ID, payload: { themeMode: 'auto' } }).success,
    ).toBe(false);
  });

  it('a cancel names exactly one request id: a uuid, nothing else', () => {
    const cancel = FRAME_EVENT_SCHEMAS.CANCEL_REQUEST.request;
    expect(cancel.safeParse(buildRequest('CANCEL_REQUEST', ID, { requestId: ID })).success).toBe(true);
    for (const payload of [
      undefined,
      {},
      { requestId: 'not-a-uuid' },
      { requestId: ID, method: 'personal_sign' },
      { requestId: [ID] },
    ]) {
      expect(cancel.safeParse({ type: '@keyway-app/CANCEL_REQUEST', id: ID, payload }).success).toBe(false);
    }
  });

  it('refuses theme values that could escape a CSS declaration', () => {
    const bad = { themeMode: 'dark', themeVariables: { accent: 'red; background: url(x)' } };
    expect(theme.safeParse({ type: '@keyway-app/SYNC_THEME', id: ID, payload: bad }).success).toBe(false);
  });

  it('refuses social redirect and Farcaster URIs that are not web URLs', () => {
    const s = FRAME_EVENT_SCHEMAS.GET_SOCIAL_REDIRECT_URI.success;
    for (const uri of ['javascript:alert(1)', 'data:text/html,x', 'http://evil.test/', 'not a url']) {
      expect(s.safeParse(buildSuccess('GET_SOCIAL_REDIRECT_URI', ID, { uri })).success).toBe(false);
    }
    expect(
      s.safeParse(buildSuccess('GET_SOCIAL_REDIRECT_URI', ID, { uri: 'http://localhost:5174/x' })).success,
    ).toBe(true);
  });

  it("reads an invalid preferred account type from the frame as 'eoa' (spec §3)", () => {
    const parsed = FRAME_EVENT_SCHEMAS.GET_USER.success.parse({
      type: '@keyway-frame/GET_USER_SUCCESS',
      id: ID,
      payload: { address: ADDRESS, chainId: 1, preferredAccountType: 'root' },
    });
    expect(parsed.payload.preferredAccountType).toBe('eoa');
  });
});

describe('RPC method lists (spec §6)', () => {
  const rpc = (payload: unknown) =>
    AppRequestSchema.safeParse({ type: '@keyway-app/RPC_REQUEST', id: ID, payload });

  it('the lists are disjoint and hold the spec methods', () => {
    expect(SAFE_RPC_METHODS.filter((m) => (UNSAFE_RPC_METHODS as readonly string[]).includes(m))).toEqual([]);
    for (const m of [
      'eth_call',
      'eth_getBalance',
      'eth_sendRawTransaction',
      'wallet_getCapabilities',
      'wallet_getCallsStatus',
      'eth_getUserOperationReceipt',
    ]) {
      expect(SAFE_RPC_METHODS).toContain(m);
    }
    expect([...UNSAFE_RPC_METHODS].sort()).toEqual(
      [
        'personal_sign',
        'eth_signTypedData_v4',
        'eth_sendTransaction',
        'solana_signMessage',
        'solana_signTransaction',
        'solana_signAndSendTransaction',
        'wallet_sendCalls',
        'wallet_grantPermissions',
        'eth_sendUserOperation',
      ].sort(),
    );
  });

  it.each([...SAFE_RPC_METHODS])('accepts %s', (method) => {
    expect(rpc({ method, params: [] }).success).toBe(true);
  });

  it.each([
    'eth_sign',
    'eth_signTransaction',
    'wallet_addEthereumChain',
    'debug_traceCall',
    '',
    'PERSONAL_SIGN',
  ])('refuses %j', (method) => {
    expect(rpc({ method, params: [] }).success).toBe(false);
  });

  it('checks the params the approval screen decodes', () => {
    expect(rpc({ method: 'personal_sign', params: ['0x68656c6c6f', ADDRESS] }).success).toBe(true);
    expect(rpc({ method: 'personal_sign', params: ['0x68656c6c6f'] }).success).toBe(false);
    expect(rpc({ method: 'personal_sign', params: ['0x00', 'not-an-address'] }).success).toBe(false);
    expect(rpc({ method: 'eth_sendTransaction', params: [{ to: ADDRESS, value: '0x1' }] }).success).toBe(
      true,
    );
    expect(rpc({ method: 'eth_sendTransaction', params: [{ to: ADDRESS, value: 1 }] }).success).toBe(false);
    expect(rpc({ method: 'eth_signTypedData_v4', params: [ADDRESS, '{"types":{}}'] }).success).toBe(true);
    expect(rpc({ method: 'wallet_sendCalls', params: [{ calls: [] }] }).success).toBe(false);
    expect(
      rpc({ method: 'wallet_sendCalls', params: [{ calls: [{ to: ADDRESS, value: '0x0' }] }] }).success,
    ).toBe(true);
  });

  it('checks the params of the Solana sign methods', () => {
    const pubkey = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
    const chainId = 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1';
    const transaction = btoa(String.fromCharCode(...new Uint8Array(200).fill(7)));
    expect(rpc({ method: 'solana_signMessage', params: { message: '3yZe7d', pubkey } }).success).toBe(true);
    expect(rpc({ method: 'solana_signMessage', params: { message: '0OIl', pubkey } }).success).toBe(false);
    expect(rpc({ method: 'solana_signMessage', params: { message: '3yZe7d', pubkey: '0x12' } }).success).toBe(
      false,
    );
    expect(rpc({ method: 'solana_signTransaction', params: { transaction, chainId } }).success).toBe(true);
    expect(rpc({ method: 'solana_signTransaction', params: { transaction } }).success).toBe(false);
    expect(
      rpc({
        method: 'solana_signAndSendTransaction',
        params: { transaction, chainId, options: { preflightCommitment: 'confirmed', maxRetries: 3 } },
      }).success,
    ).toBe(true);
    // Not base64, larger than a Solana packet, unknown option, params as an array.
    expect(
      rpc({ method: 'solana_signAndSendTransaction', params: { transaction: 'not base64!', chainId } })
        .success,
    ).toBe(false);
    const huge = btoa(String.fromCharCode(...new Uint8Array(1300).fill(1)));
    expect(
      rpc({ method: 'solana_signAndSendTransaction', params: { transaction: huge, chainId } }).success,
    ).toBe(false);
    expect(
      rpc({
        method: 'solana_signAndSendTransaction',
        params: { transaction, chainId, options: { encoding: 'base58' } },
      }).success,
    ).toBe(false);
    expect(rpc({ method: 'solana_signAndSendTransaction', params: [transaction] }).success).toBe(false);
  });

  it('refuses oversized params', () => {
    expect(rpc({ method: 'eth_call', params: ['x'.repeat(600 * 1024)] }).success).toBe(false);
  });

  it("maps 'Requested RPC call is not allowed' to 'Action not allowed' for the UI", () => {
    expect(rpcErrorDetail(new Error('Requested RPC call is not allowed'))).toEqual({
      code: 'actionNotAllowed',
    });
    expect(rpcErrorDetail(KeywayError.of('rpcNotAllowed'))).toEqual({ code: 'actionNotAllowed' });
    expect(rpcErrorDetail(KeywayError.of('requestAborted'))).toEqual({ code: 'requestAborted' });
    expect(rpcErrorDetail(new Error('User rejected'))).toEqual({
      code: 'walletError',
      reason: 'User rejected',
    });
  });
});

describe('response classifiers (spec §5)', () => {
  const hex = (n: number) => 'a'.repeat(n);

  it('a transaction hash is 0x + exactly 64 hex characters', () => {
    expect(isTransactionHash(`0x${hex(64)}`)).toBe(true);
    expect(isTransactionHash(`0x${'F'.repeat(64)}`)).toBe(true);
    expect(isTransactionHash(`0x${hex(63)}`)).toBe(false);
    expect(isTransactionHash(`0x${hex(65)}`)).toBe(false);
    expect(isTransactionHash(`0x${hex(63)}g`)).toBe(false);
    expect(isTransactionHash(hex(66))).toBe(false);
    expect(isTransactionHash(42)).toBe(false);
  });

  it('a signed message is 0x + at least 62 hex characters', () => {
    expect(isSignedMessage(`0x${hex(62)}`)).toBe(true);
    expect(isSignedMessage(`0x${hex(130)}`)).toBe(true);
    expect(isSignedMessage(`0x${hex(61)}`)).toBe(false);
    expect(isSignedMessage(`0x${hex(70)}z`)).toBe(false);
    expect(isSignedMessage(null)).toBe(false);
  });
});
