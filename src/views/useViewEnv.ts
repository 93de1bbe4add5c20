/**
 * The views' environment: the instance's URL policy (whether loopback `http:` images and links load), resolved
 * once per instance and handed to the components through context, and the device kind.
 */
import { createElement, type ReactNode, useMemo, useSyncExternalStore } from 'react';
import { UrlPolicyContext } from '../components/_safe/urlPolicy';
import { allowsLocalhost, type UrlPolicy } from '../core/url';
import { useKeyway } from '../hooks/context';

/** True when the instance talks to a local stack: its explorer serves images from http://127.0.0.1. */
export function useAllowLocalhost(): boolean {
  return allowsLocalhost(useKeyway().options);
}

/**
 * Gives the components below it the instance's URL policy (core/url). KeywayModal, AccountButton and
 * NetworkButton each render inside one, so no view or component passes `allowLocalhost` along.
 */
export function ViewEnvProvider({ children }: { children?: ReactNode }) {
  const allowLocalhost = useAllowLocalhost();
  const policy = useMemo<UrlPolicy>(() => ({ allowLocalhost }), [allowLocalhost]);
  return createElement(UrlPolicyContext.Provider, { value: policy }, children);
}

const COARSE = '(pointer: coarse)';

/** True on touch-first devices (phones, tablets): deep links replace the QR code there. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(
    (notify) => {
      const mq = typeof window !== 'undefined' ? window.matchMedia?.(COARSE) : undefined;
      mq?.addEventListener?.('change', notify);
      return () => mq?.removeEventListener?.('change', notify);
    },
    () => (typeof window !== 'undefined' ? !!window.matchMedia?.(COARSE).matches : false),
    () => false,
  );
}
