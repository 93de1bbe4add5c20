/** Copy to the clipboard with a short-lived "copied" state for the button that did it. */
import { useCallback, useEffect, useRef, useState } from 'react';

/** How long a button says "Copied" after a copy. */
export const COPIED_FEEDBACK_MS = 2_000;

export function useCopy(): { copied: boolean; copy: (text: string) => Promise<boolean> } {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = useCallback(async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      return false;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_FEEDBACK_MS);
    return true;
  }, []);
  return { copied, copy };
}
