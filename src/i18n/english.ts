/**
 * The kit's English texts outside React: what the styled views show for a message in English. For tests that
 * check what a user reads, and for logs; a view uses `useMessageText()` (the active locale).
 */
import type { KitMessage } from '../core/messages';
import { compileMessages } from './context';
import { en } from './en';
import { formatMessage } from './message';
import { messageText } from './messageText';

const english = compileMessages(en, 'en', formatMessage);

/** `message` as the styled views write it in English ('' for none). */
export function englishText(message: KitMessage | null | undefined): string {
  return messageText(english, message, 'en');
}
