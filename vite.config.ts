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

/** Library build: ESM only, one chunk graph, one static stylesheet (`keyway/styles.css`). */
export default defineConfig({
  plugins: [react(), vanillaExtractPlugin()],
  publicDir: false,
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    sourcemap: true,
    minify: false,
    cssCodeSplit: false,
    lib: {
      entry: {
        index: resolve(import.meta.dirname, 'src/index.ts'),
        views: resolve(import.meta.dirname, 'src/views/index.ts'),
        theme: resolve(import.meta.dirname, 'src/theme/index.ts'),
        testing: resolve(import.meta.dirname, 'src/testing/index.ts'),
      },
      formats: ['es'],
      cssFileName: 'styles',
    },
    rolldownOptions: {
      external: (id) => external.some((dep) => id === dep || id.startsWith(`${dep}/`)),
      output: {
        preserveModules: false,
        chunkFileNames: 'chunks/[name]-[hash].js',
        // zod's jitless setting (src/core/zod.ts) gets a chunk of its own, listed under package.json
        // `sideEffects`, so a host's bundler never drops it.
        codeSplitting: { groups: [{ name: 'zod-jitless', test: /src[\\/]core[\\/]zod\.ts$/ }] },
      },
    },
  },
});
