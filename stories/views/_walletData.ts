/** Fixtures of the balances/history stories, moved onto the story kit's first chain (eip155:31337). */
import type { TrackedEvent } from '../../src/core/events';
import { transactionFixtures, type WireTransaction } from '../../src/testing/msw';
import { STORY_NETWORKS, type StoryKit } from '../_support/keyway';

export const STORY_CHAIN = STORY_NETWORKS[0]!.id;
export const STORY_EXPLORER = STORY_NETWORKS[0]!.blockExplorerUrl!;

/** The given transactions as if they happened on the story chain. */
export function onStoryChain(list: readonly WireTransaction[] = transactionFixtures): WireTransaction[] {
  return list.map((t) => ({ ...t, metadata: { ...t.metadata, chain: STORY_CHAIN } }));
}

/** Collects the instance's tracked events from the story setup on (read them in the play function). */
export const trackedEvents: TrackedEvent[] = [];
export function recordEvents(kit: StoryKit): void {
  trackedEvents.length = 0;
  kit.keyway.events.subscribe((e) => trackedEvents.push(e));
}
