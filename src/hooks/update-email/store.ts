/**
 * Changing the email of an embedded-wallet account (spec §7 UPDATE_EMAIL, UPDATE_EMAIL_PRIMARY_OTP,
 * UPDATE_EMAIL_SECONDARY_OTP): the new address → a code sent to the current address → a code sent to the
 * new one → back to the account settings with the new email shown.
 *
 * Sending codes follows the email-login limit (spec §5, §9): one trigger per 30 s, else
 * 'Please try again after N seconds'. The secondary-code step completes the login in the login cache
 * (the frame client stores the new email, spec §4); this store does not write it again.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { EMAIL_LOGIN_COOLDOWN_MS } from '../../core/constants';
import { cooldownMessage } from '../../core/errors';
import type { OutcomeOf } from '../../core/outcomes';
import type { AuthConnectorApi } from '../../frame/connector/auth-api';
import { EmailSchema, OtpSchema } from '../../frame/protocol/fields';
import { errorText } from '../utils';

export const UPDATE_EMAIL_ERRORS = {
  invalidEmail: 'Enter a valid email address',
  sameEmail: 'This is already your email address',
  invalidCode: 'Enter the 6-digit code',
  failed: 'Could not update the email',
} as const;

export const UPDATE_EMAIL_SUCCESS = 'Email updated';

export type UpdateEmailStep = 'email' | 'primaryOtp' | 'secondaryOtp' | 'done';

export interface UpdateEmailState {
  step: UpdateEmailStep;
  /** The address the account has now (from the login cache). */
  currentEmail: string | null;
  /** The address being set. */
  newEmail: string | null;
  submitting: boolean;
  error: string | null;
  /** When another code may be sent (ms since epoch), or null. */
  resendAvailableAt: number | null;
}

export interface UpdateEmailActions {
  /** Starts over: reads the current email from the login cache. */
  start(): void;
  /** Sends the new address to the frame; the next view asks for the code sent to the current one. */
  submitEmail(email: string): Promise<boolean>;
  submitPrimaryOtp(otp: string): Promise<boolean>;
  submitSecondaryOtp(otp: string): Promise<boolean>;
  /** Sends the codes again for the same new address (limited like the email login). */
  resendCode(): Promise<boolean>;
  /** Milliseconds until a code may be sent again (0 when allowed now). */
  cooldownRemainingMs(): number;
  clearError(): void;
}

export type UpdateEmailStore = StoreApi<UpdateEmailState & UpdateEmailActions>;

export interface UpdateEmailStoreDeps {
  getAuth: () => Promise<AuthConnectorApi>;
  /** The email the login cache holds now (synchronous; null before a login). */
  currentEmail: () => string | null;
  /** Reports the flow's outcomes: the code step to show next, and the updated email. */
  emit: (outcome: OutcomeOf<'update-email'>) => void;
  showSuccess?: (message: string) => void;
  now?: () => number;
}

export function createUpdateEmailStore(deps: UpdateEmailStoreDeps): UpdateEmailStore {
  const now = deps.now ?? Date.now;
  let lastSentAt: number | null = null;

  const remaining = () =>
    lastSentAt === null ? 0 : Math.max(0, lastSentAt + EMAIL_LOGIN_COOLDOWN_MS - now());

  /** Reports the code step that comes next. */
  const goTo = (step: 'primaryOtp' | 'secondaryOtp') =>
    deps.emit({
      flow: 'update-email',
      status: step === 'primaryOtp' ? 'primary-otp-required' : 'secondary-otp-required',
    });

  return createStore<UpdateEmailState & UpdateEmailActions>()((set, get) => {
    /** Sends UPDATE_EMAIL for `email`, applying the cooldown; moves to the step the frame asks for. */
    async function send(email: string): Promise<boolean> {
      const wait = remaining();
      if (wait > 0) {
        set({ error: cooldownMessage(wait / 1000), resendAvailableAt: now() + wait });
        return false;
      }
      set({ submitting: true, error: null });
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
        goTo(step);
        return true;
      } catch (error) {
        set({ submitting: false, error: errorText(error, UPDATE_EMAIL_ERRORS.failed) });
        return false;
      }
    }

    async function verify(
      step: 'primaryOtp' | 'secondaryOtp',
      otp: string,
      run: (auth: AuthConnectorApi, otp: string) => Promise<void>,
    ): Promise<boolean> {
      if (get().step !== step || get().submitting) return false;
      const parsed = OtpSchema.safeParse(otp);
      if (!parsed.success) {
        set({ error: UPDATE_EMAIL_ERRORS.invalidCode });
        return false;
      }
      set({ submitting: true, error: null });
      try {
        const auth = await deps.getAuth();
        await run(auth, parsed.data);
        return true;
      } catch (error) {
        set({ submitting: false, error: errorText(error, UPDATE_EMAIL_ERRORS.failed) });
        return false;
      }
    }

    return {
      step: 'email',
      currentEmail: null,
      newEmail: null,
      submitting: false,
      error: null,
      resendAvailableAt: null,

      start() {
        set({
          step: 'email',
          currentEmail: deps.currentEmail(),
          newEmail: null,
          submitting: false,
          error: null,
        });
      },

      async submitEmail(raw) {
        if (get().submitting) return false;
        const email = raw.trim();
        const parsed = EmailSchema.safeParse(email);
        if (!parsed.success) {
          set({ error: UPDATE_EMAIL_ERRORS.invalidEmail });
          return false;
        }
        const current = get().currentEmail ?? deps.currentEmail();
        if (current && current.toLowerCase() === parsed.data.toLowerCase()) {
          set({ error: UPDATE_EMAIL_ERRORS.sameEmail });
          return false;
        }
        return send(parsed.data);
      },

      submitPrimaryOtp: (otp) =>
        verify('primaryOtp', otp, async (auth, code) => {
          await auth.updateEmailPrimaryOtp({ otp: code });
          set({ submitting: false, step: 'secondaryOtp', error: null });
          goTo('secondaryOtp');
        }),

      submitSecondaryOtp: (otp) =>
        verify('secondaryOtp', otp, async (auth, code) => {
          const { newEmail } = await auth.updateEmailSecondaryOtp({ otp: code });
          set({ submitting: false, step: 'done', currentEmail: newEmail, newEmail: null, error: null });
          deps.emit({ flow: 'update-email', status: 'updated', email: newEmail });
          deps.showSuccess?.(UPDATE_EMAIL_SUCCESS);
        }),

      async resendCode() {
        const email = get().newEmail;
        if (!email || get().submitting) return false;
        return send(email);
      },

      cooldownRemainingMs: remaining,

      clearError() {
        if (get().error !== null) set({ error: null });
      },
    };
  });
}
