// The kit's way in to zod's classic API. zod 4 probes the Function constructor when its first object schema
// is created, to JIT-compile parsers; the probe is caught, but a page whose Content-Security-Policy lacks
// 'unsafe-eval' still reports a violation. Every kit module imports `z` from here (or zod/mini's `z` from
// `./zod-mini`, which does the same), so `jitless` is set before any schema exists (this module is evaluated
// before any module that imports it). zod's config is global: a host's own schemas then also parse without
// the JIT (same results, slower only on very large inputs).
//
// `z` is re-exported as zod's own namespace, never passed around as a value: bundlers then keep only the
// members the kit uses (passing the namespace to a function pulled in all of zod, locales and JSON-schema
// tools included: 90 kB gzip of a host's initial bundle). The `config` call is a side effect of this module;
// package.json lists the module (and the library chunk it is built into, see vite.config.ts) under
// `sideEffects`, so a bundler that follows the re-export straight to zod still evaluates this module first.
// visual/csp.test.ts and the e2e tests (strict CSP playground) prove the setting survives production builds.
import { config } from 'zod';

config({ jitless: true });

export { z } from 'zod';
