/**
 * Email login through the embedded wallet (spec §4 email flow, §5 cooldown, §8 errors): one vanilla
 * zustand store per Keyway instance, created on first use as a part of the instance (`keyway.part`: two
 * instances never share it, an instance without the embedded wallet never builds one, `destroy()` disposes it).
 *
 * Steps: email → (frame answers VERIFY_OTP) code entry, or (VERIFY_DEVICE) "approve this device" wait,
 * which continues to code entry once the link was followed (the frame then sends a code). A correct code
 * connects wagmi with the auth connector; the modal then goes to ConnectingSiwe (sign-in with wallet on,
 * EVM network) or Account.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { KeywayError } from '../../core/errors';
import { type KitMessage, kitMessage } from '../../core/messages';
import { FrameRequestError, FrameTimeoutError, FrameValidationError } from '../../frame/errors';
import { EmailSchema } from '../../frame/protocol/fields';
import type { Keyway, OwnedPart } from '../keyway';

export type EmailLoginStep = 'email' | 'otp' | 'device';
export type EmailLoginStatus =
  | 'idle'
  /** The email is being sent to the frame (which loads first when needed). */
  | 'sending'
  /** Waiting for the code (OTP step) or for the device approval link (device step). */
  | 'waiting'
  | 'verifying'
  | 'connecting'
  | 'connected'
  | 'error';

export interface EmailLoginState {
  step: EmailLoginStep;
  status: EmailLoginStatus;
  /** The address the code was sent to. */
  email: string;
  /** The message to show (a catalogue message, the frame's message, or the cooldown message). */
  error: KitMessage | null;
  /** The error is the cooldown message: it counts down and goes away by itself. */
  cooldown: boolean;
  /** Changes whenever the code boxes must be emptied (a wrong code). */
  otpResetKey: number;
  /** A resend succeeded (a new code, or a new approval link, was sent). */
  resent: boolean;
}

/**
 * What a step of the email login ended with. The steps that move a flow on are also reported on
 * `keyway.outcomes` ('otp-required', 'device-approval-required', the connection, an error).
 */
export type EmailLoginResult =
  | { status: 'otp-required' }
  | { status: 'device-approval-required' }
  | { status: 'connected' }
  /** The email address is not valid (nothing was sent). */
  | { status: 'invalid' }
  /** The 30 s limit refused the send; `message` is 'Please try again after N seconds'. */
  | { status: 'cooldown'; message: KitMessage }
  /** A step of this login is already running. */
  | { status: 'busy' }
  /** A newer attempt, a reset or closing the modal made this one moot. */
  | { status: 'abandoned' }
  | { status: 'error'; message: KitMessage };

export interface EmailLoginActions {
  /** Validates the email, applies the 30 s cooldown, asks the frame to send a code or an approval link. */
  submitEmail(email: string): Promise<EmailLoginResult>;
  /**
   * Sends the 6-digit code; on success connects (`{status: 'connected'}`; the styled modal then shows
   * Account, or ConnectingSiwe).
   */
  submitOtp(otp: string): Promise<EmailLoginResult>;
  /** Asks for a new code / approval link for the same address (subject to the cooldown). */
  resend(): Promise<EmailLoginResult>;
  /** Milliseconds left of the email-login cooldown (0 when allowed). */
  cooldownRemainingMs(): number;
  /** Re-evaluates the cooldown message (the view calls it every second while it shows). */
  tick(): void;
  clearError(): void;
  reset(): void;
}

export type EmailLoginStore = StoreApi<EmailLoginState & EmailLoginActions>;

const ABANDONED: EmailLoginResult = { status: 'abandoned' };

const initial = (): EmailLoginState => ({
  step: 'email',
  status: 'idle',
  email: '',
  error: null,
  cooldown: false,
  otpResetKey: 0,
  resent: false,
});

/** What went wrong in a login step, as a message. */
export function emailErrorMessage(error: unknown): KitMessage {
  if (error instanceof KeywayError) return error.detail;
  if (error instanceof FrameTimeoutError) return kitMessage('frameTimeout');
  if (error instanceof FrameRequestError) return error.detail;
  if (error instanceof FrameValidationError) return kitMessage('invalidEmail');
  return kitMessage('frameError');
}

/** The cooldown's message: whole seconds left. */
const cooldownMessage = (msLeft: number): KitMessage =>
  kitMessage('cooldown', { seconds: Math.max(1, Math.ceil(msLeft / 1000)) });

/** The instance's email-login store (a part of the instance); throws when it has no embedded wallet. */
export function getEmailLoginStore(keyway: Keyway): EmailLoginStore {
  return keyway.part('emailLogin', () => wireEmailLogin(keyway));
}

function wireEmailLogin(keyway: Keyway): OwnedPart<EmailLoginStore> {
  const embedded = keyway.embedded;
  if (!embedded) throw new Error('Email login needs the embedded wallet: set secureFrameUrl');
  const modal = keyway.stores.modal;
  /** Bumped by reset(): answers of an abandoned attempt are ignored. */
  let attempt = 0;

  const store = createStore<EmailLoginState & EmailLoginActions>()((set, get) => {
    const cooldownRemainingMs = () => embedded.loginCache.emailCooldownRemainingMs();

    /** Shows the cooldown message when one is running; returns true then. */
    const refuseDuringCooldown = (): boolean => {
      const left = cooldownRemainingMs();
      if (left <= 0) return false;
      set({ error: cooldownMessage(left), cooldown: true, status: 'error' });
      return true;
    };

    const cooldownResult = (): EmailLoginResult => ({
      status: 'cooldown',
      message: get().error ?? cooldownMessage(cooldownRemainingMs()),
    });

    const fail = (run: number, error: unknown): EmailLoginResult => {
      if (run !== attempt) return ABANDONED;
      const message = emailErrorMessage(error);
      set({ status: 'error', error: message, cooldown: false });
      keyway.outcomes.emit({ flow: 'email', status: 'error' });
      return { status: 'error', message };
    };

    /** Reports the step that needs the user: the code, or the device approval link. */
    const goTo = (status: 'otp-required' | 'device-approval-required'): EmailLoginResult => {
      keyway.outcomes.emit({ flow: 'email', status });
      return { status };
    };

    /** The device step: wait for the approval link, then the frame sends a code. */
    const waitForDevice = async (run: number) => {
      try {
        const auth = await embedded.getAuth();
        await auth.connectDevice();
        if (run !== attempt) return;
        set({ step: 'otp', status: 'waiting', error: null, resent: false });
        goTo('otp-required');
      } catch (error) {
        fail(run, error);
      }
    };

    const sendEmail = async (email: string, run: number, isResend: boolean): Promise<EmailLoginResult> => {
      set({ status: 'sending', error: null, cooldown: false, resent: false });
      try {
        const auth = await embedded.getAuth();
        const { action } = await auth.connectEmail({ email });
        if (run !== attempt) return ABANDONED;
        if (action === 'VERIFY_DEVICE') {
          set({ step: 'device', status: 'waiting', email, resent: isResend });
          void waitForDevice(run);
          return goTo('device-approval-required');
        }
        set({ step: 'otp', status: 'waiting', email, resent: isResend });
        return goTo('otp-required');
      } catch (error) {
        if (error instanceof KeywayError && error.code === 'cooldown') {
          if (run !== attempt) return ABANDONED;
          refuseDuringCooldown();
          return cooldownResult();
        }
        return fail(run, error);
      }
    };

    return {
      ...initial(),
      cooldownRemainingMs,
      async submitEmail(raw) {
        const email = raw.trim();
        const parsed = EmailSchema.safeParse(email);
        if (!parsed.success) {
          set({ status: 'error', error: kitMessage('invalidEmail'), cooldown: false });
          return { status: 'invalid' };
        }
        if (get().status === 'sending') return { status: 'busy' };
        attempt++;
        set({ step: 'email', email: parsed.data });
        if (refuseDuringCooldown()) return cooldownResult();
        return sendEmail(parsed.data, attempt, false);
      },
      async submitOtp(otp) {
        const { status } = get();
        if (status === 'verifying' || status === 'connecting' || status === 'connected')
          return { status: 'busy' };
        const run = attempt;
        set({ status: 'verifying', error: null, cooldown: false, resent: false });
        try {
          const auth = await embedded.getAuth();
          await auth.connectOtp({ otp });
          if (run !== attempt) return ABANDONED;
          set({ status: 'connecting' });
          await embedded.connect();
          if (run !== attempt) return ABANDONED;
          set({ status: 'connected' });
          keyway.outcomes.emit({ flow: 'connect', status: 'connected', via: 'email' });
          return { status: 'connected' };
        } catch (error) {
          if (run !== attempt) return ABANDONED;
          // A wrong code: the frame's message, and the boxes are emptied for a new try.
          set((s) => ({ otpResetKey: s.otpResetKey + 1 }));
          return fail(run, error);
        }
      },
      async resend() {
        const { email, status } = get();
        if (!email || status === 'sending') return { status: 'busy' };
        if (refuseDuringCooldown()) return cooldownResult();
        attempt++;
        return sendEmail(email, attempt, true);
      },
      tick() {
        if (!get().cooldown) return;
        const left = cooldownRemainingMs();
        if (left <= 0) set({ error: null, cooldown: false, status: 'idle' });
        else set({ error: cooldownMessage(left) });
      },
      clearError() {
        if (get().status === 'error') set({ error: null, cooldown: false, status: 'idle' });
      },
      reset() {
        attempt++;
        set(initial());
      },
    };
  });

  // Closing the modal abandons the steps (pending frame requests are aborted with 'Request was
  // aborted'); what was typed is kept, the message says why the attempt stopped.
  const unsubscribe = modal.subscribe((s, prev) => {
    if (!prev.isOpen || s.isOpen) return;
    const { status, step } = store.getState();
    attempt++;
    if (status === 'connected') store.setState(initial());
    else if (
      status === 'sending' ||
      status === 'verifying' ||
      status === 'connecting' ||
      (step === 'device' && status === 'waiting')
    ) {
      store.setState({
        step: 'email',
        status: 'error',
        error: kitMessage('requestAborted'),
        cooldown: false,
      });
    } else if (step !== 'email') {
      store.setState({ step: 'email', status: 'idle', error: null, cooldown: false });
    }
  });
  return {
    value: store,
    dispose() {
      unsubscribe();
      attempt++;
    },
  };
}

declare module '../keyway' {
  /** The part this module creates (the instance knows its type from here: keyway.ts imports no part). */
  interface KeywayParts {
    emailLogin: EmailLoginStore;
  }
}
