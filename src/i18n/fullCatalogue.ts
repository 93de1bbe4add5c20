/**
 * The full catalogue for the parts of the initial bundle. The toast region sits in the initial bundle with the
 * texts of `en-shell.ts` only; a toast that is not one of §8 (a send's or a swap's own message, an error of the
 * catalogue's `errors`) can only be written with the full catalogue, which loads with the views. `useMessages.ts`
 * hands its catalogue and `messageText` here when its chunk runs, and every toast comes from the presenter
 * (`views/modalRouter.ts`), which loads with that chunk; until then a part keeps to the shell texts.
 */
import { useSyncExternalStore } from 'react';
import type { KitMessage } from '../core/messages';
import type { MessageFormatter } from './context';

export interface FullCatalogue<M = unknown> {
  /** The English catalogue (`en.ts`), the reference `useCompiledMessages` compiles. */
  readonly english: object;
  /** The full message format (`message.ts`). */
  readonly format: MessageFormatter;
  /** `messageText`: a message in the active locale. */
  readonly text: (messages: M, message: KitMessage, locale: string) => string;
}

let current: FullCatalogue | null = null;
const listeners = new Set<() => void>();

/** Called once by the chunk of the full catalogue. */
export function provideFullCatalogue<M>(catalogue: FullCatalogue<M>): void {
  current = catalogue as FullCatalogue;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
const snapshot = () => current;

/** The full catalogue once the views have loaded it, else null. */
export function useFullCatalogue(): FullCatalogue | null {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
