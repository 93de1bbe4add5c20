/**
 * The legal consent before connecting a wallet (spec: `termsConditionsUrl`, `privacyPolicyUrl`): whether the
 * host asks for it, whether the user agreed, and whether an attempt without agreement was refused. Headless:
 * nothing here moves or shakes the modal; the styled Connect view does that when `proceed()` says no.
 */
import { useCallback, useState } from 'react';
import { useKeyway } from '../context';

export interface UseConsentResult {
  /** True when the host set a terms or privacy URL: connecting waits for the user's agreement. */
  required: boolean;
  /** The host's terms of service page, if any. */
  termsUrl: string | null;
  /** The host's privacy policy page, if any. */
  privacyUrl: string | null;
  /** Whether the user agreed. */
  agreed: boolean;
  /** True after an attempt without agreement, until the user agrees (show why nothing happened). */
  missing: boolean;
  /** Records the user's answer; agreeing clears `missing`. */
  setAgreed(agreed: boolean): void;
  /** True when the user may go on (no consent asked, or given); otherwise sets `missing` and returns false. */
  proceed(): boolean;
}

export function useConsent(): UseConsentResult {
  const { options } = useKeyway();
  const termsUrl = options.termsConditionsUrl ?? null;
  const privacyUrl = options.privacyPolicyUrl ?? null;
  const required = Boolean(termsUrl || privacyUrl);
  const [agreed, setAgreedState] = useState(false);
  const [missing, setMissing] = useState(false);

  const setAgreed = useCallback((value: boolean) => {
    setAgreedState(value);
    if (value) setMissing(false);
  }, []);

  const proceed = useCallback(() => {
    if (!required || agreed) return true;
    setMissing(true);
    return false;
  }, [required, agreed]);

  return { required, termsUrl, privacyUrl, agreed, missing, setAgreed, proceed };
}
