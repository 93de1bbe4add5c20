/**
 * The stores of the embedded wallet's social login, update-email flow and preferred account type, one set
 * per Keyway instance. They are created on first use (`embeddedLoginStores(keyway)`, what the hooks call)
 * as a part of the instance (`keyway.part`), so an instance that never shows these views never builds them,
 * two instances never share them, and `destroy()` disposes them. Without an embedded wallet (no `secureFrameUrl`) the stores
 * exist but every action reports that the embedded wallet is not configured.
 */
import type { Config } from 'wagmi';
import { getConnection } from 'wagmi/actions';
import { KeywayError } from '../../core/errors';
import type { FlowOutcome } from '../../core/outcomes';
import type { AuthConnectorProperties } from '../../frame/connector/connector';
import type { AccountStore } from '../account/store';
import {
  type AccountTypeConnector,
  type AccountTypeStore,
  createAccountTypeStore,
} from '../account-type/store';
import type { EmbeddedWallet, Keyway, OwnedPart } from '../keyway';
import { createUpdateEmailStore, type UpdateEmailStore } from '../update-email/store';
import { createSocialStore, type SocialStore, type SocialStoreDeps } from './store';

/**
 * Test and advanced overrides of the social store (a simulated popup in stories), and the clock of the
 * update-email store (its 30 s limit on sending codes; a story moves it on instead of waiting).
 */
export type SocialLoginInternals = Partial<
  Pick<SocialStoreDeps, 'openPopup' | 'messages' | 'acceptSyntheticEvents' | 'timeoutMs' | 'pollMs'>
> & { updateEmailNow?: () => number };

export interface EmbeddedLoginStores {
  social: SocialStore;
  updateEmail: UpdateEmailStore;
  accountType: AccountTypeStore;
  dispose(): void;
}

export interface EmbeddedLoginStoresDeps {
  embedded: EmbeddedWallet | null;
  /** Where the flows report their outcomes (the instance's outcome stream). */
  emit: (outcome: FlowOutcome) => void;
  account: AccountStore;
  getWagmiConfig: () => Config;
  social?: SocialLoginInternals;
}

export function createEmbeddedLoginStores(deps: EmbeddedLoginStoresDeps): EmbeddedLoginStores {
  const { embedded, account } = deps;
  const notConfigured = () => Promise.reject(KeywayError.of('addressOrAuthConnectorNotFound'));
  const getAuth = () => (embedded ? embedded.getAuth() : notConfigured());

  const { updateEmailNow, ...socialInternals } = deps.social ?? {};
  const social = createSocialStore({
    ...socialInternals,
    getAuth,
    frameOrigin: () => embedded?.frameOrigin ?? null,
    connect: () => (embedded ? embedded.connect() : notConfigured()),
    emit: deps.emit,
  });

  const updateEmail = createUpdateEmailStore({
    getAuth,
    currentEmail: () => embedded?.loginCache.email() ?? null,
    emit: deps.emit,
    ...(updateEmailNow ? { now: updateEmailNow } : {}),
  });

  const accountType = createAccountTypeStore({
    getConnector: async () => {
      if (!embedded) return null;
      const connector = (await embedded.getConnector()) as unknown as Partial<AuthConnectorProperties>;
      if (
        typeof connector.setPreferredAccount !== 'function' ||
        typeof connector.getPreferredAccountType !== 'function' ||
        typeof connector.getSmartAccountEnabledNetworks !== 'function'
      ) {
        return null;
      }
      return connector as AccountTypeConnector;
    },
    activeChainId: () => account.getState().chainId,
    afterChoice: (type) => {
      // The connector stored the choice and tracked SET_PREFERRED_ACCOUNT_TYPE; mirror it in the account
      // state without tracking it a second time, then report it (the modal's navigation rule, spec §2).
      account.setState({ preferredAccountType: type });
      deps.emit({ flow: 'account-type', status: 'chosen' });
    },
    emit: deps.emit,
  });

  // Whether the connected wallet is the embedded one (the Account view links to the settings then).
  const embeddedConnected = () => {
    const connection = getConnection(deps.getWagmiConfig());
    return (
      embedded !== null && account.getState().isConnected && connection.connector?.id === embedded.connectorId
    );
  };
  // The account state mirrors the preferred account type the login cache holds.
  const mirrorPreferredType = () => {
    if (!embedded || !embeddedConnected()) return;
    const stored = embedded.loginCache.preferredAccountType();
    account.setState((s) => (s.preferredAccountType === stored ? s : { preferredAccountType: stored }));
  };
  const syncEmbedded = () => {
    accountType.getState().setEmbeddedConnected(embeddedConnected());
    mirrorPreferredType();
  };
  const unsubscribe = account.subscribe((s, prev) => {
    if (s.isConnected !== prev.isConnected || s.address !== prev.address || s.status !== prev.status) {
      syncEmbedded();
    }
  });
  // The stores are created by the first hook that renders them: the new store may be set now (nothing
  // listens to it yet), the shared account state only after that render (a change of another store while a
  // component renders would update the components that show it during that render).
  accountType.getState().setEmbeddedConnected(embeddedConnected());
  let disposed = false;
  queueMicrotask(() => {
    if (!disposed) mirrorPreferredType();
  });

  return {
    social,
    updateEmail,
    accountType,
    dispose() {
      disposed = true;
      unsubscribe();
      social.getState().dispose();
    },
  };
}

/** The embedded wallet of an instance (null when the host did not configure the secure frame). */
export function embeddedOf(keyway: Keyway): EmbeddedWallet | null {
  return (keyway as { embedded?: EmbeddedWallet | null }).embedded ?? null;
}

/** Creates the instance's embedded-login stores (a part of the instance, disposed with it). */
function wireEmbeddedLogin(keyway: Keyway, social?: SocialLoginInternals): OwnedPart<EmbeddedLoginStores> {
  const { stores, outcomes } = keyway;
  const value = createEmbeddedLoginStores({
    embedded: embeddedOf(keyway),
    emit: (outcome) => outcomes.emit(outcome),
    account: stores.account,
    getWagmiConfig: keyway.getWagmiConfig,
    ...(social ? { social } : {}),
  });
  return { value, dispose: () => value.dispose() };
}

/**
 * Test and advanced hook: the social store of `keyway` uses these (a simulated popup in stories). Call it
 * before the first use of the stores (it creates them).
 */
export function setSocialLoginInternals(keyway: Keyway, internals: SocialLoginInternals): void {
  let created = false;
  keyway.part('embeddedLogin', () => {
    created = true;
    return wireEmbeddedLogin(keyway, internals);
  });
  if (!created) throw new Error('setSocialLoginInternals: the stores already exist');
}

/** The instance's social / update-email / account-type stores, created on first use. */
export function embeddedLoginStores(keyway: Keyway): EmbeddedLoginStores {
  return keyway.part('embeddedLogin', () => wireEmbeddedLogin(keyway));
}

declare module '../keyway' {
  /** The part this module creates (the instance knows its type from here: keyway.ts imports no part). */
  interface KeywayParts {
    embeddedLogin: EmbeddedLoginStores;
  }
}
