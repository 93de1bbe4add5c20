/**
 * Account name registration (spec §2 RegisterAccountName / RegisterAccountNameSuccess, §3 name suggestions,
 * §4 name registration, §5 rules, §7 profile calls, §8 name messages) as a headless store:
 *
 * - `setName(input)` keeps what the user typed, checks the §5 rules at once and, when they pass, asks
 *   `profile/account/{name}` after a short pause (404 = available); a taken name loads
 *   `profile/suggestions/{name}`.
 * - `register()` builds the message `{name, attributes, timestamp, coinType, address, nonce, chainId}`
 *   (a fresh random 32-byte nonce each time), has its EIP-712 typed data (typedData.ts: domain
 *   "Keyway Names" v1 on the connected chain, primary type `RegisterName`) signed with
 *   `eth_signTypedData_v4` by the embedded wallet, posts `{coin_type, address, message, signature}` with
 *   `message` as JSON text, and resolves to an outcome. It never moves the modal: the styled views map
 *   outcomes to navigation.
 * - `loadNames()` reads the names of the connected address (`profile/reverse/{address}`), cached per
 *   address and network and read again after a registration.
 *
 * An API that still checks a `personal_sign` signature over `{name, attributes, timestamp}` refuses these
 * registrations: `register()` then fails like any refused post ('Error registering name {name}' with the
 * API's first reason). There is no fallback to `personal_sign`: such a signature binds neither the coin type
 * nor the address nor a nonce, so it could be replayed under another coin type, and a fallback taken after
 * a refused post would hand that weaker signature to anyone able to make the post fail (a downgrade).
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { NameSuggestion, Profile, RegisterNameBody } from '../../api/schemas';
import { ApiError, walletReason } from '../../core/errors';
import { type KitMessage, kitMessage } from '../../core/messages';
import type { OutcomeOf } from '../../core/outcomes';
import { accountChanges } from '../followWallet';
import { latestRead } from '../latest';
import { type RegistrationMessage, type RegistrationTypedData, registrationTypedData } from './typedData';
import {
  fullName,
  type NameContext,
  type NameRuleProblem,
  type NameUnavailableReason,
  nameCoinType,
  nameLabel,
  nameRuleProblem,
  nameUnavailableMessage,
  nameUnavailableReason,
  registrationMessage,
} from './validation';

export type NameAvailability = 'idle' | 'checking' | 'available' | 'taken' | 'error';
export type NameRegistrationStatus = 'form' | 'signing' | 'submitting' | 'success';
export type NameRegistrationOutcome =
  | { type: 'success'; name: string }
  | { type: 'rejected'; message: KitMessage }
  | { type: 'error'; message: KitMessage; reason: string | null }
  | { type: 'unavailable'; message: KitMessage }
  /** A registration is already running: nothing was done. */
  | { type: 'busy' };

export interface NameRegistrationState {
  /** What the user typed (kept on every failure). */
  name: string;
  /** The §5 rule the typed name breaks, null when it follows them (or is empty). */
  rule: NameRuleProblem | null;
  availability: NameAvailability;
  /** Other names when the typed one is taken (only the free ones). */
  suggestions: NameSuggestion[];
  suggestionsStatus: 'idle' | 'loading' | 'success' | 'error';
  status: NameRegistrationStatus;
  /** What went wrong: `resolveName`, `nameSuggestions`, `registerName` (with the name), … */
  error: KitMessage | null;
  /** The server's first reason (or the wallet's short message) after a failed registration. */
  errorReason: string | null;
  /** Why this account cannot register a name (null when it can). */
  unavailableReason: NameUnavailableReason | null;
  /** The last registered name (full, with the suffix). */
  registeredName: string | null;
  /**
   * The account's names (reverse lookup); null before the first answer. Kept while no account is connected;
   * another account clears them.
   */
  names: string[] | null;
  namesError: KitMessage | null;
  context: NameContext;
}

export interface NameRegistrationActions {
  setName(input: string): void;
  /** Picks a suggestion: it becomes the typed name and is checked again. */
  selectSuggestion(name: string): void;
  register(): Promise<NameRegistrationOutcome>;
  /** The reverse lookup of the connected address (cached per address and network unless `force`). */
  loadNames(force?: boolean): Promise<void>;
  /** Back to an empty form (after success, or to start over). */
  reset(): void;
  /**
   * Fed by the instance: the connected address, the EVM chain id and whether the auth connector is used.
   * Another account empties the form and the names; no address (a reconnect, a disconnect) keeps them.
   */
  setContext(ctx: NameContext): void;
}

export type NameRegistrationStore = StoreApi<NameRegistrationState & NameRegistrationActions>;

export interface NameApi {
  getProfile(name: string, opts?: { signal?: AbortSignal }): Promise<Profile | null>;
  getNameSuggestions(name: string, opts?: { signal?: AbortSignal }): Promise<NameSuggestion[]>;
  reverseProfile(address: string, sender?: string): Promise<Profile[]>;
  registerName(body: RegisterNameBody): Promise<Profile>;
}

export interface NameRegistrationStoreDeps {
  api: NameApi;
  /** eth_signTypedData_v4 of the registration's typed data through the auth connector. */
  signTypedData(typedData: RegistrationTypedData, address: string): Promise<string>;
  /** After a registration: the account shows its new name (identity read again). */
  afterRegistered?(name: string, address: string): void;
  /** Reports the flow's outcomes (a name was registered); the styled layer shows the success view. */
  emit?: (outcome: OutcomeOf<'names'>) => void;
  /** Pause before the availability check (ms). */
  debounceMs?: number;
  now?: () => number;
}

const form = (): Pick<
  NameRegistrationState,
  'name' | 'rule' | 'availability' | 'suggestions' | 'suggestionsStatus' | 'status' | 'error' | 'errorReason'
> => ({
  name: '',
  rule: null,
  availability: 'idle',
  suggestions: [],
  suggestionsStatus: 'idle',
  status: 'form',
  error: null,
  errorReason: null,
});

const isRejection = (e: unknown): boolean => {
  const text = `${(e as { name?: unknown })?.name ?? ''} ${(e as { message?: unknown })?.message ?? ''}`;
  return (e as { code?: unknown })?.code === 4001 || /reject|denied|cancel/i.test(text);
};

export function createNameRegistrationStore(deps: NameRegistrationStoreDeps): NameRegistrationStore {
  const debounceMs = deps.debounceMs ?? 400;
  const now = deps.now ?? Date.now;
  /** The name check while the user types (debounced; a newer name drops the older check). */
  const checks = latestRead();
  const namesCache = new Map<string, Promise<string[]>>();
  const cacheKey = (ctx: NameContext) => `${ctx.address?.toLowerCase()}|${ctx.chainId}`;
  const accountChanged = accountChanges();

  return createStore<NameRegistrationState & NameRegistrationActions>()((set, get) => {
    const loadSuggestions = async (label: string, signal: AbortSignal, isLatest: () => boolean) => {
      set({ suggestionsStatus: 'loading', suggestions: [] });
      try {
        const list = await deps.api.getNameSuggestions(label, { signal });
        if (!isLatest()) return;
        set({ suggestions: list.filter((s) => !s.registered), suggestionsStatus: 'success' });
      } catch {
        if (!isLatest()) return;
        set({ suggestionsStatus: 'error', error: kitMessage('nameSuggestions') });
      }
    };

    const check = (label: string) => async (signal: AbortSignal, isLatest: () => boolean) => {
      try {
        const profile = await deps.api.getProfile(fullName(label), { signal });
        if (!isLatest()) return;
        if (!profile) {
          set({ availability: 'available' });
          return;
        }
        set({ availability: 'taken' });
        await loadSuggestions(label, signal, isLatest);
      } catch {
        if (!isLatest()) return;
        set({ availability: 'error', error: kitMessage('resolveName') });
      }
    };

    return {
      ...form(),
      unavailableReason: 'notConnected',
      registeredName: null,
      names: null,
      namesError: null,
      context: { address: null, chainId: null, embedded: false },

      setName(input) {
        checks.cancel();
        const rule = nameRuleProblem(input);
        const label = nameLabel(input);
        set({
          name: input,
          rule,
          availability: !label || rule ? 'idle' : 'checking',
          suggestions: [],
          suggestionsStatus: 'idle',
          error: null,
          errorReason: null,
          status: 'form',
        });
        if (!label || rule) return;
        checks.later(debounceMs, check(label));
      },

      selectSuggestion(name) {
        get().setName(nameLabel(name));
      },

      async register() {
        const { name, rule, context, status } = get();
        const reason = nameUnavailableReason(context);
        if (reason) {
          const message = nameUnavailableMessage(reason);
          set({ error: message });
          return { type: 'unavailable', message };
        }
        if (status === 'signing' || status === 'submitting') {
          return { type: 'busy' };
        }
        const label = nameLabel(name);
        const full = fullName(label);
        const failed = kitMessage('registerName', { name: full });
        if (!label || rule) {
          set({ error: failed, errorReason: null });
          return { type: 'error', message: failed, reason: null };
        }
        const address = context.address!;
        let coinType: number;
        try {
          coinType = nameCoinType(context.chainId!);
        } catch {
          const message = kitMessage('invalidChainId');
          set({ error: message });
          return { type: 'unavailable', message };
        }
        let signed: RegistrationMessage;
        try {
          signed = registrationMessage(label, now(), { address, chainId: context.chainId! });
        } catch {
          set({ error: failed, errorReason: null });
          return { type: 'error', message: failed, reason: null };
        }
        const message = JSON.stringify(signed);
        set({ status: 'signing', error: null, errorReason: null });
        let signature: string;
        try {
          signature = await deps.signTypedData(registrationTypedData(signed), address);
        } catch (e) {
          const why = walletReason(e) ?? null;
          set({ status: 'form', error: failed, errorReason: why });
          return isRejection(e)
            ? { type: 'rejected', message: failed }
            : { type: 'error', message: failed, reason: why };
        }
        set({ status: 'submitting' });
        try {
          const profile = await deps.api.registerName({ coin_type: coinType, address, message, signature });
          namesCache.delete(cacheKey(context));
          set({ status: 'success', registeredName: profile.name, availability: 'idle' });
          deps.afterRegistered?.(profile.name, address);
          void get().loadNames(true);
          deps.emit?.({ flow: 'names', status: 'registered', name: profile.name });
          return { type: 'success', name: profile.name };
        } catch (e) {
          const why = e instanceof ApiError ? e.reasons[0]?.description?.trim() || null : null;
          set({ status: 'form', error: failed, errorReason: why });
          return { type: 'error', message: failed, reason: why };
        }
      },

      async loadNames(force = false) {
        const ctx = get().context;
        if (!ctx.address) return;
        const key = cacheKey(ctx);
        let pending = force ? undefined : namesCache.get(key);
        if (!pending) {
          pending = deps.api
            .reverseProfile(ctx.address, ctx.address)
            .then((profiles) => profiles.map((p) => p.name));
          namesCache.set(key, pending);
        }
        try {
          const names = await pending;
          if (cacheKey(get().context) !== key) return;
          set({ names, namesError: null });
        } catch {
          namesCache.delete(key);
          if (cacheKey(get().context) !== key) return;
          set({ namesError: kitMessage('namesForAddress') });
        }
      },

      reset() {
        checks.cancel();
        set(form());
      },

      setContext(ctx) {
        const prev = get().context;
        const unavailableReason = nameUnavailableReason(ctx);
        if (
          prev.address === ctx.address &&
          prev.chainId === ctx.chainId &&
          prev.embedded === ctx.embedded &&
          get().unavailableReason === unavailableReason
        ) {
          return;
        }
        // Only another account starts over (accountChanges): a reconnect passes through no address and
        // must not take what the user typed. A disconnect keeps the form as well: it is only reachable while
        // connected, register() refuses without an account, and the same account coming back finds it as
        // it was; the names stay with the form, since they belong to that account.
        const otherAccount = accountChanged(ctx.address);
        set({
          context: ctx,
          unavailableReason,
          ...(otherAccount ? { names: null, namesError: null, registeredName: null } : {}),
        });
        if (otherAccount) get().reset();
      },
    };
  });
}
