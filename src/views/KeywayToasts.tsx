import { useMemo } from 'react';
import { ToastRegion } from '../components/Toast/ToastRegion';
import { useToasts } from '../hooks/toasts/useToasts';
import { translateToast, useShellMessages } from '../i18n/useShellMessages';

/** The toast region bound to the instance's toasts store; a §8 message is shown in the active locale. */
export function KeywayToasts() {
  const { toasts, dismiss } = useToasts();
  const shell = useShellMessages();
  const shown = useMemo(
    () => toasts.map((t) => ({ ...t, message: translateToast(shell, t.message) })),
    [toasts, shell],
  );
  return (
    <ToastRegion
      toasts={shown}
      label={shell.toastRegion.label}
      dismissLabel={shell.toastRegion.dismiss}
      onDismiss={(id) => dismiss(Number(id))}
    />
  );
}
