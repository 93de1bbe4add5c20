/**
 * Setup of the node and jsdom projects: `vi.waitFor` waits up to 10 s for its condition unless a call says
 * otherwise (Vitest's default is 1 s, and it has no setting for it). A condition wait returns as soon as its
 * condition holds, so the limit only matters on a loaded machine, where a first module load or a local
 * server's answer can take longer than a second. Calls that pass `{ timeout }` (or a number) keep theirs.
 */
import { vi } from 'vitest';

const WAIT_FOR_TIMEOUT_MS = 10_000;
const waitFor = vi.waitFor;
vi.waitFor = ((callback, options) =>
  waitFor(
    callback,
    typeof options === 'number' ? options : { timeout: WAIT_FOR_TIMEOUT_MS, ...options },
  )) as typeof vi.waitFor;
