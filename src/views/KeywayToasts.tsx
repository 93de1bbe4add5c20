import { useMemo } from 'react';
import { ToastRegion } from '../components/Toast/ToastRegion';
import { useToasts } from '../hooks/toasts/useToasts';
import { useCompiledMessages, useLocale } from '../i18n/context';
import { enShell } from '../i18n/en-shell';
import { useFullCatalogue } from '../i18n/fullCatalogue';
import { shellToastText, useShellMessages } from '../i18n/useShellMessages';

/**
 * The toast region bound to the instance's toasts store. The store keeps each toast's message as data; the region
 * writes it in the active locale (a §8 toast with the shell's texts, any other once the views loaded the full
 * catalogue).
 */
export function KeywayToasts() {
  const { toasts, dismiss } = useToasts();
  const shell = useShellMessages();
  const { locale } = useLocale();
  // Once the views have loaded the full catalogue, it writes every message (§8 and the flows' own); before,
  // only the §8 toasts of the shell part.
  const full = useFullCatalogue();
  const messages = useCompiledMessages(full?.english ?? enShell, full?.format);
  const shown = useMemo(
    () =>
      toasts.map((t) => ({
        ...t,
        message: full ? full.text(messages, t.message, locale) : shellToastText(shell, t.message),
      })),
    [toasts, shell, full, messages, locale],
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
