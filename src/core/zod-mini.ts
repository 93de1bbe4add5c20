// The kit's way in to zod: every kit schema is written with `zod/mini` and imports `z` from here.
//
// Why `zod/mini`: its schemas have no chainable methods, so a bundler keeps only the functions and core schema
// classes the kit calls. The classic API references every core class; a host's bundler then kept them all in
// the one zod core module that the start path (host options, networks, theme, stored values) shares with the
// schemas loaded later (API responses, frame protocol), and so in the host's initial JS.
//
// Why this module: zod 4 probes the Function constructor when its first object schema is created, to
// JIT-compile parsers; the probe is caught, but a page whose Content-Security-Policy lacks 'unsafe-eval' still
// reports a violation. `jitless` is set here before any schema exists (this module is evaluated before any
// module that imports it). zod's config is global: a host's own schemas then also parse without the JIT (same
// results, slower only on very large inputs). English messages are the default locale (the classic API sets
// them on import; zod/mini does not), so every issue reads the same as before.
//
// `z` is re-exported as zod's own namespace, never passed around as a value: bundlers then keep only the
// members the kit uses. The `config` calls are side effects of this module; package.json lists it (with its
// dist file) under `sideEffects`, so a bundler that follows the re-export straight to zod/mini still evaluates
// it first. visual/csp.test.ts and the e2e tests (strict CSP playground) prove the setting survives production
// builds.

import { en } from 'zod/locales';
import { config } from 'zod/mini';

config({ jitless: true });
if (!config().localeError) config(en());

export { z } from 'zod/mini';
