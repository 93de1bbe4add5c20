/** The texts of the parts in a host's initial bundle (buttons, modal frame and titles, toasts). */
import { useCompiledMessages } from './context';
import { enShell } from './en-shell';
import type { Messages } from './types';

export type ShellMessages = Messages<typeof enShell>;

export function useShellMessages(): ShellMessages {
  return useCompiledMessages(enShell);
}

/** A toast's message (its English §8 text is its identifier) in the active locale; other texts as they are. */
export function translateToast(m: ShellMessages, message: string): string {
  for (const key in enShell.toasts)
    if (enShell.toasts[key as keyof typeof enShell.toasts] === message)
      return m.toasts[key as keyof typeof enShell.toasts];
  return message;
}
