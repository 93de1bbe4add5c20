/** The hooks the views read their texts with. */

import type { KitMessage } from '../core/messages';
import { useCompiledMessages, useLocale } from './context';
import { en } from './en';
import { provideFullCatalogue } from './fullCatalogue';
import { formatMessage } from './message';
import { type KitMessages, messageText } from './messageText';

export type { KitMessages };

/** Every text of the kit in the active locale, with the host's overrides. */
export function useMessages(): KitMessages {
  return useCompiledMessages(en, formatMessage);
}

/**
 * What a view shows for a message a store, hook or kit error reports (`KitMessage`): its text in the active
 * locale, '' for none.
 */
export function useMessageText(): (message: KitMessage | null | undefined) => string {
  const m = useMessages();
  const { locale } = useLocale();
  return (message) => messageText(m, message, locale);
}

// The toast region (initial bundle) writes every toast with this catalogue once the views have loaded it.
provideFullCatalogue<KitMessages>({ english: en, format: formatMessage, text: messageText });
