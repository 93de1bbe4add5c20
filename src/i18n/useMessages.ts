/** The hooks the views read their texts with. */
import { useCompiledMessages } from './context';
import { en } from './en';
import { formatMessage } from './message';
import type { Messages } from './types';

export type KitMessages = Messages<typeof en>;

/** Every text of the kit in the active locale, with the host's overrides. */
export function useMessages(): KitMessages {
  return useCompiledMessages(en, formatMessage);
}

/** `cooldownMessage` and `registerNameErrorMessage` of core/errors.ts, read back for display. */
const COOLDOWN = /^Please try again after (\d+) seconds$/;
const REGISTER_NAME = /^Error registering name (.+)$/;

const known = new Map<string, readonly [section: 'toasts' | 'errors' | 'email', key: string]>();
for (const section of ['toasts', 'errors', 'email'] as const)
  for (const [key, text] of Object.entries(en[section]))
    if (!text.includes('{')) known.set(text, [section, key]);

/**
 * Shows a message that travels as its English identifier (the §8 catalogue of errors and toasts, the email
 * login's messages) in the active locale; any other text (a wallet's or an API's own message) as it is.
 */
export function translateKnown(m: KitMessages, message: string | null): string {
  if (message === null) return '';
  const hit = known.get(message);
  if (!hit) {
    const cooldown = COOLDOWN.exec(message);
    if (cooldown) return m.errors.cooldown({ seconds: Number(cooldown[1]) });
    const register = REGISTER_NAME.exec(message);
    if (register) return m.errors.registerName({ name: register[1] as string });
    return message;
  }
  const text = (m[hit[0]] as Readonly<Record<string, unknown>>)[hit[1]];
  return typeof text === 'string' ? text : message;
}
