import { useEffect, useRef } from 'react';
import type { TrackedEvent } from '../../core/events';
import { useKeyway } from '../context';

/** Calls `listener` for every tracked event (spec §4) of this Keyway instance while mounted. */
export function useKeywayEvents(listener: (event: TrackedEvent) => void): void {
  const { events } = useKeyway();
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => events.subscribe((e) => latest.current(e)), [events]);
}
