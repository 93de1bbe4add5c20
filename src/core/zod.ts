// The kit's one way in to zod. zod 4 probes the Function constructor when its first object schema is created, to
// JIT-compile parsers; the probe is caught, but a page whose Content-Security-Policy lacks 'unsafe-eval'
// still reports a violation. Every kit module imports `z` from here, so `jitless` is set before any schema
// exists. zod's config is global: a host's own schemas then also parse without the JIT (same results,
// slower only on very large inputs).
import { z as zod } from 'zod';

// Done through a function of ours whose result is used: bundlers treat zod as side-effect free and drop a
// bare `z.config(...)` call, a property write on it, or a module that only re-exports it (seen with
// Vite 8 / rolldown; visual/csp.test.ts proves the setting survives a production build).
function withoutJit<T extends { config(c: { jitless: boolean }): unknown }>(lib: T): T {
  lib.config({ jitless: true });
  return lib;
}

export const z: typeof zod = withoutJit(zod);

// The type side of `z` that kit modules use (`z.infer<typeof schema>`, `z.ZodType`, …), merged onto the value.
export declare namespace z {
  type infer<T> = zod.infer<T>;
  type input<T> = zod.input<T>;
  type output<T> = zod.output<T>;
  type ZodType<O = unknown, I = unknown> = zod.ZodType<O, I>;
  type ZodError<T = unknown> = zod.ZodError<T>;
  type ZodObject<
    S extends zod.core.$ZodLooseShape = zod.core.$ZodLooseShape,
    C extends zod.core.$ZodObjectConfig = zod.core.$strip,
  > = zod.ZodObject<S, C>;
  type ZodLiteral<T extends zod.core.util.Literal = zod.core.util.Literal> = zod.ZodLiteral<T>;
  type ZodUUID = zod.ZodUUID;
  namespace core {
    type $strict = zod.core.$strict;
  }
}
