/**
 * Test harness host page for services/frame/embed.test.ts: exposes the kit's real frame client to the
 * test, which drives it with `page.evaluate`. Built with Vite by the test and served from another origin.
 */
import { createFrameClient } from '../../../src/frame/client/index.ts';

declare global {
  interface Window {
    kw: { createFrameClient: typeof createFrameClient };
  }
}

window.kw = { createFrameClient };
