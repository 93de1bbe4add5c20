import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import pkg from './package.json' with { type: 'json' };

const external = [
  ...Object.keys(pkg.peerDependencies ?? {}),
  ...Object.keys(pkg.dependencies ?? {}),
  'react/jsx-runtime',
];

const SRC = resolve(import.meta.dirname, 'src');
/** A value import of React or of a React binding (a type-only import is gone from the built file). */
const REACT_IMPORT =
  /^import\s+(?!type\b)[^;]*?\bfrom\s+['"](?:react|wagmi|zustand|@ark-ui\/react[^'"]*)['"]/m;

/**
 * Whether a source module is client code for a React Server Components host (Next.js App Router): a component
 * (`.tsx`) or a module that uses React or a React binding (hooks, context). Its built file starts with
 * `'use client'`, so a Server Component page may import the kit's components and hooks (they become client
 * references there), while the rest (options, networks, themes, the cookie helper) stays usable on the server.
 */
function isClientModule(id: string | null): boolean {
  if (!id?.startsWith(SRC) || !/\.tsx?$/.test(id) || /\.css\.ts$/.test(id)) return false;
  if (id.endsWith('.tsx')) return true;
  return REACT_IMPORT.test(readFileSync(id, 'utf8'));
}

/**
 * Library build: ESM only, one file per module, one static stylesheet (`keyway/styles.css`).
 *
 * No source maps and no doc comments in the JS: each dist file is its source module, unminified, at the same
 * path with the same names (`hooks/send/store.js` is `src/hooks/send/store.ts` without its types), so a stack
 * trace or a debugger already reads as the source; the doc comments ship once, in the declarations
 * (`dist/types`, where an editor shows them). Maps with their sources doubled the package (README, Benchmarks).
 */
export default defineConfig({
  plugins: [react(), vanillaExtractPlugin()],
  publicDir: false,
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    sourcemap: false,
    minify: false,
    cssCodeSplit: false,
    lib: {
      entry: {
        index: resolve(import.meta.dirname, 'src/index.ts'),
        views: resolve(import.meta.dirname, 'src/views/index.ts'),
        components: resolve(import.meta.dirname, 'src/components/index.ts'),
        theme: resolve(import.meta.dirname, 'src/theme/index.ts'),
        testing: resolve(import.meta.dirname, 'src/testing/index.ts'),
        ssr: resolve(import.meta.dirname, 'src/ssr/index.ts'),
      },
      formats: ['es'],
      cssFileName: 'styles',
    },
    rolldownOptions: {
      external: (id) => external.some((dep) => id === dep || id.startsWith(`${dep}/`)),
      output: {
        // One dist file per source module. A host's bundler takes each dist file as one module: with files
        // that merge many modules, code that only a lazy view or an unused hook needs shared a file with what
        // the initial graph needs and was loaded up front. Published as modules, a host's bundler prunes what
        // it does not import (package.json `sideEffects`) and splits the rest as precisely as the source is
        // split (scripts/size-budget.mjs checks the result). zod's jitless setting is dist/core/zod-mini.js, listed
        // under `sideEffects` so a host's bundler never drops it.
        preserveModules: true,
        preserveModulesRoot: 'src',
        entryFileNames: '[name].js',
        comments: { legal: true, annotation: true, jsdoc: false },
        banner: (chunk) => (isClientModule(chunk.facadeModuleId) ? "'use client';" : ''),
      },
    },
  },
});
