/** The texts of the parts in a host's initial bundle (buttons, modal frame and titles, toasts). */
import type { KitMessage } from '../core/messages';
import { useCompiledMessages } from './context';
import { enShell } from './en-shell';
import type { Messages } from './types';

export type ShellMessages = Messages<typeof enShell>;

export function useShellMessages(): ShellMessages {
  return useCompiledMessages(enShell);
}

/**
 * A toast's message with the shell's texts: the §8 toasts in the active locale. Every other toast comes after
 * the views loaded the full catalogue (which `KeywayToasts` uses then); until then one shows its reason or code.
 */
export function shellToastText(m: ShellMessages, message: KitMessage): string {
  if (message.reason?.trim()) return message.reason;
  return Object.hasOwn(enShell.toasts, message.code)
    ? m.toasts[message.code as keyof typeof enShell.toasts]
    : message.code;
}
