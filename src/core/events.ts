/** Tracked events of spec §4. */
export const TRACKED_EVENTS = [
  'MODAL_OPEN',
  'MODAL_CLOSE',
  'SWAP_SUCCESS',
  'SWAP_ERROR',
  'SEND_INITIATED',
  'SEND_SUCCESS',
  'SEND_ERROR',
  'SET_PREFERRED_ACCOUNT_TYPE',
  'ERROR_FETCH_TRANSACTIONS',
] as const;
export type TrackedEventName = (typeof TRACKED_EVENTS)[number];

export interface TrackedEvent {
  event: TrackedEventName;
  properties?: Record<string, unknown>;
  timestamp: number;
}

/** A tiny synchronous emitter; hosts subscribe to the same stream the analytics sink reads. */
export interface EventBus {
  emit(event: TrackedEventName, properties?: Record<string, unknown>): void;
  subscribe(listener: (event: TrackedEvent) => void): () => void;
}

export function createEventBus(now: () => number = Date.now): EventBus {
  const listeners = new Set<(event: TrackedEvent) => void>();
  return {
    emit(event, properties) {
      const e: TrackedEvent = properties
        ? { event, properties, timestamp: now() }
        : { event, timestamp: now() };
      for (const l of [...listeners]) {
        try {
          l(e);
        } catch (err) {
          console.error('Keyway: an event listener threw', err);
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
