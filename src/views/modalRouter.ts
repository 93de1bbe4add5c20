/**
 * The one place where flow outcomes become modal navigation (spec §2) and, for the flows moved so far (balances,
 * history), toasts. Stores and hooks report outcomes (`keyway.outcomes`); while the styled modal is mounted,
 * this router follows them and moves the modal's view stack. It also keeps the stack honest about what is shown: a connected wallet on a network the app does not
 * list sees UnsupportedChain where Account would be, and `useModal().view` says so. A host that never renders
 * the styled modal never attaches it, so its own UI gets no modal state change. It comes with the dialog's
 * lazily loaded code (KeywayDialog.tsx); KeywayModal keeps the outcomes emitted before that code is there and
 * hands them over when it attaches the router.
 */

import { type KitMessage, kitMessage } from '../core/messages';
import type { FlowOutcome } from '../core/outcomes';
import type { Keyway, ModalRouterAttachment } from '../hooks/keyway';
import { type ModalStore, type ModalView, type ModalViewParams, selectView } from '../hooks/modal/store';

const SWAP_VIEWS: ReadonlySet<ModalView> = new Set(['Swap', 'SwapPreview', 'SwapSelectToken']);
const EMAIL_STEP_VIEWS: ReadonlySet<ModalView> = new Set(['EmailVerifyOtp', 'EmailVerifyDevice']);
const UPDATE_EMAIL_CODE_VIEWS: ReadonlySet<ModalView> = new Set([
  'UpdateEmailPrimaryOtp',
  'UpdateEmailSecondaryOtp',
]);
/** The params of an UnsupportedChain view that stands for Account (the router put it there). */
const IN_PLACE_OF_ACCOUNT: ModalViewParams = Object.freeze({ inPlaceOf: 'Account' });

/** What the router moves, the two facts its rules read, and where its toasts go. */
export interface ModalRouterTarget {
  modal: ModalStore;
  isConnected(): boolean;
  /** A remembered connection is being restored (a reload): the account is on its way, not missing. */
  isRestoring(): boolean;
  /** Sign-in with wallet comes after a connection (SIWE on, EVM network). */
  siweNext(): boolean;
  /** Shows a toast (the styled layer's toasts). */
  toast(message: KitMessage, variant: 'success' | 'error'): void;
}

/** A toast the styled layer shows for an outcome. */
export interface OutcomeToast {
  /** The toast's message as data (the toast region writes it in the active locale). */
  message: KitMessage;
  variant: 'success' | 'error';
}

/**
 * The toast an outcome is shown with, or null (the flows moved to outcomes so far: balances, history, send,
 * swap).
 * Tests of a store map its outcomes through this to check what a user of the styled modal reads.
 */
export function outcomeToast(outcome: FlowOutcome): OutcomeToast | null {
  switch (outcome.flow) {
    // Reads that failed (the views show their own error state and a way to try again).
    case 'balances':
      return { message: kitMessage('fetchTokenBalance'), variant: 'error' };
    case 'history':
      return { message: kitMessage('fetchTransactions'), variant: 'error' };
    case 'send':
      if (outcome.status === 'sent') {
        const { amount, symbol } = outcome;
        return { message: kitMessage('sent', { amount, symbol }), variant: 'success' };
      }
      if (outcome.status === 'failed') return { message: outcome.message, variant: 'error' };
      // On Solana a form that cannot be sent says so (on EVM networks the form shows why).
      if (outcome.status === 'invalid' && outcome.namespace === 'solana')
        return { message: kitMessage('solanaInvalidInput'), variant: 'error' };
      return null;
    case 'network':
      return outcome.status === 'error' ? { message: outcome.message, variant: 'error' } : null;
    case 'account':
      return outcome.status === 'disconnect-failed'
        ? { message: kitMessage('disconnectFailed'), variant: 'error' }
        : null;
    case 'account-type':
      return outcome.status === 'failed' ? { message: outcome.message, variant: 'error' } : null;
    // A request the embedded wallet does not offer: 'Action not allowed' (the requester's promise rejects too).
    case 'approval':
      return outcome.status === 'refused' ? { message: outcome.message, variant: 'error' } : null;
    case 'update-email':
      return outcome.status === 'updated'
        ? { message: kitMessage('emailUpdated'), variant: 'success' }
        : null;
    case 'relay':
      return outcome.status === 'lost'
        ? { message: kitMessage('relayLost'), variant: 'error' }
        : { message: kitMessage('relayBack'), variant: 'success' };
    case 'swap':
      if (outcome.status === 'sent') {
        const { from, to } = outcome;
        return {
          message: kitMessage('swapped', {
            amount: from.amount,
            from: from.symbol,
            toAmount: to.amount,
            to: to.symbol,
          }),
          variant: 'success',
        };
      }
      if (outcome.status === 'failed' || outcome.status === 'rejected')
        return { message: outcome.message, variant: 'error' };
      return null;
    default:
      return null;
  }
}

/** The router target of an instance. */
export function modalRouterTarget(keyway: Keyway): ModalRouterTarget {
  const { stores, options } = keyway;
  return {
    modal: stores.modal,
    isConnected: () => stores.account.getState().isConnected,
    isRestoring: () => stores.account.getState().status === 'reconnecting',
    siweNext: () => options.isSiweEnabled && stores.networks.getState().activeNetwork.chain === 'evm',
    toast: (message, variant) => stores.toasts.getState().show({ message, variant }),
  };
}

/** Applies one outcome to the modal (spec §2 navigation rules). */
export function routeOutcome(target: ModalRouterTarget, outcome: FlowOutcome): void {
  const toast = outcomeToast(outcome);
  if (toast) target.toast(toast.message, toast.variant);
  const { modal, siweNext } = target;
  const m = modal.getState();
  const top = selectView(m);
  /** Shows a step view: replaces the current step of the same flow, else pushes it. */
  const showStep = (view: ModalView, steps: ReadonlySet<ModalView>) => {
    if (top === view) return;
    if (steps.has(top)) m.replace(view);
    else m.push(view);
  };

  switch (outcome.flow) {
    case 'connect':
      if (outcome.status !== 'connected') {
        m.shake();
        return;
      }
      if (!m.isOpen) return;
      // A wallet connection closes the modal; a login of the embedded wallet shows the account. With
      // sign-in with wallet on (EVM), the sign-in comes next either way.
      if (siweNext()) m.reset('ConnectingSiwe');
      else if (outcome.via === 'wallet') m.close();
      else m.reset('Account');
      return;
    case 'account':
      if (outcome.status === 'disconnected') m.close();
      return;
    case 'account-type':
      // ConnectingSiwe (sign-in with wallet on an EVM network), else Account.
      if (outcome.status === 'chosen') m.reset(siweNext() ? 'ConnectingSiwe' : 'Account');
      return;
    case 'network':
      if (outcome.status === 'error') {
        m.shake();
        return;
      }
      // Into the other namespace without a connection there: the Connect view (its wallets for it). Not while a
      // remembered connection is coming back there (a reload): the account's button shows it restoring.
      if (outcome.namespaceChanged && m.isOpen && !target.isConnected() && !target.isRestoring())
        m.reset('Connect');
      else if (m.isOpen && top !== 'ConnectingSiwe') {
        // Back to the view before Networks, or closed when Networks was the first. Not when the switch asked
        // for a new sign-in (ConnectingSiwe replaced the stack): that stays.
        const index = m.history.map((h) => h.view).lastIndexOf('Networks');
        if (index > 0) modal.setState({ history: m.history.slice(0, index) });
        else m.close();
      }
      return;
    case 'siwe':
      if (outcome.status === 'signed-in') m.close();
      // A session found for the account that just connected: the sign-in it was about to ask is not needed.
      else if (outcome.status === 'restored') {
        if (m.isOpen && top === 'ConnectingSiwe') m.close();
      }
      // The account must sign in (connected or came back without a session, or the account or chain changed).
      else if (outcome.status === 'required') {
        if (!m.isOpen) m.open('ConnectingSiwe');
        else if (top !== 'ConnectingSiwe') m.reset('ConnectingSiwe');
      } else m.shake();
      return;
    case 'send':
      // Spec §4: after a send, the Account view.
      if (outcome.status === 'review') m.push('SendPreview');
      else if (outcome.status === 'sent') m.reset('Account');
      return;
    case 'swap':
      if (outcome.status === 'review') m.push('SwapPreview');
      else if (!m.isOpen) return;
      else if (outcome.status === 'sent') m.reset('Account');
      // The form cannot go on: back from the swap views (a refused wallet step keeps the form).
      else if (outcome.status === 'failed' && SWAP_VIEWS.has(top)) m.back();
      return;
    case 'email':
      if (outcome.status === 'error') m.shake();
      else if (!m.isOpen) return;
      else
        showStep(
          outcome.status === 'otp-required' ? 'EmailVerifyOtp' : 'EmailVerifyDevice',
          EMAIL_STEP_VIEWS,
        );
      return;
    case 'social':
    case 'farcaster': {
      const view: ModalView = outcome.flow === 'social' ? 'ConnectingSocial' : 'ConnectingFarcaster';
      if (outcome.status === 'started') {
        if (top !== view) m.push(view);
      } else if (top === view) m.back();
      return;
    }
    case 'approval': {
      // The frame's approval screen lies over the ApproveTransaction view; the modal opens for it when
      // it was closed, and closes again after (else goes back to where it was).
      if (outcome.status === 'required') {
        const params = { requestId: outcome.requestId, method: outcome.method };
        if (m.isOpen) m.push('ApproveTransaction', params);
        else m.open('ApproveTransaction', { ...params, openedForApproval: true });
        return;
      }
      // A refused request never reached the approval screen: its toast is all.
      if (outcome.status === 'refused') return;
      const current = m.history[m.history.length - 1];
      if (!m.isOpen || top !== 'ApproveTransaction' || current?.params?.requestId !== outcome.requestId)
        return;
      if (current.params?.openedForApproval === true || m.history.length <= 1) m.close();
      else m.back();
      return;
    }
    case 'names':
      // The success view, when the form is still in front.
      if (m.isOpen && top === 'RegisterAccountName') m.replace('RegisterAccountNameSuccess');
      return;
    case 'onramp':
      // The purchase goes on at the provider: its progress view (which offers the link when blocked).
      if (m.isOpen && top !== 'BuyInProgress') m.push('BuyInProgress');
      return;
    case 'update-email': {
      if (outcome.status !== 'updated') {
        showStep(
          outcome.status === 'primary-otp-required' ? 'UpdateEmailPrimaryOtp' : 'UpdateEmailSecondaryOtp',
          UPDATE_EMAIL_CODE_VIEWS,
        );
        return;
      }
      // Back to the account settings (where the flow started), or to it as the only view.
      const { history } = m;
      const index = history.map((h) => h.view).lastIndexOf('AccountSettings');
      if (index >= 0) modal.setState({ history: history.slice(0, index + 1) });
      else m.reset('AccountSettings');
      return;
    }
  }
}

/** The unsupported-chain rule: Account is shown as UnsupportedChain while the wallet is on such a chain. */
function applyUnsupportedChainRule(keyway: Keyway): void {
  const { modal, networks } = keyway.stores;
  const m = modal.getState();
  const n = networks.getState();
  const unsupported = n.isUnsupported && n.connectedChainId !== null;
  const top = m.history[m.history.length - 1];
  if (!top) return;
  if (unsupported && top.view === 'Account') m.replace('UnsupportedChain', IN_PLACE_OF_ACCOUNT);
  else if (!unsupported && top.view === 'UnsupportedChain' && top.params === IN_PLACE_OF_ACCOUNT) {
    m.replace('Account');
  }
}

/**
 * Starts following the instance's outcomes (and the unsupported-chain rule); returns the function that stops.
 * `earlier`: outcomes emitted before the router's code was there, oldest first; the attach that starts the
 * router applies them after the unsupported-chain rule, before any later outcome. Attaching twice (two styled
 * roots of one instance) routes each outcome once: a second attach's `earlier` was applied by the first (the
 * modal mounted first attaches first, and its list started earliest). The router is instance state (a part):
 * destroying the instance stops it.
 */
export function attachModalRouter(keyway: Keyway, earlier: readonly FlowOutcome[] = []): () => void {
  const router = keyway.part('modalRouter', () => {
    const value: ModalRouterAttachment = { users: 0, stop: null };
    return { value, dispose: () => value.stop?.() };
  });
  if (!router.stop) {
    const rule = () => applyUnsupportedChainRule(keyway);
    const target = modalRouterTarget(keyway);
    const subs = [
      keyway.outcomes.subscribe((outcome) => routeOutcome(target, outcome)),
      keyway.stores.modal.subscribe(rule),
      keyway.stores.networks.subscribe(rule),
    ];
    rule();
    for (const outcome of earlier) {
      // As the stream does for its listeners: one outcome that throws does not stop the others.
      try {
        routeOutcome(target, outcome);
      } catch (err) {
        console.error('Keyway: an outcome listener threw', err);
      }
    }
    router.stop = () => {
      for (const u of subs) u();
    };
  }
  router.users++;
  let done = false;
  return () => {
    if (done) return;
    done = true;
    router.users--;
    if (router.users === 0) {
      router.stop?.();
      router.stop = null;
    }
  };
}
