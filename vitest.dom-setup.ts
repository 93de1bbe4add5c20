/**
 * Setup of the `dom` project (jsdom). jsdom has no layout and no ResizeObserver; Ark's tab indicator and
 * the kit's overflow checks only need one to exist. Any test that renders the Account view (directly, or
 * by opening the modal on a connected account) needs it, so it is provided for every file here rather
 * than file by file.
 */
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
