/** Small view-side helpers: whether local (127.0.0.1) image URLs are acceptable, and the device kind. */
import { useSyncExternalStore } from 'react';
import { isHttpsOrLocalUrl } from '../core/networks';
import { useKeyway } from '../hooks/context';

/** True when the instance talks to a local stack: its explorer serves images from http://127.0.0.1. */
export function useAllowLocalhost(): boolean {
  const { options } = useKeyway();
  return [options.explorerUrl, options.apiUrl].some((u) => u.startsWith('http:') && isHttpsOrLocalUrl(u));
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
