/**
 * Changing the email of an embedded-wallet account (spec §7 UPDATE_EMAIL, UPDATE_EMAIL_PRIMARY_OTP,
 * UPDATE_EMAIL_SECONDARY_OTP): the new address → a code sent to the current address → a code sent to the
 * new one → back to the account settings with the new email shown.
 *
 * Sending codes follows the email-login limit (spec §5, §9): one trigger per 30 s, else
 * 'Please try again after N seconds'. Both code steps can send their code again (`resendCode`, UPDATE_EMAIL
 * for the same new address): the 30 s count from the last code sent, which for the new-email step is the
 * code the frame sent when the current address's code was confirmed. A frame that answers
 * VERIFY_SECONDARY_OTP sent a new code to the new address; one that answers VERIFY_PRIMARY_OTP started over
 * at the current address (the flow goes back to that step). The secondary-code step completes the login in the login cache
 * (the frame client stores the new email, spec §4); this store does not write it again.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { EMAIL_LOGIN_COOLDOWN_MS } from '../../core/constants';
import { type KitMessage, kitMessage } from '../../core/messages';
import type { OutcomeOf } from '../../core/outcomes';
import type { AuthConnectorApi } from '../../frame/connector/auth-api';
import { EmailSchema, OtpSchema } from '../../frame/protocol/fields';
import { errorMessage } from '../utils';

export type UpdateEmailStep = 'email' | 'primaryOtp' | 'secondaryOtp' | 'done';

export interface UpdateEmailState {
  step: UpdateEmailStep;
  /** The address the account has now (from the login cache). */
  currentEmail: string | null;
  /** The address being set. */
  newEmail: string | null;
  submitting: boolean;
  error: KitMessage | null;
  /** The error is the cooldown message: `tick()` counts it down and it goes away by itself. */
  cooldown: boolean;
  /** When another code may be sent (ms since epoch), or null. */
  resendAvailableAt: number | null;
}

/**
 * What an update-email action did: the code step that comes next, the updated address, or why nothing
 * happened. `message` is the error the state shows too (`error`).
 */
export type UpdateEmailResult =
  | { status: 'primary-otp-required' }
  | { status: 'secondary-otp-required' }
  | { status: 'updated'; email: string }
  /** Not an email address, the address the account has already, or not a 6-digit code (nothing was sent). */
  | { status: 'invalid'; reason: 'email' | 'same-email' | 'code'; message: KitMessage }
  /** The 30 s limit refused the send; `message` is 'Please try again after N seconds'. */
  | { status: 'cooldown'; message: KitMessage }
  /** A step is running. */
  | { status: 'busy' }
  /** The action does not belong to the current step (a code before its step, a resend before an address). */
  | { status: 'out-of-step' }
  | { status: 'error'; message: KitMessage };

export interface UpdateEmailActions {
  /** Starts over: reads the current email from the login cache. */
  start(): void;
  /** Sends the new address to the frame; resolves the code step that comes next (or why not). */
  submitEmail(email: string): Promise<UpdateEmailResult>;
  /** Checks the code sent to the current address; resolves 'secondary-otp-required' (or why not). */
  submitPrimaryOtp(otp: string): Promise<UpdateEmailResult>;
  /** Checks the code sent to the new address; resolves 'updated' with the new email (or why not). */
  submitSecondaryOtp(otp: string): Promise<UpdateEmailResult>;
  /**
   * Sends the code of the current step again for the same new address (limited like the email login):
   * on the new-email step the frame sends a new code there ('secondary-otp-required'), or starts over at
   * the current address ('primary-otp-required').
   */
  resendCode(): Promise<UpdateEmailResult>;
  /** Milliseconds until a code may be sent again (0 when allowed now). */
  cooldownRemainingMs(): number;
  /** Re-evaluates the cooldown message (the hook calls it every second while it shows). */
  tick(): void;
  clearError(): void;
}

export type UpdateEmailStore = StoreApi<UpdateEmailState & UpdateEmailActions>;

export interface UpdateEmailStoreDeps {
  getAuth: () => Promise<AuthConnectorApi>;
  /** The email the login cache holds now (synchronous; null before a login). */
  currentEmail: () => string | null;
  /** Reports the flow's outcomes: the code step to show next, and the updated email. */
  emit: (outcome: OutcomeOf<'update-email'>) => void;
  now?: () => number;
}

export function createUpdateEmailStore(deps: UpdateEmailStoreDeps): UpdateEmailStore {
  const now = deps.now ?? Date.now;
  let lastSentAt: number | null = null;

  const remaining = () =>
    lastSentAt === null ? 0 : Math.max(0, lastSentAt + EMAIL_LOGIN_COOLDOWN_MS - now());
  /** The cooldown's message: whole seconds left. */
  const cooldownMessage = (msLeft: number): KitMessage =>
    kitMessage('cooldown', { seconds: Math.max(1, Math.ceil(msLeft / 1000)) });

  /** Reports the code step that comes next (an outcome, and the action's result). */
  const goTo = (step: 'primaryOtp' | 'secondaryOtp'): UpdateEmailResult => {
    const status = step === 'primaryOtp' ? 'primary-otp-required' : 'secondary-otp-required';
    deps.emit({ flow: 'update-email', status });
    return { status };
  };

  return createStore<UpdateEmailState & UpdateEmailActions>()((set, get) => {
    /** Sends UPDATE_EMAIL for `email`, applying the cooldown; moves to the step the frame asks for. */
    async function send(email: string): Promise<UpdateEmailResult> {
      const wait = remaining();
      if (wait > 0) {
        const message = cooldownMessage(wait);
        set({ error: message, cooldown: true, resendAvailableAt: now() + wait });
        return { status: 'cooldown', message };
      }
      set({ submitting: true, error: null, cooldown: false });
      try {
        const auth = await deps.getAuth();
        const { action } = await auth.updateEmail({ email });
        lastSentAt = now();
        const step = action === 'VERIFY_SECONDARY_OTP' ? 'secondaryOtp' : 'primaryOtp';
        set({
          submitting: false,
          newEmail: email,
          step,
          resendAvailableAt: lastSentAt + EMAIL_LOGIN_COOLDOWN_MS,
        });
        return goTo(step);
      } catch (error) {
        return failed(error);
      }
    }

    /** A frame call failed: its message is shown and resolved. */
    function failed(error: unknown): UpdateEmailResult {
      const message = errorMessage(error, 'emailUpdateFailed');
      set({ submitting: false, error: message, cooldown: false });
      return { status: 'error', message };
    }

    /** Refuses input that breaks a rule: the message is shown and resolved. */
    function invalid(reason: 'email' | 'same-email' | 'code', message: KitMessage): UpdateEmailResult {
      set({ error: message, cooldown: false });
      return { status: 'invalid', reason, message };
    }

    async function verify(
      step: 'primaryOtp' | 'secondaryOtp',
      otp: string,
      run: (auth: AuthConnectorApi, otp: string) => Promise<UpdateEmailResult>,
    ): Promise<UpdateEmailResult> {
      if (get().submitting) return { status: 'busy' };
      if (get().step !== step) return { status: 'out-of-step' };
      const parsed = OtpSchema.safeParse(otp);
      if (!parsed.success) return invalid('code', kitMessage('invalidCode'));
      set({ submitting: true, error: null, cooldown: false });
      try {
        const auth = await deps.getAuth();
        return await run(auth, parsed.data);
      } catch (error) {
        return failed(error);
      }
    }

    return {
      step: 'email',
      currentEmail: null,
      newEmail: null,
      submitting: false,
      error: null,
      cooldown: false,
      resendAvailableAt: null,

      start() {
        set({
          step: 'email',
          currentEmail: deps.currentEmail(),
          newEmail: null,
          submitting: false,
          error: null,
          cooldown: false,
        });
      },

      async submitEmail(raw) {
        if (get().submitting) return { status: 'busy' };
        const email = raw.trim();
        const parsed = EmailSchema.safeParse(email);
        if (!parsed.success) return invalid('email', kitMessage('invalidEmail'));
        const current = get().currentEmail ?? deps.currentEmail();
        if (current && current.toLowerCase() === parsed.data.toLowerCase()) {
          return invalid('same-email', kitMessage('sameEmail'));
        }
        return send(parsed.data);
      },

      submitPrimaryOtp: (otp) =>
        verify('primaryOtp', otp, async (auth, code) => {
          await auth.updateEmailPrimaryOtp({ otp: code });
          // The frame sent the code to the new address now: a resend on that step counts from here.
          lastSentAt = now();
          set({
            submitting: false,
            step: 'secondaryOtp',
            error: null,
            resendAvailableAt: lastSentAt + EMAIL_LOGIN_COOLDOWN_MS,
          });
          return goTo('secondaryOtp');
        }),

      submitSecondaryOtp: (otp) =>
        verify('secondaryOtp', otp, async (auth, code) => {
          const { newEmail } = await auth.updateEmailSecondaryOtp({ otp: code });
          set({ submitting: false, step: 'done', currentEmail: newEmail, newEmail: null, error: null });
          deps.emit({ flow: 'update-email', status: 'updated', email: newEmail });
          return { status: 'updated', email: newEmail };
        }),

      async resendCode() {
        const email = get().newEmail;
        if (get().submitting) return { status: 'busy' };
        if (!email) return { status: 'out-of-step' };
        return send(email);
      },

      cooldownRemainingMs: remaining,

      tick() {
        if (!get().cooldown) return;
        const left = remaining();
        if (left <= 0) set({ error: null, cooldown: false });
        else set({ error: cooldownMessage(left) });
      },

      clearError() {
        if (get().error !== null) set({ error: null, cooldown: false });
      },
    };
  });
}
