// zod 4 probes `new Function('')` when its first object schema is created (to JIT-compile parsers).
// The probe is caught, but a strict CSP without 'unsafe-eval' still reports it as a violation.
// `jitless` skips the probe; it must run before any schema exists, so it is this page's first import.
// (Open item: the kit should do this itself at its entry points; see docs/theming.md, "CSP".)
import { z } from 'zod';

/** Used by main.tsx: the repository's `sideEffects` list would let the bundler drop a bare side-effect import. */
export const zodConfig = z.config({ jitless: true });
