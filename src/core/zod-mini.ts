// The kit's way in to `zod/mini`, for the schemas a page needs as it starts (host options, networks, theme,
// values read back from storage). zod/mini shares zod's core (parsers, issues, the global config) with the
// classic API of `./zod` but has no chainable methods: a bundler keeps only the functions a schema calls,
// where one classic schema keeps the whole classic API. Modules that are loaded later (API responses, views)
// keep the classic API through `./zod`.
//
// As in `./zod`: `jitless` is set before any schema exists (see there for the CSP reason), and English
// messages are the default locale, as the classic API sets them, so an issue reads the same whichever API
// made it. This module is listed under `sideEffects` in package.json (with its dist file) so a bundler that
// follows the re-export straight to zod/mini still evaluates it first; visual/csp.test.ts proves it.

import { en } from 'zod/locales';
import { config } from 'zod/mini';

config({ jitless: true });
if (!config().localeError) config(en());

export { z } from 'zod/mini';
