import { useMemo } from 'react';
import { ToastRegion } from '../components/Toast/ToastRegion';
import { useToasts } from '../hooks/toasts/useToasts';
import { useCompiledMessages, useLocale } from '../i18n/context';
import { enShell } from '../i18n/en-shell';
import { useFullCatalogue } from '../i18n/fullCatalogue';
import { translateToast, useShellMessages } from '../i18n/useShellMessages';

/**
 * The toast region bound to the instance's toasts store. The store keeps each toast's English text; the region
 * shows a §8 toast in the active locale, and any other known text once the views have loaded the full catalogue.
 */
export function KeywayToasts() {
  const { toasts, dismiss } = useToasts();
  const shell = useShellMessages();
  const { locale } = useLocale();
  // Once the views have loaded the full catalogue, it translates every known English text (§8 and the flows'
  // own messages); before, only the §8 toasts of the shell part can be shown translated.
  const full = useFullCatalogue();
  const messages = useCompiledMessages(full?.english ?? enShell, full?.format);
  const shown = useMemo(
    () =>
      toasts.map((t) => ({
        ...t,
        message: full ? full.translate(messages, t.message, locale) : translateToast(shell, t.message),
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
