/**
 * The secure frame page: the wallet side of the frame protocol (spec §7, schemas from src/frame/protocol).
 *
 * 1. Refuses to run unless it is embedded by an allowed origin (every ancestor origin must be on the
 *    allow-list; the server's CSP `frame-ancestors` says the same to the browser).
 * 2. Answers the app's handshake (only from `window.parent`, only from the allowed parent origin) with
 *    `ready` and a transferred MessagePort; every later request arrives on that port and is validated with
 *    the kit's schemas. Anything else is ignored.
 * 3. Keeps the session token and the user's private keys (an EVM secp256k1 key and a Solana Ed25519 key)
 *    in this origin's storage; the keys never leave the page. Unsafe RPC methods need Approve on the
 *    frame's own screen.
 * 4. Keeps two current networks: the EVM chain (GET_CHAIN_ID, EVM RPC) and the Solana network. A GET_USER
 *    or SWITCH_NETWORK with a Solana reference answers with the Solana account and changes only the latter.
 */
import './style.css';
import type { PrivateKeyAccount } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { FRAME_ERROR_TEXTS } from '../../../src/frame/protocol/errors.ts';
import {
  type AppRequest,
  buildError,
  buildSuccess,
  createFrameMessageGuard,
  FRAME_EVENT_NAMES,
  FRAME_EVENT_SCHEMAS,
  type FrameEventName,
  type FrameMessageGuard,
  type FrameUser,
  MAX_ERROR_MESSAGE_LENGTH,
  PROTOCOL_VERSION,
  READY_TYPE,
  type RequestPayload,
  type RpcRequestPayload,
  type SuccessPayload,
} from '../../../src/frame/protocol/index.ts';
import { isAllowedRpcMethod, isUnsafeRpcMethod } from '../../../src/frame/rpc-methods.ts';
import { BackendError, type BackendSession, backend, newSecretPair } from './backend.ts';
import { knownSpenders, nativeSymbol, readConfig } from './config.ts';
import { cleanName, type KnownSpender, sameOriginIcon } from './describe.ts';
import { FrameRequestError, handleRpc } from './rpc.ts';
import {
  deviceId,
  kvDelete,
  kvGet,
  kvSet,
  loadOrCreateSolanaKey,
  loadOrCreateUserKey,
  type SolanaKey,
} from './storage.ts';
import {
  applyTheme,
  cancelApproval,
  dismissApproval,
  finishApproval,
  prepareApproval,
  READY_TEXT,
  renderIdle,
  renderRefused,
} from './ui.ts';

type AccountType = 'eoa' | 'smartAccount';
const POLL_MS = 1000;
const POLL_LIMIT_MS = 10 * 60 * 1000;
const SOCIAL_CALLBACK_PATH = '/auth/social/callback';

/** The embedding origins, innermost first (Chromium: ancestorOrigins; elsewhere the referrer's origin). */
function ancestorOrigins(): string[] {
  const list = location.ancestorOrigins;
  if (list && list.length > 0) return [...list];
  try {
    return document.referrer ? [new URL(document.referrer).origin] : [];
  } catch {
    return [];
  }
}

function start(): void {
  const config = readConfig();
  const ancestors = ancestorOrigins();
  const parentOrigin = ancestors[0];
  if (!config || window.parent === window || !parentOrigin) {
    renderRefused();
    return;
  }
  const guard = createFrameMessageGuard({ allowedOrigins: config.allowedOrigins });
  if (!ancestors.every((o) => guard.isAllowedOrigin(o))) {
    renderRefused();
    return;
  }
  renderIdle(READY_TEXT);

  const frame = createFrameState(
    config.chains.map((c) => c.chainId),
    config.solanaChains.map((c) => c.reference),
    parentOrigin,
    guard,
    knownSpenders(config),
    (id) => nativeSymbol(config, id),
  );
  let port: MessagePort | null = null;

  window.addEventListener('message', (event) => {
    if (event.origin !== parentOrigin) return;
    const handshake = guard.acceptHandshake(event, window.parent);
    if (!handshake) return;
    // A new handshake (the app re-created its client) replaces the previous channel.
    port?.close();
    dismissApproval();
    const channel = new MessageChannel();
    port = channel.port1;
    const current = port;
    current.onmessage = (e) => {
      void frame.onRequest(e.data, (reply) => current.postMessage(reply));
    };
    window.parent.postMessage(
      { type: READY_TYPE, id: handshake.id, payload: { protocolVersion: PROTOCOL_VERSION } },
      parentOrigin,
      [channel.port2],
    );
  });
}

function errorMessage(error: unknown): { message: string; code?: number } {
  if (error instanceof FrameRequestError) {
    return error.code === undefined
      ? { message: error.message }
      : { message: error.message, code: error.code };
  }
  if (error instanceof BackendError) return { message: error.message };
  const short = (error as { shortMessage?: unknown } | null)?.shortMessage;
  const message =
    typeof short === 'string' && short
      ? short
      : error instanceof Error
        ? error.message
        : FRAME_ERROR_TEXTS.frameError;
  return { message: message.slice(0, MAX_ERROR_MESSAGE_LENGTH) };
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

function createFrameState(
  chainIds: number[],
  solanaReferences: string[],
  parentOrigin: string,
  guard: FrameMessageGuard,
  spenders: readonly KnownSpender[],
  symbolOf: (chainId: number) => string,
) {
  const params = new URLSearchParams(location.search);
  const configured = new Set(chainIds);
  const firstChain = chainIds[0] ?? 1;
  const solanaNetworks: ReadonlySet<string> = new Set(solanaReferences);

  let session: BackendSession | null = null;
  let account: PrivateKeyAccount | null = null;
  let solanaKey: SolanaKey | null = null;
  let chainId = firstChain;
  /** The current Solana network (a configured reference), kept apart from the EVM chain. */
  let solanaChain: string | null = solanaReferences[0] ?? null;
  let preferredAccountType: AccountType = 'eoa';
  let pendingEmail: string | null = null;
  let deviceRequestId: string | null = null;
  let social: { state: string; provider: string; verifier: string } | null = null;
  let farcasterChannel: { token: string; nonce: string } | null = null;
  let dappName: string | null = null;
  let dappIcon: string | null = null;

  const ready = (async () => {
    const wanted = Number(params.get('chainId'));
    const stored = await kvGet<number>('chain-id');
    chainId = configured.has(wanted) ? wanted : stored && configured.has(stored) ? stored : firstChain;
    const wantedSolana = params.get('chainId') ?? '';
    const storedSolana = await kvGet<string>('solana-chain');
    if (solanaNetworks.has(wantedSolana)) solanaChain = wantedSolana;
    else if (typeof storedSolana === 'string' && solanaNetworks.has(storedSolana)) solanaChain = storedSolana;
    const saved = await kvGet<BackendSession>('session');
    if (saved) await adoptSession(saved);
  })().catch((error: unknown) => console.error('[frame] storage unavailable', error));

  async function adoptSession(next: BackendSession): Promise<void> {
    const key = await loadOrCreateUserKey(next.user.id);
    const solana = await loadOrCreateSolanaKey(next.user.id);
    session = next;
    account = privateKeyToAccount(key);
    solanaKey = solana;
    preferredAccountType = (await kvGet<AccountType>(`account-type:${next.user.id}`)) ?? 'eoa';
    await kvSet('session', next);
  }

  async function forgetSession(): Promise<void> {
    session = null;
    account = null;
    solanaKey = null;
    preferredAccountType = 'eoa';
    await kvDelete('session');
  }

  function requireSession(): { session: BackendSession; account: PrivateKeyAccount } {
    if (!session || !account) throw new FrameRequestError('Not logged in', 4100);
    return { session, account };
  }

  async function setChain(next: number): Promise<void> {
    if (!configured.has(next)) throw new FrameRequestError(FRAME_ERROR_TEXTS.unsupportedChain);
    chainId = next;
    await kvSet('chain-id', next);
  }

  async function setSolanaChain(next: string): Promise<void> {
    if (!solanaNetworks.has(next)) throw new FrameRequestError(FRAME_ERROR_TEXTS.unsupportedChain);
    solanaChain = next;
    await kvSet('solana-chain', next);
  }

  /** The user on the current Solana network: the Solana address, no smart accounts. */
  function solanaUser(): FrameUser {
    const s = requireSession();
    const reference = solanaChain;
    if (!solanaKey) throw new FrameRequestError('Not logged in', 4100);
    if (!reference) throw new FrameRequestError(FRAME_ERROR_TEXTS.unsupportedChain);
    return {
      ...(s.session.user.email ? { email: s.session.user.email } : {}),
      ...(s.session.user.userName ? { userName: s.session.user.userName } : {}),
      address: solanaKey.address,
      chainId: reference,
      accounts: [{ address: solanaKey.address, type: 'eoa' }],
    };
  }

  function user(): FrameUser {
    const s = requireSession();
    return {
      ...(s.session.user.email ? { email: s.session.user.email } : {}),
      ...(s.session.user.userName ? { userName: s.session.user.userName } : {}),
      address: s.account.address,
      chainId,
      smartAccountDeployed: false,
      preferredAccountType,
      accounts: [{ address: s.account.address, type: 'eoa' }],
    };
  }

  async function poll<T>(check: () => Promise<T | null>): Promise<T> {
    const deadline = Date.now() + POLL_LIMIT_MS;
    while (Date.now() < deadline) {
      const result = await check();
      if (result !== null) return result;
      await wait(POLL_MS);
    }
    throw new FrameRequestError('The request expired');
  }

  const handlers: {
    [E in FrameEventName]: (payload: RequestPayload<E>, id: string) => Promise<SuccessPayload<E>>;
  } = {
    async CONNECT_EMAIL({ email }) {
      const result = await backend.startEmail(email, await deviceId());
      pendingEmail = email;
      deviceRequestId = result.action === 'VERIFY_DEVICE' ? result.requestId : null;
      return { action: result.action };
    },
    async CONNECT_DEVICE() {
      const requestId = deviceRequestId;
      if (!requestId) throw new FrameRequestError('No device approval is pending');
      await poll(async () => ((await backend.deviceStatus(requestId)).approved ? true : null));
      deviceRequestId = null;
      return undefined;
    },
    async CONNECT_OTP({ otp }) {
      if (!pendingEmail) throw new FrameRequestError('Enter your email first');
      const next = await backend.verifyEmail(pendingEmail, otp, await deviceId());
      pendingEmail = null;
      await adoptSession(next);
      return undefined;
    },
    async IS_CONNECTED() {
      if (!session) return { isConnected: false };
      try {
        await backend.session(session.token);
        return { isConnected: true };
      } catch (error) {
        if (error instanceof BackendError && error.status === 401) {
          await forgetSession();
          return { isConnected: false };
        }
        throw error;
      }
    },
    async GET_CHAIN_ID() {
      return { chainId };
    },
    async GET_SOCIAL_REDIRECT_URI({ provider }) {
      const state = crypto.randomUUID().replaceAll('-', '');
      const pkce = await newSecretPair();
      // The frame registers the login with its backend (as it opens a Farcaster channel): the state and the
      // challenge never pass through the host page, the URL it opens carries only an opaque id.
      const { request } = await backend.socialBegin(provider, state, pkce.hash);
      social = { state, provider, verifier: pkce.secret };
      const uri = new URL(`/oauth/${provider}/authorize`, location.origin);
      uri.searchParams.set('request', request);
      return { uri: uri.href };
    },
    async CONNECT_SOCIAL({ uri }) {
      const result = new URL(uri);
      if (result.origin !== location.origin || result.pathname !== SOCIAL_CALLBACK_PATH) {
        throw new FrameRequestError('Invalid social login result');
      }
      const pending = social;
      const state = result.searchParams.get('state');
      const provider = result.searchParams.get('provider');
      const code = result.searchParams.get('code');
      if (!pending || state !== pending.state || provider !== pending.provider || !code) {
        throw new FrameRequestError('Invalid social login result');
      }
      social = null;
      await adoptSession(await backend.socialToken(pending.provider, code, pending.verifier));
      return user();
    },
    async GET_FARCASTER_URI() {
      const nonce = await newSecretPair();
      const started = await backend.farcasterStart(nonce.hash);
      farcasterChannel = { token: started.channelToken, nonce: nonce.secret };
      return { url: started.url };
    },
    async CONNECT_FARCASTER() {
      const channel = farcasterChannel;
      if (!channel) throw new FrameRequestError('No Farcaster login is pending');
      const result = await poll(async () => {
        const status = await backend.farcasterStatus(channel.token, channel.nonce);
        return status.state === 'approved' ? status : null;
      });
      farcasterChannel = null;
      await adoptSession({ token: result.token, user: result.user });
      return result.user.userName ? { userName: result.user.userName } : {};
    },
    async UPDATE_EMAIL({ email }) {
      return backend.updateEmail(requireSession().session.token, email);
    },
    async UPDATE_EMAIL_PRIMARY_OTP({ otp }) {
      await backend.updateEmailPrimary(requireSession().session.token, otp);
      return undefined;
    },
    async UPDATE_EMAIL_SECONDARY_OTP({ otp }) {
      const current = requireSession().session;
      const { newEmail } = await backend.updateEmailSecondary(current.token, otp);
      await adoptSession({ token: current.token, user: { ...current.user, email: newEmail } });
      return { newEmail };
    },
    async SYNC_THEME({ themeMode, themeVariables }) {
      applyTheme(themeMode, themeVariables);
      return undefined;
    },
    async SYNC_DAPP_DATA({ metadata }) {
      // Shown on the approval screen: no invisible or direction-changing characters.
      dappName = cleanName(metadata.name) || null;
      dappIcon = sameOriginIcon(metadata.icons, parentOrigin);
      return undefined;
    },
    async GET_SMART_ACCOUNT_ENABLED_NETWORKS() {
      return { smartAccountEnabledNetworks: chainIds };
    },
    async SET_PREFERRED_ACCOUNT({ type }) {
      const s = requireSession();
      preferredAccountType = type;
      await kvSet(`account-type:${s.session.user.id}`, type);
      return { type, address: s.account.address };
    },
    async GET_USER({ chainId: wanted, preferredAccountType: type }) {
      const s = requireSession();
      if (typeof wanted === 'string') {
        // A Solana network: its own account; the EVM chain and the EVM preferences are left as they are.
        await setSolanaChain(wanted);
        return solanaUser();
      }
      if (configured.has(wanted)) await setChain(wanted);
      if (type) {
        preferredAccountType = type;
        await kvSet(`account-type:${s.session.user.id}`, type);
      }
      return user();
    },
    async SWITCH_NETWORK({ chainId: next }) {
      if (typeof next === 'string') {
        await setSolanaChain(next);
        return { chainId: solanaChain ?? next };
      }
      await setChain(next);
      return { chainId };
    },
    async SIGN_OUT() {
      const token = session?.token;
      dismissApproval();
      await forgetSession();
      if (token) await backend.signOut(token).catch(() => undefined);
      return undefined;
    },
    async RPC_REQUEST(payload, id) {
      const result = await handleRpc(payload as RpcRequestPayload, {
        requestId: id,
        account,
        chainId,
        nativeSymbol: symbolOf(chainId),
        requester: { name: dappName, origin: parentOrigin, icon: dappIcon },
        spenders,
        solana: { key: solanaKey, networks: solanaNetworks },
      });
      return { result };
    },
    async INIT_SMART_ACCOUNT() {
      throw new FrameRequestError('Smart accounts are not available in the local secure frame');
    },
    async CANCEL_REQUEST() {
      // Done on arrival, in onRequest.
      return undefined;
    },
  };

  /** A message that fails the schema but names a known event and an id gets an error reply. */
  function rejectMalformed(data: unknown, reply: (message: unknown) => void): void {
    if (!data || typeof data !== 'object') return;
    const { type, id, payload } = data as { type?: unknown; id?: unknown; payload?: unknown };
    if (typeof type !== 'string' || typeof id !== 'string' || !/^[0-9a-f-]{36}$/i.test(id)) return;
    const event = FRAME_EVENT_NAMES.find((e) => type === `@keyway-app/${e}`);
    if (!event) return;
    const method = (payload as { method?: unknown } | undefined)?.method;
    const message =
      event === 'RPC_REQUEST' && typeof method === 'string' && !isAllowedRpcMethod(method)
        ? FRAME_ERROR_TEXTS.rpcNotAllowed
        : 'Invalid request';
    reply(buildError(event, id, { message }));
  }

  async function onRequest(data: unknown, reply: (message: unknown) => void): Promise<void> {
    const request: AppRequest | null = guard.parseRequest(data);
    if (!request) {
      rejectMalformed(data, reply);
      return;
    }
    const event = request.type.slice('@keyway-app/'.length) as FrameEventName;
    const payload = (request as { payload?: unknown }).payload;
    // On arrival, before anything async: a cancel closes its request's screen; a request that may need
    // approval closes the screen on display (whatever it shows can no longer be answered).
    const mayNeedApproval =
      event === 'RPC_REQUEST' && isUnsafeRpcMethod((payload as { method?: unknown }).method);
    if (event === 'CANCEL_REQUEST') cancelApproval((payload as { requestId: string }).requestId);
    else if (mayNeedApproval) prepareApproval(request.id);
    try {
      await ready;
      const handler = handlers[event] as (payload: unknown, id: string) => Promise<unknown>;
      const result = await handler(payload, request.id);
      const message = buildSuccess(event, request.id, result as never);
      const checked = FRAME_EVENT_SCHEMAS[event].success.safeParse(message);
      if (!checked.success) {
        console.error('[frame] reply does not match the protocol', event, checked.error.issues);
        reply(buildError(event, request.id, { message: FRAME_ERROR_TEXTS.frameError }));
        return;
      }
      reply(message);
    } catch (error) {
      reply(buildError(event, request.id, errorMessage(error)));
    } finally {
      if (mayNeedApproval) finishApproval(request.id);
    }
  }

  return { onRequest };
}

start();
