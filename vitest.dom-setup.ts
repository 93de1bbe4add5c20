/**
 * Setup of the `dom` project (jsdom). jsdom has no layout and no ResizeObserver; Ark's tab indicator and
 * the kit's overflow checks only need one to exist. Any test that renders the Account view (directly, or
 * by opening the modal on a connected account) needs it, so it is provided for every file here rather
 * than file by file.
 */
import { configure } from '@testing-library/react';

// waitFor and findBy* wait up to 30 s for what they look for (the library's default is 1 s): they return as
// soon as it is there. Many of these tests wait for lazily loaded views, and a view's first transform
// (its modules and their vanilla-extract styles) on a loaded 2-core machine can take many seconds.
configure({ asyncUtilTimeout: 30_000 });

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// The API schemas load with a page's first request (out of a host's initial JS). In a test file that first
// load is a module transform on a cold cache, which on a busy machine can outlast a `waitFor`; loading them
// here keeps the tests about what a user sees. `src/api/http.test.ts` covers the lazy load itself.
await import('./src/api/schemas');
